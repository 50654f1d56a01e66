"""How a process's hub (events/live.py) learns what moved, one class per database, one interface (`Source`).

- `Listener` (PostgreSQL): every append runs `SELECT pg_notify('arbitre_entries', '<table id> <seq> <entry>')`
  inside its transaction (`events/store`), so the notice goes out at commit, from any worker of any host on that
  database, carrying the entry as /entries shows it; a record's change (a tournament's round or message) is a
  notice of its key alone, sent by `announce` once written. The hub's thread holds ONE listening connection for
  all the process's streams. Every `LOOK` seconds it also reads the heads of the watched tables (one query) and
  looks at the watched records, so a lost notice costs at most that much delay and an idle stream costs the
  database nothing.
- `Poller` (SQLite, one host): every `POLL` seconds the entries written since its last look (by their ids, in the
  order they were written), which sees the writes of every worker whatever the number of tables watched; every
  `RECORDS` seconds the watched records (a tournament: two small queries); every `LOOK` seconds the heads.
"""

from __future__ import annotations

import select
import time
from collections.abc import Callable
from typing import Protocol

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import ARRAY

from events.models import EntryRow, TableRow, table_of

CHANNEL = "arbitre_entries"
POLL = 0.1  # SQLite: seconds between two looks at the entries written since the last
RECORDS = 0.2  # SQLite: seconds between two looks at the watched records (other workers' rounds and messages)
LOOK = 15.0  # seconds between two looks at the watched tables' heads, in case a notice (or a new entry) was missed
SINCE_MAX = 10_000  # SQLite: new entries read by one look at most (an import's thousands: the rest at the next)
IDLE = 60.0  # the hub's thread stops after this long with no stream watching (pages come and go)
GATHER = 0.005  # PostgreSQL: seconds the hub lets notices gather after handling some (a lone notice goes at once)
TABLES = table_of(TableRow)
ENTRIES = table_of(EntryRow)
HEADS = sa.select(TABLES.c.id, TABLES.c.head_seq).where(TABLES.c.id.in_(sa.bindparam("ids", expanding=True)))
# PostgreSQL: the ids as one array parameter. An IN of 2,500 parameters cost the driver more to build than the
# database to answer (a quarter of what 10,000 idle streams cost their workers).
HEADS_ANY = sa.select(TABLES.c.id, TABLES.c.head_seq).where(
    TABLES.c.id == sa.any_(sa.bindparam("ids", type_=ARRAY(sa.String))))
# SQLite: the entries written since the last look, in the order they were written (an entry's id is the file's
# rowid, and SQLite's writers commit one at a time, so a later entry always has a higher id).
NEWEST = sa.select(sa.func.coalesce(sa.func.max(ENTRIES.c.id), 0))
SINCE = (sa.select(ENTRIES.c.id, ENTRIES.c.table_id, ENTRIES.c.seq).where(ENTRIES.c.id > sa.bindparam("last"))
         .order_by(ENTRIES.c.id).limit(SINCE_MAX))


class Hearing(Protocol):
    """What a source tells its hub (events.live.Hub)."""

    engine: sa.Engine
    pid: int
    epoch: int

    def heard(self, table_id: str, seq: int, text: str | None = None) -> None: ...
    def touched(self, key: str) -> None: ...
    def wake_all(self) -> None: ...
    def tables(self) -> list[str]: ...
    def look_records(self) -> None: ...
    def idle_for(self) -> float: ...
    def is_watched(self, key: str) -> bool: ...
    def set_ready(self) -> None: ...


class Source:
    """What runs in the hub's thread until the hub has been idle for `IDLE` seconds; `announce` tells the other
    processes that a record changed (once it is written)."""

    heads = HEADS

    def __init__(self, hub: Hearing):
        self.hub = hub

    def run(self) -> None:
        raise NotImplementedError

    @staticmethod
    def announce(engine: sa.Engine, key: str) -> None:
        """Tell the other processes' hubs that the record `key` changed (nothing: they look at it)."""

    def idle(self) -> bool:
        return self.hub.idle_for() > IDLE

    def look(self) -> None:
        """Read the heads of the watched tables (kept in their rows: one query by key) and wake the streams behind;
        look at the watched records."""
        tables = self.hub.tables()
        try:
            if tables:
                with self.hub.engine.connect() as conn:
                    rows = conn.execute(self.heads, {"ids": tables}).all()
                for table_id, seq in rows:
                    self.hub.heard(table_id, seq)
        except sa.exc.SQLAlchemyError:
            pass  # busy or gone for a moment: the next look will do
        self.hub.look_records()


class Poller(Source):
    """SQLite: every POLL seconds the entries written since the last look (by any worker of the host), one query
    whatever the number of tables watched; every RECORDS seconds the watched records; every LOOK seconds the
    watched tables' heads as well."""

    def run(self) -> None:
        last, looked, records = None, 0.0, 0.0
        while True:
            if last is None or time.monotonic() - looked > LOOK:
                last = self.newest(last)
                self.look()  # after where the entries ended: what comes between is heard twice, harmlessly
                looked = records = time.monotonic()
            else:
                last = self.since(last)
                if time.monotonic() - records > RECORDS:
                    self.hub.look_records()
                    records = time.monotonic()
            self.hub.set_ready()
            if self.idle():
                return
            time.sleep(POLL)

    def newest(self, last: int | None) -> int | None:
        """The id of the newest entry (where the next look starts), or `last` if the file cannot say now."""
        try:
            with self.hub.engine.connect() as conn:
                return max(last or 0, conn.execute(NEWEST).scalar_one())
        except sa.exc.SQLAlchemyError:
            return last

    def since(self, last: int) -> int:
        """Tell the watched tables' streams of the entries after id `last`; give the id of the newest read."""
        try:
            with self.hub.engine.connect() as conn:
                rows = conn.execute(SINCE, {"last": last}).all()
        except sa.exc.SQLAlchemyError:
            return last  # busy for a moment: the next look reads them
        heads: dict[str, int] = {}
        for id_, table_id, seq in rows:
            heads[table_id] = max(seq, heads.get(table_id, 0))
            last = id_
        for table_id, seq in heads.items():
            self.hub.heard(table_id, seq)
        return last


class Listener(Source):
    """PostgreSQL: one LISTEN connection for the process; its notices wake the streams of their table (or record).
    Every LOOK seconds, the heads and the records: the safety net for a lost notice."""

    heads = HEADS_ANY

    @staticmethod
    def announce(engine: sa.Engine, key: str) -> None:
        """A notice of the record's key alone, after its write committed (a lost one: the next look sees it)."""
        try:
            with engine.begin() as conn:
                conn.execute(sa.select(sa.func.pg_notify(CHANNEL, key)))
        except sa.exc.SQLAlchemyError:
            pass

    def run(self) -> None:
        import psycopg

        while True:
            try:
                self.listen(psycopg.connect)
                return
            except psycopg.OperationalError:
                self.hub.set_ready()
                self.hub.wake_all()
                time.sleep(1.0)  # the database is away: streams re-read on their heartbeats meanwhile

    def listen(self, connect: Callable) -> None:
        """Listen until the hub is idle (raises psycopg's OperationalError when the connection is lost)."""
        engine = self.hub.engine
        url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        with connect(url, autocommit=True, application_name=f"arbitre-live {self.hub.pid}") as conn:
            conn.execute("SET client_encoding TO 'UTF8'")  # the notices' text, as `drain` decodes it
            conn.execute(f"LISTEN {CHANNEL}")
            waiting = select.poll()  # not select(): a worker holding thousands of streams gives this
            waiting.register(conn.pgconn.socket, select.POLLIN)  # socket a number past its 1,024
            self.hub.wake_all()  # anything written while we were not listening; then ready, which
            self.hub.set_ready()  # thus says this wake has been given
            looked = time.monotonic()
            while True:
                if self.drain(conn.pgconn, waiting):  # busy: the next wake hands out what came meanwhile,
                    time.sleep(GATHER)  # together (one wake of the hub a notice cost the writes)
                if time.monotonic() - looked > LOOK:  # the safety net for a lost notice: one read for
                    self.look()  # all the process's streams, not one per stream
                    looked = time.monotonic()
                if self.idle():
                    return

    def drain(self, pgconn, waiting) -> int:
        """Wait up to a second for the listening connection to hold something, then hand every notice it holds to
        `notice`: all those that came together, for one wait. (psycopg's `notifies()` sets its wait up anew for
        each notice, under gevent a poll object and its watchers: for every append of the database, in every
        worker.) `waiting` polls the connection's socket. Raises psycopg's OperationalError when the connection
        is lost. Gives how many came."""
        waiting.poll(1000)
        pgconn.consume_input()
        count = 0
        while (notice := pgconn.notifies()) is not None:
            self.notice(notice.extra.decode("utf-8", "replace"))
            count += 1
        return count

    def notice(self, payload: str) -> None:
        """`<table id> <seq>` or `<table id> <seq> <entry JSON>` (events/store/store.py, `notice`), or a record's
        key alone (`announce`); anything else wakes every stream. The entry's text is checked for the form our
        store gives it (`entry_text`: one line, the object opening with its seq), not parsed: every worker hears
        every append."""
        key, _, rest = payload.partition(" ")
        seq, _, entry = rest.partition(" ")
        if not self.hub.is_watched(key):  # every append of the database is heard: most are of tables not watched
            return
        if not rest:
            self.hub.touched(key)
            return
        try:
            number = int(seq)
            if entry and not is_entry(entry, number):
                raise ValueError(payload)
            self.hub.heard(key, number, entry or None)
        except ValueError:
            self.hub.wake_all()  # not a notice of ours (or of another version): every stream reads for itself


SOURCES: dict[str, type[Source]] = {"postgresql": Listener, "sqlite": Poller}


def source_for(engine: sa.Engine) -> type[Source]:
    """The source of a database's news: its dialect's (a database we do not know of is looked at, as SQLite)."""
    return SOURCES.get(engine.dialect.name, Poller)


def is_entry(text: str, seq: int) -> bool:
    """Whether `text` is entry `seq` as `entry_text` writes it, on one line (a stream sends it as one `data:`)."""
    return (text.startswith(f'{{"seq":{seq},') and text.endswith("}") and "\n" not in text and "\r" not in text)
