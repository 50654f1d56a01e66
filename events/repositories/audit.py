"""The audit beside the log: the actions on a group that its tables' logs do not hold, newest first.

`add` writes one (in a transaction of its own, or in the caller's `conn` so that the action and its record
commit together); `actions` reads a group's, newest first. A row's target is JSON of ids only (members, a
table, a seat, a tournament, a round, an entry): whoever shows it writes the names at read time.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.audit_models import AUDIT
from events.group_models import ENTRIES, GROUP_TABLES
from events.models import table_of
from events.repositories.repository import Repository
from events.tournament_models import TournamentTableRow

TARGET_KEYS = frozenset({"member", "members", "table", "seat", "tournament", "round", "entry"})


class AuditAction(NamedTuple):
    """One recorded action: when, what, who (a role and phone, never a name) and its target's ids."""

    at: datetime
    action: str
    by: str
    target: dict


class LoggedAction(NamedTuple):
    """An entry of one of the group's tables that the audit shows (a ruling, a correction, a close), with the
    members at its table's seats and its tournament (None: a table of the group's own)."""

    table_id: str
    seq: int
    type: str
    at: datetime
    data: dict
    seats: tuple[str, ...]
    tournament: str | None


PLACES = table_of(TournamentTableRow)


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def target_json(target: dict) -> str:
    """The target as stored: ids only, so a key that could carry a name or free text is refused here."""
    unknown = set(target) - TARGET_KEYS
    if unknown:
        raise ValueError(f"an audit target holds ids only ({', '.join(sorted(TARGET_KEYS))}), not {sorted(unknown)}")
    return json.dumps(target, separators=(",", ":"), sort_keys=True)


class AuditRepository(Repository):
    """The group's audit: what was done to it, by which role and phone, and when."""

    def add(self, group_id: str, action: str, by: str, target: dict, at: datetime,
            conn: sa.Connection | None = None) -> None:
        """Record an action; in `conn` (the caller's transaction) when given, so it commits with the action."""
        values = {"group_id": group_id, "at": at, "action": action, "by": by, "target": target_json(target)}
        if conn is not None:
            conn.execute(AUDIT.insert().values(**values))
            return
        with self.engine.begin() as own:
            own.execute(AUDIT.insert().values(**values))

    def actions(self, group_id: str) -> list[AuditAction]:
        """The group's recorded actions, newest first (ties: the later written first)."""
        query = (sa.select(AUDIT.c.at, AUDIT.c.action, AUDIT.c.by, AUDIT.c.target)
                 .where(AUDIT.c.group_id == group_id).order_by(AUDIT.c.at.desc(), AUDIT.c.id.desc()))
        with self.engine.connect() as conn:
            return [AuditAction(_utc(r.at), r.action, r.by, json.loads(r.target)) for r in conn.execute(query)]

    def logged(self, group_id: str, types: tuple[str, ...]) -> list[LoggedAction]:
        """The entries of these types in the logs of the group's tables (one query): the audit reads rulings,
        corrections and closes where they are written rather than keeping a second copy that could drift."""
        query = (sa.select(ENTRIES.c.table_id, ENTRIES.c.seq, ENTRIES.c.type, ENTRIES.c.at, ENTRIES.c.payload,
                           GROUP_TABLES.c.seats, PLACES.c.tournament_id)
                 .join(GROUP_TABLES, GROUP_TABLES.c.table_id == ENTRIES.c.table_id)
                 .outerjoin(PLACES, PLACES.c.table_id == ENTRIES.c.table_id)
                 .where(GROUP_TABLES.c.group_id == group_id, ENTRIES.c.type.in_(types)))
        with self.engine.connect() as conn:
            return [LoggedAction(r.table_id, r.seq, r.type, _utc(r.at), json.loads(r.payload),
                                 tuple(json.loads(r.seats)), r.tournament_id) for r in conn.execute(query)]
