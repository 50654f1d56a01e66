"""What the table waits for now, read from the table view (`deal.may`, `deal.phase`, `deal.turn`)."""

from __future__ import annotations

from api.web.gameview import deal_word
from api.web.words.i18n import card_label
from api.web.words.i18n import gettext as _
from referee import games


def may(table: dict) -> list[str]:
    """The entry types the table accepts now (corrections aside)."""
    if table.get("status") == "finished":
        return []
    deal = table.get("deal")
    if not deal:
        return ["deal"]
    return list(deal.get("may") or [])


def turn_seat(table: dict):
    deal = table.get("deal") or {}
    return deal.get("turn") if deal.get("phase") not in ("deal", "over") else None


def exit_seats(table: dict) -> list[dict]:
    """Who may go out now (C-4 after their discard, C-5 before their first take)."""
    return list((table.get("deal") or {}).get("exit_window") or [])


def is_first_deal(table: dict) -> bool:
    deal = table.get("deal")
    return not table.get("results") and (not deal or not deal.get("number"))


def next_dealer(table: dict, first: int | None) -> int:
    """The dealer of the next deal: the table's first dealer, then the next seat (C-2, R-3)."""
    deal = table.get("deal") or {}
    if deal.get("next_dealer") is not None:
        return deal["next_dealer"]
    if is_first_deal(table):
        return first if first is not None else 0
    return (deal.get("dealer", -1) + 1) % len(table["players"])


def headline(table: dict, story: dict | None = None) -> str:
    """Say in one line what the table waits for."""
    if table.get("status") == "finished":
        names = [table["players"][s]["name"] for s in table.get("winners") or []]
        return _("The game is over. Winner: %(names)s", names=", ".join(names) or "—")
    deal = table.get("deal") or {}
    phase = deal.get("phase", "deal")
    turn = deal.get("turn")
    name = table["players"][turn]["name"] if isinstance(turn, int) else ""
    if phase == "deal":
        return deal_word(table, "Deal the cards and enter the deal.")
    if phase == "take":
        return _("%(name)s's turn: take a card.", name=name)
    if phase == "play":
        return _("%(name)s's turn: lay down or discard.", name=name)
    if phase == "discard":
        if _has(table, "clock"):  # such a turn waits for a lone discard only after a timeout
            if timeout_takes(story) == "stock":
                return _("Time ran out for %(name)s (R-17): %(name)s takes the top card of the stock, "
                         "then discards the heaviest card in hand.", name=name)
            return _("Time ran out for %(name)s (R-17): %(name)s discards the heaviest card in hand.", name=name)
        if "knock" in deal.get("may", ()):  # a game whose player may knock instead (G-7)
            return _("%(name)s's turn: discard a card, or knock (G-7).", name=name)
        return _("%(name)s's turn: discard a card.", name=name)
    if phase in ("upcard", "draw", "show", "lay_off"):
        return upcard_and_knock_words(table, phase, name)
    if phase == "hands":
        return _("The round is over: each player enters the cards left in hand.")
    if phase == "result":
        return deal_word(table, "Enter the result of the deal.")
    return _("%(name)s's turn.", name=name)


def upcard_and_knock_words(table: dict, phase: str, name: str) -> str:
    """The words of a game that turns up an upcard and answers a knock (Gin): who is offered the upcard (the
    non-dealer, then the dealer once she passed, G-3), who draws and from where (G-3 after both passed, G-4), who
    shows her hand after a knock (G-8; nothing is laid off on a gin), then lays off on the knocker's melds by taps."""
    deal = table["deal"]
    if phase == "lay_off":
        return _("%(name)s's turn: lay off on the knocker's melds one card at a time, then score the hand (G-8).",
                 name=name)
    players = table["players"]
    if phase == "upcard":
        card = card_label(deal.get("discard_top") or "")
        if deal.get("upcard_choices"):  # the non-dealer passed: the dealer is offered it in turn
            other = players[(deal["dealer"] + 1) % len(players)]["name"]  # offered it first
            return _("%(other)s passed: %(name)s's turn to take the upcard %(card)s, or pass too (G-3).",
                     other=other, name=name, card=card)
        return _("%(name)s's turn: take the upcard %(card)s, or pass (G-3).", name=name, card=card)
    if phase == "draw":
        if both_passed(deal):
            return _("Nobody took the upcard: %(name)s draws from the stock (G-3).", name=name)
        return _("%(name)s's turn: draw from the stock or the discard pile (G-4).", name=name)
    knock = deal.get("knock") or {}
    knocker = players[knock["seat"]]["name"] if isinstance(knock.get("seat"), int) else ""
    if knock.get("deadwood") == 0:  # G-7: no deadwood is a gin
        return _("%(knocker)s went gin: %(name)s shows their hand; nothing is laid off on a gin (G-8).",
                 knocker=knocker, name=name)
    return _("%(knocker)s knocked: %(name)s shows their hand and lays off what fits on the knocker's melds (G-8).",
             knocker=knocker, name=name)


def both_passed(deal: dict) -> bool:
    """Whether the draw waited for is the hand's first after both players passed the upcard (G-3): the non-dealer
    draws, and the upcard alone is on the discard pile."""
    return list(deal.get("upcard_choices") or ()) == [False, False] and deal.get("turn") != deal.get("dealer") \
        and deal.get("discard_count") == 1


def timeout_takes(story: dict | None) -> str | None:
    """What a Rami timeout stands for at the table (R-17): `stock` (the player takes the stock card now) or None.

    The server's timeout stands for the stock draw when the player had not drawn, or had taken the pile
    card and not laid it (it goes back on the pile); not on the starter's first turn (14 cards already).
    """
    if not story or not story.get("timeout"):
        return None
    draw = story.get("draw")
    if draw is None:
        return None if story.get("starter") else "stock"
    return "stock" if draw.get("from") == "discard" and not draw.get("laid") else None


def timeout_note(table: dict, story: dict | None) -> str | None:
    """Explain the hand count after a Rami timeout: the card now counted, the pile card put back."""
    deal = table.get("deal") or {}
    if not _has(table, "clock") or deal.get("phase") != "discard" or not story or not story.get("timeout"):
        return None
    turn = deal.get("turn")
    name = table["players"][turn]["name"]
    size = (deal.get("hand_sizes") or {}).get(str(turn))
    draw = story.get("draw") or {}
    parts = []
    if draw.get("from") == "discard" and not draw.get("laid") and draw.get("card"):
        parts.append(_("The card %(name)s took from the discard pile, %(card)s, goes back on the pile (R-5).",
                       name=name, card=card_label(draw["card"])))
    if timeout_takes(story) == "stock" and size is not None:
        parts.append(_("The table now counts %(n)s cards in %(name)s's hand, the stock card included.",
                       n=size, name=name))
    return " ".join(parts) or None


def stuck_pickup(table: dict, story: dict | None, kinds: list[str]) -> dict | None:
    """A Rami player holding the card taken from the pile, which must be laid this turn (R-5)."""
    deal = table.get("deal") or {}
    if not _has(table, "pickup") or deal.get("phase") != "play" or not story or "discard" in kinds:
        return None
    draw = story.get("draw") or {}
    if draw.get("from") != "discard" or draw.get("laid") or not draw.get("card"):
        return None
    return {"seat": deal.get("turn"), "card": draw["card"], "seq": draw["seq"],
            "undo": draw["seq"] == story.get("last")}


def _has(table: dict, feature: str) -> bool:
    """Whether the table's game does `feature` (a table without its game does nothing of a game's own)."""
    game = games.GAMES.get(table.get("game"))
    return game is not None and game.has(feature)
