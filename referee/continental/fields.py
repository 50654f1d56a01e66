"""Read an entry's fields defensively: a missing, unknown or mistyped field is Malformed (400)."""

from __future__ import annotations

from collections.abc import Set

from referee import canonical
from referee.cards import Card, parse_card
from referee.entry import Entry
from referee.fields import TABLE_ENTRIES, check_keys
from referee.violations import Malformed

# Fields of `data` per entry type and tracking: (required, optional). `seat` travels as Entry.seat.
FIELDS = {
    ("deal", "full"): ({"dealer", "upcard"}, set()),
    ("deal", "results"): ({"dealer"}, {"by"}),  # by: the seat whose phone wrote it (referee.scorekeeping)
    ("draw", "full"): ({"from"}, set()),
    ("discard", "full"): ({"card"}, set()),
    ("exit", "full"): ({"runs"}, set()),
    ("exit", "results"): (set(), {"runs", "counts", "timing", "by"}),  # runs, or counts (a quick score)
    ("null_deal", "results"): (set(), {"by"}),
    **TABLE_ENTRIES,
}

# The fields that hold cards, by entry type, and how they are written (referee.canonical).
CARDS: dict[str, dict[str, canonical.Reader]] = {
    "deal": {"upcard": canonical.card},
    "discard": {"card": canonical.card},
    "exit": {"runs": canonical.melds},
}


def canonical_cards(type_: object, data: dict) -> dict:
    """An entry's fields with their cards as canonical text, by CARDS (the game's `Game.canonical`)."""
    return canonical.canonical(CARDS, type_, data)


def _any_tracking() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for (type_, _), (required, optional) in FIELDS.items():
        out.setdefault(type_, set()).update(required | optional)
    return out


_FIELDS_ANY = _any_tracking()


def _other_tracking(entry: Entry, tracking: str, extra: Set[str]) -> None:
    """A field of the other tracking, said so."""
    if extra == {"timing"}:
        raise Malformed("%(type)s does not take timing with %(tracking)s tracking (the referee works the timing "
                        "out itself in full tracking)", type=entry.type, tracking=tracking)
    if "counts" in extra:
        raise Malformed("%(type)s does not take counts with %(tracking)s tracking (a quick score by counts is "
                        "for results tracking)", type=entry.type, tracking=tracking)


def check_fields(entry: Entry, tracking: str) -> None:
    """Refuse a field that is missing or that this entry type does not take."""
    if not isinstance(entry.data, dict):
        raise Malformed("%(type)s: the entry's fields must be a JSON object", type=entry.type)
    spec = FIELDS.get((entry.type, tracking))
    if spec is None:  # a type of the other tracking mode: the game handler refuses it by rule
        spec = (set(), _FIELDS_ANY[entry.type])

    if entry.data.keys() != spec[0]:  # the common case needs no call (a replay checks every entry)
        check_keys(entry, *spec, tracking, _other_tracking)


def seat_of(entry: Entry, n: int) -> int:
    """The acting seat of a draw, discard or exit: an int naming one of the n seats."""
    seat = entry.seat
    if type(seat) is int and 0 <= seat < n:  # the usual case, without reading it again (a bool is no seat)
        return seat
    return read_seat(seat, n, entry.type, "seat")


def read_seat(value: object, n: int, type_: str, name: str) -> int:
    """A seat number of this table, in field `name` of a `type_` entry."""
    if value is None:
        raise Malformed("%(type)s needs `%(field)s`, a seat number from 0 to %(last)s", type=type_, field=name,
                        last=n - 1)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed("%(type)s needs `%(field)s`, a seat number from 0 to %(last)s (got %(value)s)",
                        type=type_, field=name, last=n - 1, value=repr(value))
    if not 0 <= value < n:
        raise Malformed("%(type)s needs `%(field)s`: this table has seats 0 to %(last)s, not %(value)s",
                        type=type_, field=name, last=n - 1, value=value)
    return value


def read_card(value: object) -> Card:
    """A card in canonical text; CardError (400, K-1) names anything else."""
    return parse_card(value)


def read_choice(entry: Entry, name: str, choices: tuple[str, ...], default: str | None = None) -> str:
    value = entry.data.get(name, default)
    if value not in choices:
        raise Malformed("%(type)s: `%(field)s` is one of %(choices)s (got %(value)s)", type=entry.type, field=name,
                        choices=list(choices), value=repr(value))
    return value
