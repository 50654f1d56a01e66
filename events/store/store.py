"""The store's logic: append and read a table's log, each append ordered by the table's head (E-1, E-3).

An append is written by one statement that checks the head it was judged on, writes the entry, moves the head
and (PostgreSQL) tells the live streams: one round trip, in autocommit, on a connection held aside from the pool
(`held.py`) (`Store.append_if_head`, and the first tries of `Store.append`: on the head this process last saw of
the table, `heads.py`, with no read; then on the head read just before). When the head moved meanwhile, `Store.append` takes the table's lock: four round trips
on PostgreSQL: BEGIN; lock the table's row and read its head and whether the Idempotency-Key is known (one
UPDATE ... RETURNING); write the entry and the new head (one statement); COMMIT.
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
from events.free_texts import Texts, refs, split
from events.name_records import names_in, record_reseal, write_names
from events.names import is_apart, resolved
from events.records import (
    Appended,
    Conflict,
    StoredEntry,
    TableRecord,
    entry_text,
    row_entry,
    token_hash,
    utc,
    written_text,
)
from events.store import postgresql, snapshots, sqlite
from events.store.heads import Heads
from events.store.held import Held
from events.store.rows import Tail, dumps, entry_row, log_entries, logs_of, stored_entries, tail_of
from events.store.statements import BY_KEY, ENTRIES, ENTRIES_BETWEEN, MAX_SEQ, MOVE_HEAD, READ_HEAD, TABLE, TABLES
from events.text_records import read_with_texts, stored_texts, texts_in, wanted, with_texts, write_texts

SQL = {"sqlite": sqlite, "postgresql": postgresql}  # each database's own statements, by SQLAlchemy's dialect name

# What `decide` returns: (type, seat, at, data, verdict), or None to write nothing.
Decision = tuple[str, "int | None", datetime, dict, "dict | None"]


@dataclass
class Head:
    """The last entry of a log as an append read it (inside its transaction, or just before its first try);
    `log()` and `tail()` read the log up to it, whatever was written after."""

    table_id: str
    version: int
    hash: str | None
    _conn: sa.Connection | sa.Engine = field(repr=False)  # the transaction's; an engine: a connection a read
    names: int = 0  # the table's names_rev: moved when a seat's name is forgotten

    def log(self, after: int = 0) -> list:
        """The log as the referee reads it (`referee.log.Entry`), up to this head."""
        with self._reading() as conn:
            return _select_log(conn, self.table_id, after, self.version)

    def tail(self, after: int) -> Tail:
        with self._reading() as conn:
            rows = conn.exec_driver_sql(SQL[conn.dialect.name].TAIL, {"table_id": self.table_id, "after": after}).all()
            return _texts_of_tail(conn, self.table_id, tail_of([row for row in rows if row[0] <= self.version]))

    def _reading(self):
        return nullcontext(self._conn) if isinstance(self._conn, sa.Connection) else self._conn.connect()


def _select_entries(conn, table_id: str, after: int, upto: int | None) -> list[StoredEntry]:
    """Stored entries, each that refers to free texts with them (`StoredEntry.texts`)."""
    entries = stored_entries(conn.execute(ENTRIES_BETWEEN, {"table_id": table_id, "after": after,
                                                            "upto": MAX_SEQ if upto is None else upto}).all())
    if not wanted(entries):
        return entries
    texts = stored_texts(conn, table_id)
    return [e._replace(texts={d: texts[d] for d in _refs(e) if d in texts}) if _refs(e) else e for e in entries]


def _refs(entry) -> list[str]:
    return refs(entry.type, entry.data)


def _keyed(conn, table_id: str, row) -> StoredEntry:
    """The entry an Idempotency-Key wrote, with its free texts."""
    entry = row_entry(row)
    if not _refs(entry):
        return entry
    texts = stored_texts(conn, table_id)
    return entry._replace(texts={d: texts[d] for d in _refs(entry) if d in texts})


def _texts_of_tail(conn, table_id: str, tail: Tail) -> Tail:
    """A tail with its entries' free texts put back (a read only when one refers to a text)."""
    if not wanted(tail.entries):
        return tail
    return Tail(read_with_texts(conn, table_id, tail.entries), tail.prev_hash, tail.hash)


def _select_log(conn, table_id: str, after: int, upto: int) -> list:
    """Read entries `after < seq <= upto` straight into `referee.log.Entry`: one JSON parse for all payloads."""
    query = SQL[conn.dialect.name].LOG
    entries = log_entries(conn.execute(query, {"table_id": table_id, "after": after, "upto": upto}).all())
    entries = read_with_texts(conn, table_id, entries)  # a ruling's reason: its text beside the log
    if after == 0 and entries and is_apart(entries[0].data):  # entry 1 names its seats by ids: read their names
        return resolved(entries, names_in(conn, [table_id])[table_id])
    return entries


class _Undecided:
    """What a first try of an append gives when it wrote nothing and said nothing: the next try decides
    (`Store.append`: the head read, then the table's lock)."""


UNDECIDED = _Undecided()
NOTICE_MAX = 7900  # bytes: PostgreSQL's limit on a NOTIFY payload is 8000


def notice(table_id: str, entry: StoredEntry, payload: str | None = None) -> str:
    """`<table id> <seq> <entry as in /entries>`: a stream sends the entry without reading the log again. An entry
    too long for a notice goes as `<table id> <seq>` alone, and the streams read it. `payload`: its data as the
    row holds it, when written already."""
    text = entry_text(entry.to_json()) if payload is None else written_text(entry, payload)
    note = f"{table_id} {entry.seq} {text}"
    return note if len(note) * 4 <= NOTICE_MAX or len(note.encode()) <= NOTICE_MAX else f"{table_id} {entry.seq}"


def _chained(version: int, last: str | None, decision: Decision, key: str | None = None,
             known: Texts | None = None) -> StoredEntry:
    """The entry `decision` makes after entry `version` (whose hash is `last`): numbered, in UTC, its free texts
    as their salted digests (`texts` beside it; `known`: texts an import gives for digests), hashed (E-4)."""
    type_, seat, at, data, verdict = decision
    at, seq = utc(at), version + 1
    data, texts = split(type_, data, known)
    return StoredEntry(seq, type_, seat, at, data, entry_hash(seq, type_, seat, at, data, last), last, verdict, key,
                       texts or None)


class Store:
    """The event store over one SQLAlchemy engine (SQLite or PostgreSQL): the tables' logs, and nothing else (the
    records beside them are repositories over the same engine: events/repositories/)."""

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
        self._first_try = lock_rows  # Store.append tries the one statement before the lock
        # Whether the database has that statement's part: SQLite's trigger (migration 0006) is looked for once;
        # PostgreSQL's statement needs only the head's columns (migration 0004), which every schema here has.
        self._ready: bool | None = True if self._postgresql else None
        self.heads = Heads()  # the head this process last saw of each table: Store.append's first try
        self._held = Held(engine)  # the one-statement append's connections, aside from the pool

    @contextmanager
    def locked(self, key: str, *more: str):
        """A write transaction that also holds an advisory lock on `key` (PostgreSQL; SQLite's BEGIN IMMEDIATE
        holds the whole database): for records beside the log that change, such as a group's members. `more`:
        further keys, locked after it in that order (one order for every writer: a group before its tournament)."""
        with self._writing(key) as conn:
            if self._postgresql:
                for each in (key, *more):
                    conn.execute(postgresql.advisory_lock(each))
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

    def snapshot(self, table_id: str, upto: int) -> snapshots.Snapshot | None:
        """The latest snapshot of the replay as far as `upto` whose hash is the log's at its version."""
        with self.single.connect() as conn:
            return snapshots.latest(conn, table_id, upto)

    def save_snapshot(self, table_id: str, snapshot: snapshots.Snapshot) -> bool:
        """Keep a snapshot in place of the table's older ones; False when it could not (it is only a cache)."""
        return snapshots.keep(self.engine, table_id, snapshot)

    @contextmanager
    def _driver(self):
        """A cursor of the driver's own on a pooled connection, in autocommit: for the few statements that every
        request runs (the head, the entries another worker wrote). SQLAlchemy's connection and statement objects
        cost more than these statements themselves: a third of an append's time in the store. Its errors come out
        as SQLAlchemy's (api/shell/health.py answers 503 for the operational ones), and a connection the database
        dropped leaves the pool (and the held ones close: `held.py`)."""
        pooled = self.engine.raw_connection()
        driver, cursor = pooled.driver_connection, None
        try:
            if self._postgresql:
                driver.autocommit = True
            cursor = driver.cursor()
            yield cursor
        except self.engine.dialect.loaded_dbapi.Error as error:
            gone = self.engine.dialect.is_disconnect(error, driver, cursor)
            if gone:
                pooled.invalidate(error)
            raise self._translated(error, gone) from error
        finally:
            if self._postgresql and pooled.is_valid:
                with suppress(Exception):
                    driver.autocommit = False  # as the pool lends its connections
            pooled.close()

    def _one_statement(self, sql: str, params: dict) -> bool:
        """Run the one-statement append on a connection held aside from the pool (`held.py`: no checkout, no
        return, no rollback), else, when every held one is lent, on a pooled one (`_driver`): whether it wrote. A
        connection the database dropped closes, with the other held ones and the pool's, so the next append
        connects afresh. (A plain call, not a context manager: this is every append's path.)"""
        lent = self._held.take()
        if lent is None:
            with self._driver() as cursor:
                return self._wrote(cursor, sql, params)
        broken = True
        try:
            wrote = self._wrote(lent.cursor, sql, params)
            broken = False
            return wrote
        except self.engine.dialect.loaded_dbapi.Error as error:
            gone = self.engine.dialect.is_disconnect(error, lent.driver, lent.cursor)
            broken = gone
            if gone:
                self.engine.dispose()  # the pool's were dropped with it (a restart); the held ones close too
            raise self._translated(error, gone) from error
        finally:
            self._held.give_back(lent, broken)  # anything else (a timeout mid-statement): closed, not lent again

    @staticmethod
    def _wrote(cursor, sql: str, params: dict) -> bool:
        cursor.execute(sql, params)
        return cursor.rowcount == 1

    def _translated(self, error: Exception, gone: bool) -> sa.exc.StatementError:
        """A driver's error as SQLAlchemy says it (an IntegrityError for a known key, an OperationalError...)."""
        dialect = self.engine.dialect
        return sa.exc.DBAPIError.instance(None, None, error, dialect.loaded_dbapi.Error,
                                          connection_invalidated=gone, dialect=dialect)

    def tail(self, table_id: str, after: int) -> Tail:
        """The entries after `after` as the referee reads them, with the hashes that chain them (`Tail`)."""
        with self._driver() as cursor:
            cursor.execute(self.sql.TAIL, {"table_id": table_id, "after": after})
            tail = tail_of(cursor.fetchall())
        return self._with_texts(table_id, tail)

    def _with_texts(self, table_id: str, tail: Tail) -> Tail:
        if not wanted(tail.entries):
            return tail
        with self.single.connect() as conn:
            return _texts_of_tail(conn, table_id, tail)

    def head_and_tail(self, table_id: str, after: int) -> tuple[int, str | None, int, Tail]:
        """The log's version and last hash (0, None for no table), its names' revision, and the entries after
        `after` (`Tail`), as one snapshot shows them."""
        with self._driver() as cursor:
            cursor.execute(self.sql.HEAD_AND_TAIL, {"table_id": table_id, "after": after})
            rows = cursor.fetchall()
        if not rows:
            return 0, None, 0, Tail([], None, None)
        self.heads.saw(table_id, *rows[0][:3])
        return rows[0][0], rows[0][1], rows[0][2], self._with_texts(
            table_id, tail_of([row[3:] for row in rows if row[3] is not None]))

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
            texts = texts_in(conn, [t for t, log in logs.items() if wanted(log)])
        for table_id, held in texts.items():
            logs[table_id] = with_texts(logs[table_id], held)
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
        if row is None:
            return 0, None, 0
        self.heads.saw(table_id, row[0], row[1], row[2])
        return row[0], row[1], row[2]

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
                seat_token_hashes=dumps([token_hash(t) for t in seat_tokens]),
                head_seq=entries[-1].seq if entries else 0, head_hash=entries[-1].hash if entries else None))
            if entries:
                conn.execute(ENTRIES.insert(), [self._row(table_id, e) for e in entries])
                write_texts(conn, table_id, {d: t for e in entries if e.texts for d, t in e.texts.items()})
            if names is not None:
                write_names(conn, table_id, entries[0].data["seats"], names, forgotten)
            if reseal is not None:
                record_reseal(conn, table_id, reseal)
        if entries:
            self.heads.saw(table_id, entries[-1].seq, entries[-1].hash, 0)
        return entries

    def append(self, table_id: str, expected_version: int | None, idempotency_key: str | None,
               decide: Callable[[Head], Decision | None],
               authorise: Callable[[Head, int | None], None] | None = None) -> Appended | None:
        """Append one entry as if under the table's lock: `authorise(head, seq of the key's entry or None)` may
        refuse (it raises) before anything else; then a known key → the stored answer; a stale version →
        Conflict; else `decide(head)`. First tried on the head as read, written only if it is still the head
        (one round trip for the write); when it is not, or the key is known, under the lock."""
        try:
            return self._append(table_id, expected_version, idempotency_key, decide, authorise)
        except sa.exc.IntegrityError:
            # A retry with the same key that committed while this one waited for the lock: its answer.
            if idempotency_key is not None:
                with self.single.connect() as conn:
                    row = conn.execute(BY_KEY, {"table_id": table_id, "key": idempotency_key}).first()
                    if row is not None:
                        return Appended(_keyed(conn, table_id, row), replayed=True)
            # The lock makes this unreachable otherwise; should two writers ever pass it, the unique keys decide.
            raise Conflict(self.head(table_id)[0]) from None

    def _append(self, table_id, expected_version, idempotency_key, decide, authorise) -> Appended | None:
        if self._first_try:
            for first_try in (self._on_known_head, self._on_head):
                done = first_try(table_id, expected_version, idempotency_key, decide, authorise)
                if not isinstance(done, _Undecided):
                    return done
        return self._locked_append(table_id, expected_version, idempotency_key, decide, authorise)

    def _on_known_head(self, table_id, expected_version, idempotency_key, decide,
                       authorise) -> Appended | _Undecided:
        """The first try, on the head this process last saw (`heads.py`): no read, the entry decided on that head
        and written by the one statement that checks it is still the head: one round trip. Only a written entry
        counts here: a refusal, a decision to write nothing, a head that moved, a known key all say UNDECIDED,
        and the next try decides on the head as read, as if this one had not been."""
        noted = self.heads.get(table_id)
        if noted is None or expected_version not in (None, noted[0]):
            return UNDECIDED
        version, last, names = noted
        head = Head(table_id, version, last, self.single, names)
        try:
            if authorise is not None:
                authorise(head, None)
            decision = decide(head)
        except Exception:  # said again on the head as read, where it may not hold (this head may be behind)
            return UNDECIDED
        if decision is None:
            return UNDECIDED
        entry = self._written_on_head(table_id, version, last, decision, idempotency_key)
        if entry is None:
            self.heads.drop(table_id)
            return UNDECIDED
        self.heads.saw(table_id, entry.seq, entry.hash, names)
        return Appended(entry)

    def _on_head(self, table_id, expected_version, idempotency_key, decide, authorise) -> Appended | None | _Undecided:
        """The next try: the head read in one statement, then the same steps as under the lock, and the entry
        written by the one statement that checks that head (`_write_on_head`). A known key (or a version that
        moved, with a key: perhaps a retry that just landed), a head that moved meanwhile, a key written
        meanwhile: UNDECIDED, nothing written, and the lock decides as if this try had not been."""
        with self._driver() as cursor:  # the driver's own: this read is most of what the try costs beyond the write
            cursor.execute(self.sql.HEAD_KEY, {"table_id": table_id, "key": idempotency_key})
            row = cursor.fetchone()
        if row is None or row[2] is not None or (idempotency_key is not None
                                                 and expected_version not in (None, row[0])):
            return UNDECIDED
        version, last, _, names = row
        self.heads.saw(table_id, version, last, names)
        head = Head(table_id, version, last, self.single, names)  # most decisions read nothing: no connection
        if authorise is not None:
            authorise(head, None)
        if expected_version is not None and expected_version != version:
            raise Conflict(version)
        decision = decide(head)
        if decision is None:
            return None
        entry = self._written_on_head(table_id, version, last, decision, idempotency_key)
        if entry is None:
            return UNDECIDED
        self.heads.saw(table_id, entry.seq, entry.hash, names)
        return Appended(entry)

    def _locked_append(self, table_id, expected_version, idempotency_key, decide, authorise) -> Appended | None:
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
                return Appended(_keyed(conn, table_id, stored), replayed=True)
            if expected_version is not None and expected_version != version:
                raise Conflict(version)
            decision = decide(head)
            if decision is None:
                return None
            entry = _chained(version, last, decision, idempotency_key)
            self._write(conn, table_id, entry)
        self.heads.saw(table_id, entry.seq, entry.hash, names)
        return Appended(entry)

    def append_if_head(self, table_id: str, version: int, last: str, idempotency_key: str | None,
                       decision: Decision) -> Appended | None:
        """Append `decision` as entry `version + 1` only if the log's head is still (`version`, `last`), and its
        Idempotency-Key unknown; else write nothing and give None (the caller takes the locked path, `append`).

        For an entry judged on a replay the caller already holds: no read of the head or the log first.
        """
        entry = self._written_on_head(table_id, version, last, decision, idempotency_key)
        if entry is None:
            return None
        self.heads.moved(table_id, (version, last), entry.seq, entry.hash)
        return Appended(entry)

    def _written_on_head(self, table_id: str, version: int, last: str | None, decision: Decision,
                         idempotency_key: str | None) -> StoredEntry | None:
        """The entry `decision` makes on the head (`version`, `last`), written by the one statement that checks it
        is still the head; None, nothing written, when it is not, when its key is known (the locked way answers
        that), or when the entry has free texts (written beside it in one transaction: the locked way)."""
        entry = _chained(version, last, decision, idempotency_key)
        if entry.texts:
            return None
        try:
            return entry if self._write_on_head(table_id, version, entry) else None
        except sa.exc.IntegrityError:
            return None

    def _write_on_head(self, table_id: str, version: int, entry: StoredEntry) -> bool:
        """Write `entry` as entry `version + 1` if the log's head is still entry `version`, in one statement in
        autocommit, which also moves the head and (PostgreSQL) sends the notice: whether it wrote. False, and
        nothing written, on a database not migrated to that statement yet. A known key: IntegrityError."""
        if not self._append_ready():
            return False  # the locked way, which moves the head itself
        row = self._row(table_id, entry)
        row["prev_seq"] = version
        if self._postgresql:
            row["note"] = notice(table_id, entry, row["payload"])
            return self._one_statement(postgresql.APPEND, row)
        row["at"] = sqlite.at_text(entry.at)
        with self._queue:
            return self._one_statement(sqlite.APPEND, row)

    def _append_ready(self) -> bool:
        """Whether the database has what the one-statement append needs (SQLite: the trigger that moves the head,
        migration 0006), looked for once."""
        if self._ready is None:
            with self._driver() as cursor:
                cursor.execute(self.sql.APPEND_READY)
                self._ready = cursor.fetchone() is not None
        return self._ready

    def write_entry(self, conn: sa.Connection, table_id: str, entry: StoredEntry) -> None:
        """Write an entry on the head the caller holds locked, in its transaction (a tournament round's closes)."""
        self.heads.drop(table_id)
        self._write(conn, table_id, entry)

    def _write(self, conn, table_id: str, entry: StoredEntry) -> None:
        """Write the entry and move the table's head to it, in the append's transaction."""
        row = self._row(table_id, entry)
        write_texts(conn, table_id, entry.texts or {})
        if self._postgresql:
            conn.execute(postgresql.WRITE, {**row, "note": notice(table_id, entry, row["payload"])})  # streams hear it
        else:
            conn.execute(ENTRIES.insert(), row)
            conn.execute(MOVE_HEAD, {"table_id": table_id, "head_seq": entry.seq, "head_hash": entry.hash})

    @staticmethod
    def chain(entries_fields: list[tuple[str, int | None, datetime, dict, dict | None]],
              known: Texts | None = None) -> list[StoredEntry]:
        """Number and hash new entries from seq 1: `(type, seat, at, data, verdict)` each; a free text given as its
        digest keeps it, its text from `known` (an import's)."""
        out: list[StoredEntry] = []
        for version, decision in enumerate(entries_fields):
            out.append(_chained(version, out[-1].hash if out else None, decision, known=known))
        return out

    _row = staticmethod(entry_row)
