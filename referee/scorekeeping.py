"""A scorekeeping table's result is the table's (results tracking, this app's reading of E-2 and E-6).

At a table that keeps only the results, nobody enters turns: the deal and its result (who went out or won, the
counts or points) are entered for the whole table. Any seat's phone may write them, naming whoever dealt, went
out or won; the referee judges each against the table as always (C-2, C-4..C-14, R-3, R-13..R-16). Each game
lists the types (`TYPES` in its table.py) and its actor reads `writer`.

The server writes `by`, the seat whose phone wrote such an entry, when the entry does not already name that
seat (a seat's own exit, the dealer's deal need no `by`); a client never sends it. A result written that way is
that seat's to have shown (E-6): its phone neither confirms nor disputes it, any other seat does, the winner
too (she may find her counts wrong). `by` is also the seat that may void it (E-2).
"""

from __future__ import annotations

from referee.entry import CORRECTIONS, Entry
from referee.violations import Malformed

FIELD = "by"


def _seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def writer(state, type_: object, data: dict, types: frozenset[str]) -> int | None:
    """The seat whose phone wrote an entry of `types` for the table (`by`), at a table that keeps only the
    results; None otherwise (the entry's own seat, or the host, wrote it)."""
    if FIELD not in data or type_ not in types or state.tracking != "results":
        return None
    by = data[FIELD]
    return by if _seat(by, len(state.players)) else None


def check(state, entry: Entry) -> None:
    """`by`, where an entry carries it (a correction's is `referee.entry`'s), names a seat of this table, and
    only at a table that keeps the results: else the entry is malformed (400)."""
    if FIELD not in entry.data or entry.type in CORRECTIONS:
        return
    if state.tracking != "results":
        raise Malformed("%(type)s: `by` is written by the server at a table that keeps only the results",
                        type=entry.type)
    if not _seat(entry.data[FIELD], len(state.players)):
        raise Malformed("%(type)s: `by` is the seat whose phone wrote it, from 0 to %(last)s, not %(value)s",
                        type=entry.type, last=len(state.players) - 1, value=repr(entry.data[FIELD]))


def by(entry: Entry) -> int | None:
    """The seat whose phone wrote a result for the table (checked by `check`), or None."""
    value = entry.data.get(FIELD)
    return value if isinstance(value, int) and not isinstance(value, bool) else None
