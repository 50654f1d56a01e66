"""Append and read a table's log: one locked transaction per append (E-1, E-3).

An append is four round trips on PostgreSQL: BEGIN; lock the table's row and read its head and whether the
Idempotency-Key is known (one UPDATE ... RETURNING); write the entry and the new head (one statement); COMMIT.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime

import sqlalchemy as sa

from events.chain import entry_hash
from events.groups import GroupRecords
from events.models import EntryRow, TableRow, table_of
from events.records import Appended, Conflict, StoredEntry, TableRecord, entry_text, row_entry, token_hash, utc
from events.side import SideRecords

ENTRIES = table_of(EntryRow)
TABLES = table_of(TableRow)

# What `decide` returns: (type, seat, at, data, verdict), or None to write nothing.
Decision = tuple[str, "int | None", datetime, dict, "dict | None"]


def lock_key(key: str) -> int:
    """A signed 64-bit advisory lock key."""
    return int.from_bytes(hashlib.sha256(f"arbitre.entries:{key}".encode()).digest()[:8], "big", signed=True)


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Head:
    """The last entry of a log inside an append's transaction; `log()` and `tail()` read the log there."""

    table_id: str
    version: int
    hash: str | None
    _conn: sa.Connection = field(repr=False)

    def log(self, after: int = 0) -> list:
        """The log as the referee reads it (`referee.log.Entry`), up to this head, inside the transaction."""
        return _select_log(self._conn, self.table_id, after, self.version)

    def tail(self, after: int) -> Tail:
        return _select_tail(self._conn, self.table_id, after)


MAX_SEQ = 2**31 - 1
COLUMNS = [ENTRIES.c[name] for name in StoredEntry._fields if name not in ("data", "verdict")]


# Built once (building a statement costs more than running it): the streams read entries on every write.
ENTRIES_BETWEEN = (sa.select(*COLUMNS, ENTRIES.c.payload, ENTRIES.c.verdict)
                   .where(ENTRIES.c.table_id == sa.bindparam("table_id"), ENTRIES.c.seq > sa.bindparam("after"),
                          ENTRIES.c.seq <= sa.bindparam("upto"))
                   .order_by(ENTRIES.c.seq))


def _select_entries(conn, table_id: str, after: int, upto: int | None) -> list[StoredEntry]:
    rows = conn.execute(ENTRIES_BETWEEN, {"table_id": table_id, "after": after,
                                          "upto": MAX_SEQ if upto is None else upto}).all()
    # One json.loads over the whole log is several times faster than one per entry.
    datas = json.loads("[" + ",".join(row[-2] for row in rows) + "]")
    utc = UTC
    return [StoredEntry(seq, type_, seat, at.replace(tzinfo=utc) if at.tzinfo is None else at.astimezone(utc),
                        data, hash_, prev, None if verdict is None else json.loads(verdict), key)
            for (seq, type_, seat, at, hash_, prev, key, _, verdict), data in zip(rows, datas, strict=True)]


# The replay needs only these; `at` comes as the driver gives it (SQLite: text), parsed below without
# SQLAlchemy's per-row result processing.
def _log_query(at) -> sa.Select:
    return (sa.select(ENTRIES.c.seq, ENTRIES.c.type, ENTRIES.c.seat, at, ENTRIES.c.payload)
            .where(ENTRIES.c.table_id == sa.bindparam("table_id"), ENTRIES.c.seq > sa.bindparam("after"),
                   ENTRIES.c.seq <= sa.bindparam("upto"))
            .order_by(ENTRIES.c.seq))


# SQLite stores the UTC time as text already; PostgreSQL writes it as text in UTC, which Python reads several
# times faster than the driver builds a zoned datetime.
LOG = {"sqlite": _log_query(sa.type_coerce(ENTRIES.c.at, sa.Text)),
       "postgresql": _log_query(sa.func.to_char(sa.func.timezone("UTC", ENTRIES.c.at), "YYYY-MM-DD HH24:MI:SS.US"))}


def _select_log(conn, table_id: str, after: int, upto: int) -> list:
    """Read entries `after < seq <= upto` straight into `referee.log.Entry`: one JSON parse for all payloads."""
    query = LOG[conn.dialect.name]
    return _log_entries(conn.execute(query, {"table_id": table_id, "after": after, "upto": upto}).all())


# The entries after a replay a process holds (another worker wrote them), with the hashes that show they
# continue it: a statement of the driver's own, as this runs on most appends with two workers or more. Its
# columns are those `_log_entries` reads, then the hashes (`_tail`).
_TAIL_COLUMNS = {"sqlite": "e.seq, e.type, e.seat, e.at, e.payload, e.prev_hash, e.hash",
                 "postgresql": "e.seq, e.type, e.seat, to_char(timezone('UTC', e.at), 'YYYY-MM-DD HH24:MI:SS.US'), "
                               "e.payload, e.prev_hash, e.hash"}
_PARAM = {"sqlite": ":{}", "postgresql": "%({})s"}
TAIL = {d: f"SELECT {_TAIL_COLUMNS[d]} FROM entries e WHERE e.table_id = {_PARAM[d].format('table_id')} "
           f"AND e.seq > {_PARAM[d].format('after')} ORDER BY e.seq" for d in _PARAM}
# The head and, in the same statement (one snapshot, one round trip), those entries: a read of a table another
# worker wrote to since (api/replays.py).
HEAD_AND_TAIL = {d: f"SELECT t.head_seq, t.head_hash, {_TAIL_COLUMNS[d]} FROM tables t LEFT JOIN entries e "
                    f"ON e.table_id = t.id AND e.seq > {_PARAM[d].format('after')} "
                    f"WHERE t.id = {_PARAM[d].format('table_id')} ORDER BY e.seq" for d in _PARAM}


@dataclass(frozen=True)
class Tail:
    """Entries as the referee reads them; `prev_hash`: the hash the first one follows; `hash`: the last one's."""

    entries: list
    prev_hash: str | None
    hash: str | None


def _select_tail(conn, table_id: str, after: int) -> Tail:
    return _tail(conn.exec_driver_sql(TAIL[conn.dialect.name], {"table_id": table_id, "after": after}).all())


def _tail(rows) -> Tail:
    if not rows:
        return Tail([], None, None)
    return Tail(_log_entries(rows), rows[0][5], rows[-1][6])


def _log_entries(rows) -> list:
    """Rows of (seq, type, seat, at, payload, ...) as `referee.log.Entry`: one JSON parse for all payloads."""
    from referee.log import Entry

    if not rows:
        return []
    datas = json.loads("[" + ",".join([row[4] for row in rows]) + "]")
    utc = UTC
    parse = datetime.fromisoformat
    out: list[Entry] = []
    append = out.append
    for (seq, type_, seat, at, *_), data in zip(rows, datas, strict=True):
        if at.__class__ is str:  # UTC as 'YYYY-MM-DD HH:MM:SS.ffffff'
            at = parse(at + "+00:00")  # several times cheaper than .replace(tzinfo=...)
        elif at.tzinfo is None:
            at = at.replace(tzinfo=utc)
        elif at.utcoffset():
            at = at.astimezone(utc)
        append(Entry(seq, type_, seat, at, data))
    return out


# Built once: these run on every request, and building a statement costs more than running it.
KEYED = (sa.select(ENTRIES.c.seq).where(ENTRIES.c.table_id == sa.bindparam("table_id"),
                                        ENTRIES.c.idempotency_key == sa.bindparam("key"))
         .scalar_subquery())
BY_KEY = sa.select(ENTRIES).where(ENTRIES.c.table_id == sa.bindparam("table_id"),
                                  ENTRIES.c.idempotency_key == sa.bindparam("key"))
TABLE = sa.select(TABLES).where(TABLES.c.id == sa.bindparam("table_id"))
# The append's first statement: the head, and whether the key is known. On PostgreSQL it is an UPDATE that
# changes nothing: it waits for the table's row lock (held by an append to the same table until it commits)
# and then reads the row as committed, so the head it returns is the latest, and the next append to this
# table waits for this one. SQLite's BEGIN IMMEDIATE already holds the whole database: a SELECT will do.
LOCK_HEAD = (TABLES.update().where(TABLES.c.id == sa.bindparam("table_id"))
             .values(head_seq=TABLES.c.head_seq).returning(TABLES.c.head_seq, TABLES.c.head_hash, KEYED))
READ_HEAD = sa.select(TABLES.c.head_seq, TABLES.c.head_hash, KEYED).where(TABLES.c.id == sa.bindparam("table_id"))
MOVE_HEAD = (TABLES.update().where(TABLES.c.id == sa.bindparam("table_id"))
             .values(head_seq=sa.bindparam("head_seq"), head_hash=sa.bindparam("head_hash")))
ROW = ("table_id", "seq", "type", "seat", "at", "payload", "idempotency_key", "verdict", "hash", "prev_hash")
ENTRY_COLUMNS = ", ".join(ROW)
# PostgreSQL writes the entry, moves the head and tells the live streams (a NOTIFY carrying the entry, sent at
# commit to every worker and host: events/live.py) in one statement, one round trip; SQLite writes in two and tells no one.
WRITE_PG = sa.text(
    "WITH written AS (INSERT INTO entries (" + ENTRY_COLUMNS + ") VALUES (" + ", ".join(":" + c for c in ROW)
    + ")), moved AS (UPDATE tables SET head_seq = :seq, head_hash = :hash WHERE id = :table_id) "
    "SELECT pg_notify('arbitre_entries', :note)"
).bindparams(sa.bindparam("at", type_=sa.DateTime(timezone=True)))


# The append that trusts a replay it already holds (Store.append_if_head): it writes only if the log's head is
# still the one that replay ends on, so the entry was judged on exactly the log it joins. PostgreSQL does it
# in one statement, in autocommit: one round trip. The UPDATE takes the table's row lock (an append holding it
# makes this one wait, then re-read the row), and writes nothing unless the head is the expected one; the
# INSERT adds the entry only if the head moved; a known Idempotency-Key fails the INSERT's unique key and
# with it the whole statement; the NOTIFY goes out at its commit.
IF_HEAD_PG = (
    "WITH moved AS (UPDATE tables SET head_seq = %(seq)s, head_hash = %(hash)s WHERE id = %(table_id)s "
    "AND head_seq = %(prev_seq)s AND head_hash = %(prev_hash)s RETURNING id), "
    f"written AS (INSERT INTO entries ({ENTRY_COLUMNS}) SELECT id, %(seq)s, %(type)s::text, %(seat)s::integer, "
    "%(at)s, %(payload)s::text, %(idempotency_key)s::text, %(verdict)s::text, %(hash)s::text, %(prev_hash)s::text "
    "FROM moved RETURNING seq) "
    "SELECT pg_notify('arbitre_entries', %(note)s) FROM written")
# SQLite: one INSERT in autocommit, writing the entry only if the head is the expected one; the head follows
# in the same statement (the trigger of migration 0006), and the statement is its own transaction: one call
# into SQLite holds the write lock, and nothing waits for the interpreter while it is held.
IF_HEAD_SQLITE = (f"INSERT INTO entries ({ENTRY_COLUMNS}) SELECT {', '.join(':' + c for c in ROW)} WHERE EXISTS "
                  "(SELECT 1 FROM tables WHERE id = :table_id AND head_seq = :prev_seq AND head_hash = :prev_hash)")
SQLITE_AT = "%Y-%m-%d %H:%M:%S.%f"  # as SQLAlchemy's DateTime stores it on SQLite (UTC, no offset)
HEAD_SQL = {"sqlite": "SELECT head_seq, head_hash FROM tables WHERE id = :table_id",
            "postgresql": "SELECT head_seq, head_hash FROM tables WHERE id = %(table_id)s"}


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


class Store(SideRecords, GroupRecords):
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
        self._lock_head = LOCK_HEAD if self._postgresql and lock_rows else READ_HEAD
        self._trigger: bool | None = None  # SQLite: the head follows each entry in its statement (migration 0006)

    @contextmanager
    def _locked(self, key: str):
        """A write transaction that also holds an advisory lock on `key` (PostgreSQL; SQLite's BEGIN IMMEDIATE
        holds the whole database): for records beside the log that change, such as a group's members."""
        with self._writing(key) as conn:
            if self._postgresql:
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(lock_key(key))))
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
        store. Its errors come out as SQLAlchemy's (api/health.py answers 503 for the operational ones), and a
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
            cursor.execute(TAIL[self.engine.dialect.name], {"table_id": table_id, "after": after})
            return _tail(cursor.fetchall())

    def head_and_tail(self, table_id: str, after: int) -> tuple[int, str | None, Tail]:
        """The log's version and last hash (0, None for no table), and the entries after `after` (`Tail`), as one
        snapshot shows them."""
        with self._driver() as cursor:
            cursor.execute(HEAD_AND_TAIL[self.engine.dialect.name], {"table_id": table_id, "after": after})
            rows = cursor.fetchall()
        if not rows:
            return 0, None, Tail([], None, None)
        return rows[0][0], rows[0][1], _tail([row[2:] for row in rows if row[2] is not None])

    def log(self, table_id: str, after: int = 0, upto: int | None = None) -> list:
        """Read the log as the referee replays it (`referee.log.Entry`, no hashes or verdicts): the fast path."""
        with self.single.connect() as conn:
            return _select_log(conn, table_id, after, MAX_SEQ if upto is None else upto)

    def head(self, table_id: str) -> tuple[int, str | None]:
        """Read the version and last hash of a log (0, None when it has no entry)."""
        with self._driver() as cursor:
            cursor.execute(HEAD_SQL[self.engine.dialect.name], {"table_id": table_id})
            row = cursor.fetchone()
        return (0, None) if row is None else (row[0], row[1])

    def create_table(self, table_id: str, game: str, host_token: str, seat_tokens: list[str],
                     entries: list[StoredEntry]) -> list[StoredEntry]:
        """Write a new table with its first entries (a `create`, or an imported log) in one transaction."""
        with self._writing(table_id) as conn:
            conn.execute(TABLES.insert().values(
                id=table_id, game=game, created_at=datetime.now(UTC), host_token_hash=token_hash(host_token),
                seat_token_hashes=_dumps([token_hash(t) for t in seat_tokens]),
                head_seq=entries[-1].seq if entries else 0, head_hash=entries[-1].hash if entries else None))
            if entries:
                conn.execute(ENTRIES.insert(), [self._row(table_id, e) for e in entries])
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
            version, last, keyed = (0, None, None) if row is None else tuple(row)
            head = Head(table_id, version, last, conn)
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
                    cursor.execute(IF_HEAD_PG, row | {"note": notice(table_id, entry)})
                    if cursor.fetchone() is None:
                        return None
            else:
                with self._queue, self._driver() as cursor:
                    if not self._head_follows(cursor):
                        return None  # a file not migrated yet: the locked way, which moves the head itself
                    self._if_head_sqlite(cursor, row | {"at": entry.at.strftime(SQLITE_AT)})
        except (_Moved, sa.exc.IntegrityError):
            return None
        return Appended(entry)

    def _head_follows(self, cursor) -> bool:
        """SQLite: whether the file has the trigger that moves the head with each entry (migration 0006); looked
        for once."""
        if self._trigger is None:
            cursor.execute("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'entries_move_head'")
            self._trigger = cursor.fetchone() is not None
        return self._trigger

    @staticmethod
    def _if_head_sqlite(cursor, row: dict) -> None:
        cursor.execute(IF_HEAD_SQLITE, row)
        if cursor.rowcount != 1:
            raise _Moved()

    def _write(self, conn, table_id: str, entry: StoredEntry) -> None:
        """Write the entry and move the table's head to it, in the append's transaction."""
        row = self._row(table_id, entry)
        if self._postgresql:
            conn.execute(WRITE_PG, {**row, "note": notice(table_id, entry)})  # what live streams hear
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
