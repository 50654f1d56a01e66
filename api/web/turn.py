"""What the table waits for now, read from the table view (`deal.may`, `deal.phase`, `deal.turn`)."""

from __future__ import annotations

from api.web.gameview import deal_word
from api.web.i18n import card_label
from api.web.i18n import gettext as _
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
        return _("%(name)s's turn: discard a card.", name=name)
    if phase == "hands":
        return _("The round is over: each player enters the cards left in hand.")
    if phase == "result":
        return deal_word(table, "Enter the result of the deal.")
    return _("%(name)s's turn.", name=name)


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
