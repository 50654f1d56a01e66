"""An entry's fields against what its type takes, as (required, optional) names: the one check of the games
that declare their fields so, per entry type and tracking (Continental, Gin). A missing or unknown field is
Malformed (400), named; `seat` may be said again in the fields if it is the entry's own."""

from __future__ import annotations

from collections.abc import Callable, Set

from referee.entry import Entry
from referee.violations import Malformed

# The entries of the table itself that a game declaring its fields takes with either tracking: a ruling (E-5,
# referee.adjust), a confirmation and a dispute (E-6, referee.confirmations). (required, optional) per (type,
# tracking), spread into each game's own.
TABLE_ENTRIES: dict[tuple[str, str], tuple[set[str], set[str]]] = {
    ("adjust", "full"): ({"scores", "reason"}, set()),
    ("adjust", "results"): ({"scores", "reason"}, set()),
    ("confirm", "full"): ({"target"}, set()),
    ("confirm", "results"): ({"target"}, set()),
    ("dispute", "full"): ({"target"}, set()),
    ("dispute", "results"): ({"target"}, set()),
}


def check_keys(entry: Entry, required: Set[str], optional: Set[str], tracking: str,
               hint: Callable[[Entry, str, Set[str]], None] | None = None) -> None:
    """Refuse a field `entry` lacks or does not take with `tracking`; `hint(entry, tracking, extra)` may refuse unknown fields in
    words of its game's own before the general refusal. `entry.data` is a dict."""
    data = entry.data
    keys = data.keys()
    if keys == required:
        return  # the common case, checked cheaply
    extra = keys - required - optional - {"seat"}
    if extra:
        if hint is not None:
            hint(entry, tracking, extra)
        raise Malformed("%(type)s does not take %(names)s with %(tracking)s tracking", type=entry.type,
                        names=sorted(map(str, extra)), tracking=tracking)
    missing = required - keys
    if missing:
        raise Malformed("%(type)s needs %(names)s", type=entry.type, names=[f"`{name}`" for name in sorted(missing)])
    if "seat" in data and data["seat"] != entry.seat:
        raise Malformed("%(type)s: `seat` %(value)s disagrees with the entry's seat %(seat)s", type=entry.type,
                        value=repr(data["seat"]), seat=repr(entry.seat))
