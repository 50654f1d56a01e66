"""E-7 closing a table: the server's `close` entry ends a table as it stands; after it no seat writes.

The director closes the tables of a round still playing to seat the next one; the round's transaction writes a
`close` entry (seat None, `{"round": n}`: the round it was closed to seat) at the end of each such table's log.
The table then stands as closed (`state.closed`, the entry's seq) and what its own replay says is what every
standing counts. After it, only the host (or the director) writes: a ruling (E-5, `adjust`), a confirmation
(E-6, a `confirm` with no seat) and corrections (E-2, `by` the host) of entries before it; anything else is
refused with 409 (a `Closed`), never 422: the entry may be right, the table is simply over. The close itself is
never corrected (the next round sits on it). `referee.rulebook` registers it for every game and guards every
entry with `guard`; `referee.log` guards corrections with `guard_correction`.
"""

from __future__ import annotations

from referee.entry import HOST, Entry
from referee.violations import N_, Malformed, Refusal, Violation

TYPE = "close"
HOST_ONLY = frozenset({"adjust"})  # what the host may still write after the close, beside a host's confirm
CLOSED = N_("this table was closed by the director to seat the next round (E-7): no seat writes at it any more; "
            "the host or the director may still correct (E-2) or rule (E-5)")
CLOSE_KEPT = N_("entry %(entry)s closed this table (E-7): a close is not corrected, the next round sits on it")


def shown_status(finished: bool, closed: int | None) -> str:
    """A table's status as every game's view says it: finished by its rules, else closed by the director (E-7),
    else playing."""
    return "finished" if finished else "closed" if closed is not None else "playing"


class Closed(Refusal):
    """An entry at a closed table (E-7): 409, the table is over, whatever the entry says."""

    status = 409

    def __init__(self, key: str = CLOSED, **params):
        super().__init__([Violation("E-7", key, params or None)], title=N_("Table closed"))


def check(table, entry: Entry) -> int | None:
    """The server's close: no seat, at most `round` (a whole number). A table already closed stays closed at its
    first close (a second one changes nothing)."""
    if entry.seat is not None:
        raise Malformed("close is the server's entry: it takes no `seat`", rule="E-7")
    extra = set(entry.data) - {"round"}
    if extra:
        raise Malformed("close takes only `round`, not %(names)s", rule="E-7", names=sorted(map(str, extra)))
    number = entry.data.get("round")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1):
        raise Malformed("`round` is the round the table was closed to seat, not %(value)s", rule="E-7",
                        value=repr(number))
    return table.closed


def fold(table, entry: Entry, before: int | None) -> None:
    """The table stands closed from this entry on."""
    table.closed = entry.seq if before is None else before


def guard(table, entry: Entry) -> None:
    """Refuse an entry at a closed table (409, E-7) unless the host may still write it."""
    if table.closed is None:
        return
    if entry.type in HOST_ONLY or entry.type == TYPE or (entry.type == "confirm" and entry.seat is None):
        return
    raise Closed()


def guard_correction(table, correction: Entry) -> None:
    """Refuse a void or replace at a closed table unless the host writes it, and any of the close itself."""
    if table.closed is None:
        return
    if correction.data.get("target") == table.closed:
        raise Closed(CLOSE_KEPT, entry=table.closed)
    if correction.data.get("by", HOST) != HOST:
        raise Closed()
