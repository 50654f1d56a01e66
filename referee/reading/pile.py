"""The discard pile through the log (C-3, R-4): which card each draw from it took, and where cards were seen."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from referee.entry import Entry

SHOW_NOTHING = ("void", "replace", "create", "draw")  # a draw from the pile shows the card it takes: see seen_in
CARD_FIELDS = ("card", "cards", "runs", "melds", "upcard", "hands")


def cards_named(data: dict) -> list[str]:
    """Every card an entry names, announcements included (`JK=7H` gives JK and 7H)."""
    found: list[str] = []

    def walk(value):
        if isinstance(value, str):
            found.extend(part for part in value.split("=") if part)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    for key in CARD_FIELDS:
        if key in data:
            walk(data[key])
    return found


def exit_cards(data: dict) -> list[str]:
    """The physical cards of an exit's runs (a joker's announcement left out)."""
    return [c.split("=")[0] for run in data.get("runs", []) for c in run]


def seen_in(entries: Iterable[Entry]) -> Iterator[tuple[Entry, str, str]]:
    """Every card the entries show, in order, as `(entry, card, how)`: `turned_up` (a deal's upcard),
    `discarded`, `taken` (from the pile, followed card by card) or `shown` (laid, declared, entered)."""
    pile: list[str] = []
    for entry in entries:
        kind, data = entry.type, entry.data
        if kind == "deal":
            pile = [data["upcard"]] if data.get("upcard") else []
            if pile:
                yield entry, pile[0], "turned_up"
        elif kind == "discard":
            card = data.get("card", "")
            pile.append(card)
            yield entry, card, "discarded"
        elif kind == "draw" and data.get("from") == "discard" and pile:
            yield entry, pile.pop(), "taken"
        elif kind not in SHOW_NOTHING:
            for card in cards_named(data):
                yield entry, card, "shown"


def taken_in(kept: Iterable[Entry]) -> dict[int, str]:
    """The card each draw from the discard pile took (the pile's top at that moment), by the draw's seq."""
    return {entry.seq: card for entry, card, how in seen_in(kept) if how == "taken"}
