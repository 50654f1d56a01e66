"""Beside the log: join codes, the web's notes on a table, and replay snapshots. None is an entry."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.models import EntryRow, JoinCodeRow, SnapshotRow, TableNotesRow, table_of

logger = logging.getLogger(__name__)
ENTRIES = table_of(EntryRow)
CODES = table_of(JoinCodeRow)
NOTES = table_of(TableNotesRow)
SNAPSHOTS = table_of(SnapshotRow)


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


class JoinCode(NamedTuple):
    """What a join code stands for: a seat of a table, and the token that acts for it."""

    code: str
    table_id: str
    seat: int
    token: str
    created_at: datetime | None = None


class Snapshot(NamedTuple):
    """A cached replay as far as entry `version` of the log, whose hash it matches; `state` is opaque bytes."""

    version: int
    hash: str
    code: str
    state: bytes


JOIN_CODE = sa.select(CODES).where(CODES.c.code == sa.bindparam("code"))
TABLE_CODES = (sa.select(CODES.c.seat, CODES.c.code, CODES.c.created_at).where(CODES.c.table_id == sa.bindparam("table_id"))
               .order_by(CODES.c.seat, CODES.c.created_at, CODES.c.code))
# The latest snapshot that matches the log: the entry at its version exists and has its hash.
SNAPSHOT = (sa.select(SNAPSHOTS.c.version, SNAPSHOTS.c.hash, SNAPSHOTS.c.code, SNAPSHOTS.c.state)
            .join(ENTRIES, sa.and_(ENTRIES.c.table_id == SNAPSHOTS.c.table_id, ENTRIES.c.seq == SNAPSHOTS.c.version,
                                   ENTRIES.c.hash == SNAPSHOTS.c.hash))
            .where(SNAPSHOTS.c.table_id == sa.bindparam("table_id"), SNAPSHOTS.c.version <= sa.bindparam("upto"))
            .order_by(SNAPSHOTS.c.version.desc()).limit(1))
TABLE_NOTES = sa.select(NOTES.c.notes).where(NOTES.c.table_id == sa.bindparam("table_id"))


class SideRecords:
    """The store's records beside the log: the log never holds a token, and nothing here changes what the
    log replays to (a snapshot is only a cache of it). Mixed into `events.Store`, which gives `engine`."""

    engine: sa.Engine
    single: sa.Engine  # for one statement that is its own transaction (autocommit on PostgreSQL)

    def add_join_code(self, code: str, table_id: str, seat: int, token: str) -> bool:
        """Keep a new code for a seat; False when the code is already taken (make another)."""
        try:
            with self.engine.connect() as conn, conn.execution_options(sqlite_begin="BEGIN IMMEDIATE").begin():
                if conn.execute(JOIN_CODE, {"code": code}).first() is not None:
                    return False
                conn.execute(CODES.insert().values(code=code, table_id=table_id, seat=seat, token=token,
                                                   created_at=datetime.now(UTC)))
        except sa.exc.IntegrityError:
            if self.join_code(code) is not None:
                return False  # taken by a writer in between
            raise
        return True

    def join_code(self, code: str) -> JoinCode | None:
        """Say what a code stands for, or None."""
        with self.single.connect() as conn:
            row = conn.execute(JOIN_CODE, {"code": code}).first()
        return None if row is None else JoinCode(row.code, row.table_id, row.seat, row.token, _utc(row.created_at))

    def join_codes(self, table_id: str) -> dict[int, str]:
        """A table's codes by seat (the latest one when a seat has several)."""
        return {seat: code for seat, (code, _) in self.join_code_times(table_id).items()}

    def join_code_times(self, table_id: str) -> dict[int, tuple[str, datetime]]:
        """A table's latest code by seat, with the time it was made."""
        with self.single.connect() as conn:
            rows = conn.execute(TABLE_CODES, {"table_id": table_id}).all()
        latest: dict[int, tuple[str, datetime]] = {}
        for row in rows:
            made = _utc(row.created_at)
            if row.seat not in latest or made >= latest[row.seat][1]:
                latest[row.seat] = (row.code, made)
        return latest

    def save_notes(self, table_id: str, notes: dict) -> None:
        """Keep the web's notes on a table (written once, when the table starts)."""
        with self.engine.begin() as conn:
            conn.execute(NOTES.insert().values(table_id=table_id, notes=json.dumps(notes, ensure_ascii=False, separators=(",", ":")),
                                               created_at=datetime.now(UTC)))

    def notes(self, table_id: str) -> dict:
        with self.single.connect() as conn:
            text = conn.execute(TABLE_NOTES, {"table_id": table_id}).scalar()
        return {} if text is None else json.loads(text)

    def snapshot(self, table_id: str, upto: int) -> Snapshot | None:
        """The latest snapshot as far as `upto` whose hash is the log's at its version (others are ignored)."""
        with self.single.connect() as conn:
            row = conn.execute(SNAPSHOT, {"table_id": table_id, "upto": upto}).first()
        return None if row is None else Snapshot(row.version, row.hash, row.code, bytes(row.state))

    def save_snapshot(self, table_id: str, snapshot: Snapshot) -> bool:
        """Keep a snapshot in place of the table's older ones; False when it could not (it is only a cache)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(SNAPSHOTS.delete().where(SNAPSHOTS.c.table_id == table_id,
                                                      SNAPSHOTS.c.version <= snapshot.version))
                conn.execute(SNAPSHOTS.insert().values(table_id=table_id, created_at=datetime.now(UTC),
                                                       **snapshot._asdict()))
        except (sa.exc.IntegrityError, sa.exc.OperationalError) as error:
            # Another worker wrote this version first, or the database is busy: the next one will do.
            logger.info("snapshot of %s at %s not kept: %s", table_id, snapshot.version, type(error).__name__)
            return False
        return True
