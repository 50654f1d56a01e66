"""The store's logic: append and read a table's log, one locked transaction per append (E-1, E-3).

An append is four round trips on PostgreSQL: BEGIN; lock the table's row and read its head and whether the
Idempotency-Key is known (one UPDATE ... RETURNING); write the entry and the new head (one statement); COMMIT.
The SQL each database runs is in `sqlite.py` and `postgresql.py`, what both run in `statements.py`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime

import sqlalchemy as sa

from events.chain import entry_hash
from events.groups import GroupRecords
from events.name_records import NameRecords, names_in, write_names
from events.names import is_apart, resolved
from events.records import Appended, Conflict, StoredEntry, TableRecord, entry_text, row_entry, token_hash, utc
from events.retention import RetentionRecords
from events.side import SideRecords
from events.store import postgresql, sqlite
from events.store.rows import Tail, log_entries, logs_of, stored_entries, tail_of
from events.store.statements import BY_KEY, ENTRIES, ENTRIES_BETWEEN, MAX_SEQ, MOVE_HEAD, READ_HEAD, TABLE, TABLES
from events.tournaments import TournamentRecords

SQL = {"sqlite": sqlite, "postgresql": postgresql}  # each database's own statements, by SQLAlchemy's dialect name

# What `decide` returns: (type, seat, at, data, verdict), or None to write nothing.
Decision = tuple[str, "int | None", datetime, dict, "dict | None"]


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Head:
    """The last entry of a log inside an append's transaction; `log()` and `tail()` read the log there."""

    table_id: str
    version: int
    hash: str | None
    _conn: sa.Connection = field(repr=False)
    names: int = 0  # the table's names_rev: moved when a seat's name is forgotten

    def log(self, after: int = 0) -> list:
        """The log as the referee reads it (`referee.log.Entry`), up to this head, inside the transaction."""
        return _select_log(self._conn, self.table_id, after, self.version)

    def tail(self, after: int) -> Tail:
        return tail_of(self._conn.exec_driver_sql(SQL[self._conn.dialect.name].TAIL,
                                                  {"table_id": self.table_id, "after": after}).all())


def _select_entries(conn, table_id: str, after: int, upto: int | None) -> list[StoredEntry]:
    return stored_entries(conn.execute(ENTRIES_BETWEEN, {"table_id": table_id, "after": after,
                                                         "upto": MAX_SEQ if upto is None else upto}).all())


def _select_log(conn, table_id: str, after: int, upto: int) -> list:
    """Read entries `after < seq <= upto` straight into `referee.log.Entry`: one JSON parse for all payloads."""
    query = SQL[conn.dialect.name].LOG
    entries = log_entries(conn.execute(query, {"table_id": table_id, "after": after, "upto": upto}).all())
    if after == 0 and entries and is_apart(entries[0].data):  # entry 1 names its seats by ids: read their names
        return resolved(entries, names_in(conn, [table_id])[table_id])
    return entries


class _Moved(Exception):
    """The head is not the one the entry was judged on: write nothing."""


NOTICE_MAX = 7900  # bytes: PostgreSQL's limit on a NOTIFY payload is 8000


def notice(table_id: str, entry: StoredEntry) -> str:
    """`<table id> <seq> <entry as in /entries>`: a stream sends the entry without reading the log again. An entry
    too long for a notice goes as `<table id> <seq>` alone, and the streams read it."""
    note = f"{table_id} {entry.seq} {entry_text(entry.to_json())}"
    return note if len(note.encode()) <= NOTICE_MAX else f"{table_id} {entry.seq}"


def _chained(version: int, last: str | None, decision: Decision, key: str | None = None) -> StoredEntry:
    """The entry `decision` makes after entry `version` (whose hash is `last`): numbered, in UTC, hashed (E-4)."""
    type_, seat, at, data, verdict = decision
    at, seq = utc(at), version + 1
    return StoredEntry(seq, type_, seat, at, data, entry_hash(seq, type_, seat, at, data, last), last, verdict, key)


class Store(SideRecords, GroupRecords, TournamentRecords, NameRecords, RetentionRecords):
    """The event store over one SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: sa.Engine, writing: Callable, lock_rows: bool = True):
        self.engine = engine
        self._writing = writing  # context manager: a write transaction (SQLite: BEGIN IMMEDIATE)
        self._queue = getattr(writing, "queue", None) or nullcontext()  # SQLite's writers, one at a time
        self._postgresql = engine.dialect.name == "postgresql"
        # One statement needs no transaction around it (it sees one snapshot, and commits or fails whole): on
        # PostgreSQL, in autocommit, a read is one round trip where BEGIN, the read and the pool's ROLLBACK
        # would be three; on SQLite it runs without the BEGIN that events/db.py otherwise issues.
        self.single = engine.execution_options(
            **({"isolation_level": "AUTOCOMMIT"} if self._postgresql else {"sqlite_begin": ""}))
        # lock_rows=False only for tests that show the unique keys hold even without the row lock.
        self.sql = SQL[engine.dialect.name]
        self._lock_head = self.sql.LOCK_HEAD if lock_rows else READ_HEAD
        self._trigger: bool | None = None  # SQLite: the head follows each entry in its statement (migration 0006)

    @contextmanager
    def _locked(self, key: str):
        """A write transaction that also holds an advisory lock on `key` (PostgreSQL; SQLite's BEGIN IMMEDIATE
        holds the whole database): for records beside the log that change, such as a group's members."""
        with self._writing(key) as conn:
            if self._postgresql:
                conn.execute(postgresql.advisory_lock(key))
            yield conn

    def table(self, table_id: str) -> TableRecord | None:
        with self.single.connect() as conn:
            row = conn.execute(TABLE, {"table_id": table_id}).first()
        if row is None:
            return None
        return TableRecord(row.id, row.game, utc(row.created_at), row.host_token_hash,
                           tuple(json.loads(row.seat_token_hashes)))

    def entries(self, table_id: str, after: int = 0, upto: int | None = None) -> list[StoredEntry]:
        with self.single.connect() as conn:
            return _select_entries(conn, table_id, after, upto)

    @contextmanager
    def _driver(self):
        """A cursor of the driver's own on a pooled connection, in autocommit: for the few statements that every
        request runs (the head, the entries another worker wrote, the quick append). SQLAlchemy's connection
        and statement objects cost more than these statements themselves: a third of an append's time in the
        store. Its errors come out as SQLAlchemy's (api/shell/health.py answers 503 for the operational ones), and a
        connection the database dropped leaves the pool."""
        dialect = self.engine.dialect
        pooled = self.engine.raw_connection()
        driver, cursor = pooled.driver_connection, None
        try:
            if self._postgresql:
                driver.autocommit = True
            cursor = driver.cursor()
            yield cursor
        except dialect.loaded_dbapi.Error as error:
            gone = dialect.is_disconnect(error, driver, cursor)
            if gone:
                pooled.invalidate(error)
            raise sa.exc.DBAPIError.instance(None, None, error, dialect.loaded_dbapi.Error,
                                             connection_invalidated=gone, dialect=dialect) from error
        finally:
            if self._postgresql and pooled.is_valid:
                with suppress(Exception):
                    driver.autocommit = False  # as the pool lends its connections
            pooled.close()

    def tail(self, table_id: str, after: int) -> Tail:
        """The entries after `after` as the referee reads them, with the hashes that chain them (`Tail`)."""
        with self._driver() as cursor:
            cursor.execute(self.sql.TAIL, {"table_id": table_id, "after": after})
            return tail_of(cursor.fetchall())

    def head_and_tail(self, table_id: str, after: int) -> tuple[int, str | None, int, Tail]:
        """The log's version and last hash (0, None for no table), its names' revision, and the entries after
        `after` (`Tail`), as one snapshot shows them."""
        with self._driver() as cursor:
            cursor.execute(self.sql.HEAD_AND_TAIL, {"table_id": table_id, "after": after})
            rows = cursor.fetchall()
        if not rows:
            return 0, None, 0, Tail([], None, None)
        return rows[0][0], rows[0][1], rows[0][2], tail_of([row[3:] for row in rows if row[3] is not None])

    def log(self, table_id: str, after: int = 0, upto: int | None = None) -> list:
        """Read the log as the referee replays it (`referee.log.Entry`, no hashes or verdicts): the fast path."""
        with self.single.connect() as conn:
            return _select_log(conn, table_id, after, MAX_SEQ if upto is None else upto)

    def logs(self, table_ids: list[str]) -> dict[str, list]:
        """Several tables' logs in one read, as the referee replays them (`referee.log.Entry`)."""
        if not table_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(self.sql.LOGS, {"ids": list(table_ids)}).all()
            logs = logs_of(rows, table_ids)
            names = names_in(conn, [t for t, log in logs.items() if log and is_apart(log[0].data)])
        return {table_id: resolved(log, names[table_id]) if table_id in names else log
                for table_id, log in logs.items()}

    def head(self, table_id: str) -> tuple[int, str | None]:
        """Read the version and last hash of a log (0, None when it has no entry)."""
        return self.head_names(table_id)[:2]

    def head_names(self, table_id: str) -> tuple[int, str | None, int]:
        """The version and last hash of a log, and its names' revision (moved each time a name is forgotten)."""
        with self._driver() as cursor:
            cursor.execute(self.sql.HEAD, {"table_id": table_id})
            row = cursor.fetchone()
        return (0, None, 0) if row is None else (row[0], row[1], row[2])

    def create_table(self, table_id: str, game: str, host_token: str, seat_tokens: list[str],
                     entries: list[StoredEntry], names: list[str | None] | None = None,
                     forgotten: list[int | None] | None = None, reseal: tuple[int, str] | None = None,
                     ) -> list[StoredEntry]:
        """Write a new table with its first entries (a `create`, or an imported log) in one transaction, and the
        names of the seats entry 1 names by ids (`forgotten`: the number of each seat whose name is None); `reseal`:
        the head of the chain an older export had before its names came out of it."""
        with self._writing(table_id) as conn:
            conn.execute(TABLES.insert().values(
                id=table_id, game=game, created_at=datetime.now(UTC), host_token_hash=token_hash(host_token),
                seat_token_hashes=_dumps([token_hash(t) for t in seat_tokens]),
                head_seq=entries[-1].seq if entries else 0, head_hash=entries[-1].hash if entries else None))
            if entries:
                conn.execute(ENTRIES.insert(), [self._row(table_id, e) for e in entries])
            if names is not None:
                write_names(conn, table_id, entries[0].data["seats"], names, forgotten)
            if reseal is not None:
                self.record_reseal(conn, table_id, reseal)
        return entries

    def append(self, table_id: str, expected_version: int | None, idempotency_key: str | None,
               decide: Callable[[Head], Decision | None],
               authorise: Callable[[Head, int | None], None] | None = None) -> Appended | None:
        """Append one entry under the table's lock: `authorise(head, seq of the key's entry or None)` may refuse
        (it raises) before anything else; then a known key → the stored answer; a stale version → Conflict;
        else `decide(head)`."""
        try:
            return self._append(table_id, expected_version, idempotency_key, decide, authorise)
        except sa.exc.IntegrityError:
            # A retry with the same key that committed while this one waited for the lock: its answer.
            if idempotency_key is not None:
                with self.single.connect() as conn:
                    row = conn.execute(BY_KEY, {"table_id": table_id, "key": idempotency_key}).first()
                if row is not None:
                    return Appended(row_entry(row), replayed=True)
            # The lock makes this unreachable otherwise; should two writers ever pass it, the unique keys decide.
            raise Conflict(self.head(table_id)[0]) from None

    def _append(self, table_id, expected_version, idempotency_key, decide, authorise) -> Appended | None:
        with self._writing(table_id) as conn:
            row = conn.execute(self._lock_head, {"table_id": table_id, "key": idempotency_key}).first()
            version, last, keyed, names = (0, None, None, 0) if row is None else tuple(row)
            head = Head(table_id, version, last, conn, names)
            stored = None
            if keyed is not None or (expected_version not in (None, version) and idempotency_key is not None):
                # A known key; or the log moved while this append waited for the lock, maybe by a retry with
                # this key: this statement sees what committed meanwhile (PostgreSQL's first one could not).
                stored = conn.execute(BY_KEY, {"table_id": table_id, "key": idempotency_key}).first()
            if authorise is not None:
                authorise(head, None if stored is None else stored.seq)
            if stored is not None:
                return Appended(row_entry(stored), replayed=True)
            if expected_version is not None and expected_version != version:
                raise Conflict(version)
            decision = decide(head)
            if decision is None:
                return None
            entry = _chained(version, last, decision, idempotency_key)
            self._write(conn, table_id, entry)
        return Appended(entry)

    def append_if_head(self, table_id: str, version: int, last: str, idempotency_key: str | None,
                       decision: Decision) -> Appended | None:
        """Append `decision` as entry `version + 1` only if the log's head is still (`version`, `last`), and its
        Idempotency-Key unknown; else write nothing and give None (the caller takes the locked path, `append`).

        For an entry judged on a replay the caller already holds: no read of the head or the log first.
        """
        entry = _chained(version, last, decision, idempotency_key)
        row = self._row(table_id, entry) | {"prev_seq": version}
        try:
            if self._postgresql:
                with self._driver() as cursor:  # one statement: moves the head, writes, notifies
                    cursor.execute(postgresql.IF_HEAD, row | {"note": notice(table_id, entry)})
                    if cursor.fetchone() is None:
                        return None
            else:
                with self._queue, self._driver() as cursor:
                    if not self._head_follows(cursor):
                        return None  # a file not migrated yet: the locked way, which moves the head itself
                    self._if_head_sqlite(cursor, row | {"at": entry.at.strftime(sqlite.AT_FORMAT)})
        except (_Moved, sa.exc.IntegrityError):
            return None
        return Appended(entry)

    def _head_follows(self, cursor) -> bool:
        """SQLite: whether the file has the trigger that moves the head with each entry (migration 0006); looked
        for once."""
        if self._trigger is None:
            cursor.execute(sqlite.HEAD_TRIGGER)
            self._trigger = cursor.fetchone() is not None
        return self._trigger

    @staticmethod
    def _if_head_sqlite(cursor, row: dict) -> None:
        cursor.execute(sqlite.IF_HEAD, row)
        if cursor.rowcount != 1:
            raise _Moved()

    def _write(self, conn, table_id: str, entry: StoredEntry) -> None:
        """Write the entry and move the table's head to it, in the append's transaction."""
        row = self._row(table_id, entry)
        if self._postgresql:
            conn.execute(postgresql.WRITE, {**row, "note": notice(table_id, entry)})  # what live streams hear
        else:
            conn.execute(ENTRIES.insert(), row)
            conn.execute(MOVE_HEAD, {"table_id": table_id, "head_seq": entry.seq, "head_hash": entry.hash})

    @staticmethod
    def chain(entries_fields: list[tuple[str, int | None, datetime, dict, dict | None]]) -> list[StoredEntry]:
        """Number and hash new entries from seq 1: `(type, seat, at, data, verdict)` each."""
        out: list[StoredEntry] = []
        for version, decision in enumerate(entries_fields):
            out.append(_chained(version, out[-1].hash if out else None, decision))
        return out

    @staticmethod
    def _row(table_id: str, e: StoredEntry) -> dict:
        return {"table_id": table_id, "seq": e.seq, "type": e.type, "seat": e.seat, "at": e.at,
                "payload": _dumps(e.data), "idempotency_key": e.idempotency_key,
                "verdict": None if e.verdict is None else _dumps(e.verdict), "hash": e.hash, "prev_hash": e.prev_hash}
