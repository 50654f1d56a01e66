"""Replay snapshots: a cache of a replay as far as an entry of the log, never the truth (and never an entry).

The store hands over only the latest snapshot whose hash is the log's at its version (a join on `entries`).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.models import EntryRow, SnapshotRow, table_of

logger = logging.getLogger(__name__)
ENTRIES = table_of(EntryRow)
SNAPSHOTS = table_of(SnapshotRow)


class Snapshot(NamedTuple):
    """A cached replay as far as entry `version` of the log, whose hash it matches; `state` is opaque bytes."""

    version: int
    hash: str
    code: str
    state: bytes


# The latest snapshot that matches the log: the entry at its version exists and has its hash.
SNAPSHOT = (sa.select(SNAPSHOTS.c.version, SNAPSHOTS.c.hash, SNAPSHOTS.c.code, SNAPSHOTS.c.state)
            .join(ENTRIES, sa.and_(ENTRIES.c.table_id == SNAPSHOTS.c.table_id, ENTRIES.c.seq == SNAPSHOTS.c.version,
                                   ENTRIES.c.hash == SNAPSHOTS.c.hash))
            .where(SNAPSHOTS.c.table_id == sa.bindparam("table_id"), SNAPSHOTS.c.version <= sa.bindparam("upto"))
            .order_by(SNAPSHOTS.c.version.desc()).limit(1))


def latest(conn: sa.Connection, table_id: str, upto: int) -> Snapshot | None:
    """The latest snapshot as far as `upto` whose hash is the log's at its version (others are ignored)."""
    row = conn.execute(SNAPSHOT, {"table_id": table_id, "upto": upto}).first()
    return None if row is None else Snapshot(row.version, row.hash, row.code, bytes(row.state))


def keep(engine: sa.Engine, table_id: str, snapshot: Snapshot) -> bool:
    """Keep a snapshot in place of the table's older ones; False when it could not (it is only a cache)."""
    try:
        with engine.begin() as conn:
            conn.execute(SNAPSHOTS.delete().where(SNAPSHOTS.c.table_id == table_id,
                                                  SNAPSHOTS.c.version <= snapshot.version))
            conn.execute(SNAPSHOTS.insert().values(table_id=table_id, created_at=datetime.now(UTC),
                                                   **snapshot._asdict()))
    except (sa.exc.IntegrityError, sa.exc.OperationalError) as error:
        # Another worker wrote this version first, or the database is busy: the next one will do.
        logger.info("snapshot of %s at %s not kept: %s", table_id, snapshot.version, type(error).__name__)
        return False
    return True
