"""Append and read a table's log: one locked transaction per append (E-1, E-3)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable, NamedTuple

import sqlalchemy as sa

from events.chain import entry_hash, iso
from events.models import EntryRow, TableRow
from events.groups import GroupRecords
from events.side import SideRecords

ENTRIES = EntryRow.__table__
TABLES = TableRow.__table__

# What `decide` returns: (type, seat, at, data, verdict), or None to write nothing.
Decision = tuple[str, "int | None", datetime, dict, "dict | None"]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)


class Conflict(Exception):
    """The log moved on since the version the writer based its entry on (E-3, HTTP 409)."""

    def __init__(self, current_version: int):
        super().__init__(f"the log is at version {current_version}")
        self.current_version = current_version


class StoredEntry(NamedTuple):
    """An entry as stored: its content, its place in the hash chain and its verdict."""

    seq: int
    type: str
    seat: int | None
    at: datetime
    data: dict
    hash: str
    prev_hash: str | None = None
    verdict: dict | None = None
    idempotency_key: str | None = None

    def to_entry(self):
        """Give the referee's view of this entry."""
        from referee.log import Entry

        return Entry(self.seq, self.type, self.seat, self.at, self.data)

    def to_json(self) -> dict:
        return {"seq": self.seq, "type": self.type, "at": iso(self.at), "seat": self.seat, "hash": self.hash,
                **self.data}


@dataclass(frozen=True)
class TableRecord:
    """A table's identity: its game and the hashes of its tokens."""

    id: str
    game: str
    created_at: datetime
    host_token_hash: str
    seat_token_hashes: tuple[str, ...]

    def holder(self, token: str) -> str | int | None:
        """Say whose token this is: `"host"`, a seat number, or None for an unknown token."""
        digest = token_hash(token)
        if digest == self.host_token_hash:
            return "host"
        return self.seat_token_hashes.index(digest) if digest in self.seat_token_hashes else None


@dataclass
class Head:
    """The last entry of a log inside an append's transaction; `entries()` reads the log there."""

    table_id: str
    version: int
    hash: str | None
    _conn: sa.Connection = field(repr=False)

    def entries(self, after: int = 0) -> list[StoredEntry]:
        return _select_entries(self._conn, self.table_id, after, None)

    def log(self, after: int = 0) -> list:
        """The log as the referee reads it (`referee.log.Entry`), up to this head, inside the transaction."""
        return _select_log(self._conn, self.table_id, after, self.version)


@dataclass(frozen=True)
class Appended:
    """The answer of an append: the entry, and whether it was already there (same idempotency key)."""

    entry: StoredEntry
    replayed: bool = False


MAX_SEQ = 2**31 - 1
COLUMNS = [ENTRIES.c[name] for name in StoredEntry._fields if name not in ("data", "verdict")]


def _row_entry(row) -> StoredEntry:
    return StoredEntry(row.seq, row.type, row.seat, _utc(row.at), json.loads(row.payload), row.hash,
                       row.prev_hash, None if row.verdict is None else json.loads(row.verdict), row.idempotency_key)


def _select_entries(conn, table_id: str, after: int, upto: int | None) -> list[StoredEntry]:
    query = sa.select(*COLUMNS, ENTRIES.c.payload, ENTRIES.c.verdict).where(
        ENTRIES.c.table_id == table_id, ENTRIES.c.seq > after)
    if upto is not None:
        query = query.where(ENTRIES.c.seq <= upto)
    rows = conn.execute(query.order_by(ENTRIES.c.seq)).all()
    # One json.loads over the whole log is several times faster than one per entry.
    datas = json.loads("[" + ",".join(row[-2] for row in rows) + "]")
    utc = timezone.utc
    return [StoredEntry(seq, type_, seat, at.replace(tzinfo=utc) if at.tzinfo is None else at.astimezone(utc),
                        data, hash_, prev, None if verdict is None else json.loads(verdict), key)
            for (seq, type_, seat, at, hash_, prev, key, _, verdict), data in zip(rows, datas)]


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
    from referee.log import Entry

    query = LOG["postgresql" if conn.dialect.name == "postgresql" else "sqlite"]
    rows = conn.execute(query, {"table_id": table_id, "after": after, "upto": upto}).all()
    if not rows:
        return []
    datas = json.loads("[" + ",".join([row[4] for row in rows]) + "]")
    utc = timezone.utc
    parse = datetime.fromisoformat
    out = []
    append = out.append
    for (seq, type_, seat, at, _), data in zip(rows, datas):
        if at.__class__ is str:  # UTC as 'YYYY-MM-DD HH:MM:SS.ffffff'
            at = parse(at + "+00:00")  # several times cheaper than .replace(tzinfo=...)
        elif at.tzinfo is None:
            at = at.replace(tzinfo=utc)
        elif at.utcoffset():
            at = at.astimezone(utc)
        append(Entry(seq, type_, seat, at, data))
    return out


# Built once: these run on every request, and building a statement costs more than running it.
HEAD = (sa.select(ENTRIES.c.seq, ENTRIES.c.hash).where(ENTRIES.c.table_id == sa.bindparam("table_id"))
        .order_by(ENTRIES.c.seq.desc()).limit(1))
BY_KEY = sa.select(ENTRIES).where(ENTRIES.c.table_id == sa.bindparam("table_id"),
                                  ENTRIES.c.idempotency_key == sa.bindparam("key"))
TABLE = sa.select(TABLES).where(TABLES.c.id == sa.bindparam("table_id"))
def _head(conn, table_id: str) -> tuple[int, str | None]:
    row = conn.execute(HEAD, {"table_id": table_id}).first()
    return (0, None) if row is None else (row.seq, row.hash)


class Store(SideRecords, GroupRecords):
    """The event store over one SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: sa.Engine, locked: Callable):
        self.engine = engine
        self._locked = locked  # context manager: a transaction holding the table's append lock

    def table(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(TABLE, {"table_id": table_id}).first()
        if row is None:
            return None
        return TableRecord(row.id, row.game, _utc(row.created_at), row.host_token_hash,
                           tuple(json.loads(row.seat_token_hashes)))

    def entries(self, table_id: str, after: int = 0, upto: int | None = None) -> list[StoredEntry]:
        with self.engine.connect() as conn:
            return _select_entries(conn, table_id, after, upto)

    def log(self, table_id: str, after: int = 0, upto: int | None = None) -> list:
        """Read the log as the referee replays it (`referee.log.Entry`, no hashes or verdicts): the fast path."""
        with self.engine.connect() as conn:
            return _select_log(conn, table_id, after, MAX_SEQ if upto is None else upto)

    def head(self, table_id: str) -> tuple[int, str | None]:
        """Read the version and last hash of a log (0, None when it has no entry)."""
        with self.engine.connect() as conn:
            return _head(conn, table_id)

    def create_table(self, table_id: str, game: str, host_token: str, seat_tokens: list[str],
                     entries: list[StoredEntry]) -> list[StoredEntry]:
        """Write a new table with its first entries (a `create`, or an imported log) in one transaction."""
        with self._locked(table_id) as conn:
            conn.execute(TABLES.insert().values(
                id=table_id, game=game, created_at=datetime.now(timezone.utc), host_token_hash=token_hash(host_token),
                seat_token_hashes=_dumps([token_hash(t) for t in seat_tokens])))
            if entries:
                conn.execute(ENTRIES.insert(), [self._row(table_id, e) for e in entries])
        return entries

    def append(self, table_id: str, expected_version: int | None, idempotency_key: str | None,
               decide: Callable[[Head], Decision | None]) -> Appended | None:
        """Append one entry under the table's lock: known key → stored answer; stale version → Conflict."""
        try:
            return self._append(table_id, expected_version, idempotency_key, decide)
        except sa.exc.IntegrityError:
            # The lock makes this unreachable; should two writers ever pass it, the unique keys still decide.
            raise Conflict(self.head(table_id)[0]) from None

    def _append(self, table_id, expected_version, idempotency_key, decide) -> Appended | None:
        with self._locked(table_id) as conn:
            if idempotency_key is not None:
                row = conn.execute(BY_KEY, {"table_id": table_id, "key": idempotency_key}).first()
                if row is not None:
                    return Appended(_row_entry(row), replayed=True)
            version, last = _head(conn, table_id)
            if expected_version is not None and expected_version != version:
                raise Conflict(version)
            decision = decide(Head(table_id, version, last, conn))
            if decision is None:
                return None
            type_, seat, at, data, verdict = decision
            at = _utc(at)
            seq = version + 1
            entry = StoredEntry(seq, type_, seat, at, data, entry_hash(seq, type_, seat, at, data, last), last,
                                verdict, idempotency_key)
            conn.execute(ENTRIES.insert().values(**self._row(table_id, entry)))
            if conn.dialect.name == "postgresql":  # sent at commit, to every worker and host (events/live.py)
                conn.execute(sa.select(sa.func.pg_notify("arbitre_entries", f"{table_id} {seq}")))
        return Appended(entry)

    @staticmethod
    def chain(entries_fields: list[tuple[str, int | None, datetime, dict, dict | None]]) -> list[StoredEntry]:
        """Number and hash new entries from seq 1: `(type, seat, at, data, verdict)` each."""
        out, prev = [], None
        for seq, (type_, seat, at, data, verdict) in enumerate(entries_fields, start=1):
            at = _utc(at)
            out.append(StoredEntry(seq, type_, seat, at, data, entry_hash(seq, type_, seat, at, data, prev), prev,
                                   verdict))
            prev = out[-1].hash
        return out

    @staticmethod
    def _row(table_id: str, e: StoredEntry) -> dict:
        return {"table_id": table_id, "seq": e.seq, "type": e.type, "seat": e.seat, "at": e.at,
                "payload": _dumps(e.data), "idempotency_key": e.idempotency_key,
                "verdict": None if e.verdict is None else _dumps(e.verdict), "hash": e.hash, "prev_hash": e.prev_hash}
