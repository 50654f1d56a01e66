"""The turn clock (R-17): deadlines, the server's `timeout` entry and what it stands for.

*Reading* (RULES.md R-17): the deadline is the end of the previous turn (the
`at` of its discard), or the deal for the starter, plus the turn time. Once a
timeout is written the turn waits for that seat's discard with no further
deadline, so a request long after several deadlines writes one timeout only.

A correction (E-2) restarts the clock of the turn it leaves open: the deadline
is max(start of the turn, time of the latest correction) + the turn time, so
that voiding a discard long after it was made does not cost the reopened turn
a timeout stamped before the void (`corrected`, told by `referee.log.replay`).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from referee.entry import Entry
from referee.rami.fields import whole
from referee.rami.state import Table
from referee.rami.turns import take_stock
from referee.violations import Malformed, refuse


def _utc(at: datetime) -> datetime:
    """Read a naive time as UTC, so that naive and aware times compare (the store keeps UTC)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at


def deadline(table: Table) -> datetime | None:
    """When the current turn's time runs out, or None (clock off, no turn, forced discard)."""
    seconds = table.options["turn_seconds"]
    d = table.deal
    if seconds is None or d is None or not d.full or d.phase not in ("take", "play") or d.turn_started is None:
        return None
    return _utc(d.turn_started) + timedelta(seconds=seconds)


def corrected(table: Table, at: datetime) -> None:
    """A correction entered at `at` restarts the clock of the turn it leaves open (R-17, E-2)."""
    d = table.deal
    if d is not None and d.turn_started is not None and _utc(at) > _utc(d.turn_started):
        d.turn_started = at


def due(table: Table, now: datetime) -> list[dict]:
    """The timeout owed by `now`, stamped at the deadline it stands for."""
    when = deadline(table)
    if when is None or table.deal is None or _utc(now) < when:
        return []
    return [{"type": "timeout", "at": when, "data": {"for_seat": table.deal.turn}}]


def check_timeout(table: Table, entry: Entry) -> int:
    """The server's timeout for the seat on the clock, once its turn time has run out (R-17)."""
    seat = entry.data.get("for_seat")
    if not whole(seat):
        raise Malformed("timeout needs `for_seat`, the seat whose time ran out")
    when = deadline(table)
    d = table.deal
    if when is None or d is None:
        raise refuse("R-17", "no turn is on the clock")
    if seat != d.turn:
        raise refuse("R-17", "the clock runs for %(turn)s, not %(player)s", turn=d.turn, player=seat)
    if _utc(entry.at) < when:
        raise refuse("R-17", "%(player)s's turn time runs until %(until)s", player=seat, until=when.isoformat())
    return seat


def timeout(table: Table, entry: Entry, seat: int) -> dict | None:
    """Take the stock card for the player (R-17); the turn then waits for the heaviest discard."""
    d = table.deal
    assert d is not None  # checked: a turn is on the clock
    owes_card = d.phase == "take"
    if d.pickup is not None:
        # An unlaid pickup goes back on the pile; the server then takes the stock card instead.
        d.known[seat].remove(d.pickup)
        d.pile.append(d.pickup)
        d.hand_sizes[seat] -= 1
        owes_card = True
    d.pickup = d.took = None
    d.pending_jokers = 0  # the forced discard supersedes R-12: a retrieved joker is the heaviest card
    if owes_card and not take_stock(d, seat):
        return {"blocked": True, "rules": ["R-17", "R-15"]}
    d.drawn = True
    d.phase = "discard"
    return {"for_seat": seat, "rules": ["R-17"]}
