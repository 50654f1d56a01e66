"""Read an entry's fields defensively: a missing, unknown or mistyped field is Malformed (400)."""

from __future__ import annotations

from referee.cards import Card, parse_card
from referee.entry import Entry
from referee.violations import Malformed

# Fields of `data` per entry type and tracking: (required, optional). `seat` travels as Entry.seat.
FIELDS = {
    ("deal", "full"): ({"dealer", "upcard"}, set()),
    ("deal", "results"): ({"dealer"}, set()),
    ("draw", "full"): ({"from"}, set()),
    ("discard", "full"): ({"card"}, set()),
    ("exit", "full"): ({"runs"}, set()),
    ("exit", "results"): (set(), {"runs", "counts", "timing"}),  # runs, or counts (a quick score)
    ("null_deal", "results"): (set(), set()),
    ("adjust", "full"): ({"scores", "reason"}, set()),  # E-5, referee.adjust
    ("adjust", "results"): ({"scores", "reason"}, set()),
    ("confirm", "full"): ({"target"}, set()),  # E-6, referee.confirmations
    ("confirm", "results"): ({"target"}, set()),
    ("dispute", "full"): ({"target"}, set()),
    ("dispute", "results"): ({"target"}, set()),
}


def _any_tracking() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for (type_, _), (required, optional) in FIELDS.items():
        out.setdefault(type_, set()).update(required | optional)
    return out


_FIELDS_ANY = _any_tracking()


def check_fields(entry: Entry, tracking: str) -> None:
    """Refuse a field that is missing or that this entry type does not take."""
    data = entry.data
    if not isinstance(data, dict):
        raise Malformed("%(type)s: the entry's fields must be a JSON object", type=entry.type)
    spec = FIELDS.get((entry.type, tracking))
    if spec is None:  # a type of the other tracking mode: the game handler refuses it by rule
        spec = (set(), _FIELDS_ANY[entry.type])
    required, optional = spec
    keys = data.keys()
    if keys == required:
        return  # the common case, checked cheaply
    extra = keys - required - optional - {"seat"}
    if extra:
        if extra == {"timing"}:
            raise Malformed("%(type)s does not take timing with %(tracking)s tracking (the referee works the timing "
                            "out itself in full tracking)", type=entry.type, tracking=tracking)
        if "counts" in extra:
            raise Malformed("%(type)s does not take counts with %(tracking)s tracking (a quick score by counts is "
                            "for results tracking)", type=entry.type, tracking=tracking)
        raise Malformed("%(type)s does not take %(names)s with %(tracking)s tracking", type=entry.type,
                        names=sorted(extra), tracking=tracking)
    missing = required - keys
    if missing:
        raise Malformed("%(type)s needs %(names)s", type=entry.type, names=[f"`{name}`" for name in sorted(missing)])
    if "seat" in data and data["seat"] != entry.seat:
        raise Malformed("%(type)s: `seat` %(value)s disagrees with the entry's seat %(seat)s", type=entry.type,
                        value=repr(data["seat"]), seat=repr(entry.seat))


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
