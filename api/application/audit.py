"""The audit of a group (API.md "Groups: who may do what, and who did it"): who did what, and when.

Others record an action with `record`, after it committed (or `record(..., conn=conn)` inside their own
transaction, so that the action and its record commit together):

    from api.application import audit
    audit.record(group_id, audit.SWAP, audit.DIRECTOR, tournament=tid, round=2, members=[ana, ben])
    audit.record(group_id, audit.RELEASED_SEAT, audit.host(table_id), table=table_id, seat=2)

`by` is a role and phone, never a name: `ADMIN`, `DIRECTOR`, `host(table)` or `seat(table, n)`. The target is
ids only (`member`, `members`, `table`, `seat`, `tournament`, `round`, `entry`); anything else is refused, so no
name is ever stored here: the audit writes names at read time, and a forgotten member reads as her label.
"""

from __future__ import annotations

import sqlalchemy as sa

from api.application import context

ADMIN = "admin"
DIRECTOR = "director"

FORGET = "forget"  # a member forgotten (target: member)
RENAME = "rename"  # a member renamed (target: member)
RENAME_GROUP = "rename_group"  # the group renamed (no target)
SWAP = "swap"  # two players exchanged seats (target: tournament, round, members)
RELEASED_SEAT = "released_seat"  # a seat's phone released (target: table, seat; member when known)
LATE_ARRIVAL = "late_arrival"  # a player joined an evening (target: tournament, member)
WITHDRAWAL = "withdrawal"  # a player left an evening (target: tournament, member)
RECORDED = (FORGET, RENAME, RENAME_GROUP, SWAP, RELEASED_SEAT, LATE_ARRIVAL, WITHDRAWAL)
# Read from the tables' logs, never recorded twice: an E-5 ruling, an E-2 correction by the host or director,
# an E-7 close.
RULING, VOID, REPLACE, CLOSE = "adjust", "void", "replace", "close"


def host(table_id: str) -> str:
    """`by` for the host's phone of a table (a tournament's tables: use DIRECTOR, the host of all of them)."""
    return f"host of table {table_id}"


def seat(table_id: str, number: int) -> str:
    """`by` for a seat's phone."""
    return f"seat {number} of table {table_id}"


def record(group_id: str, action: str, by: str, *, conn: sa.Connection | None = None, **target: object) -> None:
    """Record an action on the group (now, by the context's clock); its target as ids only (ValueError else)."""
    if action not in RECORDED:
        raise ValueError(f"not an action the audit records: {action!r} (one of {', '.join(RECORDED)})")
    context.current().audit.add(group_id, action, by, dict(target), context.now(), conn=conn)

