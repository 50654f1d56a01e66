"""Reading a Gin entry's fields: a missing, unknown or mistyped field is Malformed (400), a bad card K-1.

The fields each entry type takes depend on the tracking (API.md): with cards (`full`) a knock shows its ten
cards and its discard, with results only its deadwood count.
"""

from __future__ import annotations

from referee import canonical
from referee.cards import Card, parse_card
from referee.entry import Entry
from referee.fields import TABLE_ENTRIES, check_keys
from referee.gin.deck import read_hand
from referee.violations import Malformed

# Fields of `data` per entry type and tracking: (required, optional). `seat` travels as Entry.seat.
FIELDS = {
    ("deal", "full"): ({"dealer", "upcard"}, set()),
    ("deal", "results"): ({"dealer"}, {"by"}),  # by: the seat whose phone wrote it (referee.scorekeeping)
    ("upcard", "full"): ({"take"}, set()),
    ("draw", "full"): ({"from"}, set()),
    ("discard", "full"): ({"card"}, set()),
    ("knock", "full"): ({"card", "hand"}, set()),
    ("knock", "results"): ({"deadwood"}, {"gin", "by"}),
    ("show", "full"): ({"hand"}, {"one_by_one"}),  # one_by_one: she lays off by taps (lay_off, done; G-8)
    ("lay_off", "full"): ({"card"}, set()),
    ("done", "full"): (set(), set()),
    ("show", "results"): ({"deadwood"}, {"by"}),
    ("null_deal", "results"): (set(), {"by"}),
    **TABLE_ENTRIES,
}

# The fields that hold cards, by entry type, and how they are written (referee.canonical).
CARDS: dict[str, dict[str, canonical.Reader]] = {
    "deal": {"upcard": canonical.card},
    "discard": {"card": canonical.card},
    "knock": {"card": canonical.card, "hand": canonical.cards},
    "show": {"hand": canonical.cards},
    "lay_off": {"card": canonical.card},
}


def canonical_cards(type_: object, data: dict) -> dict:
    """An entry's fields with their cards as canonical text, by CARDS (the game's `Game.canonical`)."""
    return canonical.canonical(CARDS, type_, data)


def check_fields(entry: Entry, tracking: str) -> None:
    """Refuse a field that is missing, or that this entry type does not take with this tracking (400)."""
    if not isinstance(entry.data, dict):
        raise Malformed("%(type)s: the entry's fields must be a JSON object", type=entry.type)
    spec = FIELDS.get((entry.type, tracking))
    if spec is None:
        raise Malformed("%(type)s is not entered with %(tracking)s tracking", type=entry.type, tracking=tracking)
    if entry.data.keys() != spec[0]:  # the common case needs no call (a replay checks every entry)
        check_keys(entry, *spec, tracking)


def whole(value: object) -> bool:
    """A whole number, not a bool (JSON's true is no seat)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_seat(value: object, type_: str, name: str = "seat") -> int:
    """A seat of the two (0 or 1), in field `name` of a `type_` entry."""
    if not whole(value) or not 0 <= value <= 1:  # type: ignore[operator]
        raise Malformed("%(type)s needs `%(field)s`, a seat number from 0 to %(last)s (got %(value)s)", type=type_,
                        field=name, last=1, value=repr(value))
    return value  # type: ignore[return-value]


def read_card(entry: Entry, name: str = "card") -> Card:
    """One card of the entry (K-1: a CardError, 400, names anything else)."""
    return parse_card(entry.data.get(name))


def read_cards(entry: Entry, name: str = "hand") -> list[Card]:
    """A hand of ten cards (K-1, G-2)."""
    return read_hand(entry.data.get(name), name)
