"""Read an entry's fields defensively: a missing, unknown or mistyped field is Malformed (400)."""

from __future__ import annotations

from referee.cards import Card, parse_card
from referee.log import Entry
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
        raise Malformed(f"{entry.type}: the entry's fields must be a JSON object")
    spec = FIELDS.get((entry.type, tracking))
    if spec is None:  # a type of the other tracking mode: the game handler refuses it by rule
        spec = (set(), _FIELDS_ANY[entry.type])
    required, optional = spec
    keys = data.keys()
    if keys == required:
        return  # the common case, checked cheaply
    extra = keys - required - optional - {"seat"}
    if extra:
        hint = " (the referee works the timing out itself in full tracking)" if extra == {"timing"} else \
            " (a quick score by counts is for results tracking)" if "counts" in extra else ""
        raise Malformed(f"{entry.type} does not take {', '.join(sorted(extra))} with {tracking} tracking{hint}")
    missing = required - keys
    if missing:
        raise Malformed(f"{entry.type} needs {', '.join(f'`{name}`' for name in sorted(missing))}")
    if "seat" in data and data["seat"] != entry.seat:
        raise Malformed(f"{entry.type}: `seat` {data['seat']!r} disagrees with the entry's seat {entry.seat!r}")


def seat_of(entry: Entry, n: int) -> int:
    """The acting seat of a draw, discard or exit: an int naming one of the n seats."""
    return read_seat(entry.seat, n, f"{entry.type} needs `seat`")


def read_seat(value: object, n: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed(f"{what}, a seat number from 0 to {n - 1} (got {value!r})")
    if not 0 <= value < n:
        raise Malformed(f"{what}: this table has seats 0 to {n - 1}, not {value}")
    return value


def read_card(value: object) -> Card:
    """A card in canonical text; CardError (400, K-1) names anything else."""
    return parse_card(value)


def read_choice(entry: Entry, name: str, choices: tuple[str, ...], default: str | None = None) -> str:
    value = entry.data.get(name, default)
    if value not in choices:
        raise Malformed(f"{entry.type}: `{name}` is one of {', '.join(choices)} (got {value!r})")
    return value
