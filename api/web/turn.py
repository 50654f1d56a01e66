"""What the table waits for now, read from the table view (`deal.may`, `deal.phase`, `deal.turn`)."""

from __future__ import annotations

from api.web.i18n import gettext as _


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


def headline(table: dict) -> str:
    """Say in one line what the table waits for."""
    if table.get("status") == "finished":
        names = [table["players"][s]["name"] for s in table.get("winners") or []]
        return _("The game is over. Winner: %(names)s", names=", ".join(names) or "—")
    deal = table.get("deal") or {}
    phase = deal.get("phase", "deal")
    turn = deal.get("turn")
    name = table["players"][turn]["name"] if isinstance(turn, int) else ""
    if phase == "deal":
        return _("Deal the cards and enter the deal.")
    if phase == "take":
        return _("%(name)s's turn: take a card.", name=name)
    if phase == "play":
        return _("%(name)s's turn: lay down or discard.", name=name)
    if phase == "discard":
        if table["game"] == "rami":  # a Rami turn waits for a lone discard only after a timeout
            return _("Time ran out: %(name)s discards the heaviest card (R-17).", name=name)
        return _("%(name)s's turn: discard a card.", name=name)
    if phase == "hands":
        return _("The round is over: each player enters the cards left in hand.")
    if phase == "result":
        return _("Enter the result of the deal.")
    return _("%(name)s's turn.", name=name)
