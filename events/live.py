"""Wake the streams of a table when its log grows, whichever worker or host wrote the entry.

PostgreSQL: every append runs `SELECT pg_notify('arbitre_entries', '<table id> <seq> <entry>')` inside its
transaction (`events/store.py`), so the notice goes out at commit, from any worker of any host on that
database, carrying the entry as /entries shows it. Each process holds ONE listening connection (a `Hub`
thread), not one per stream, keeps the last entries it heard of each watched table and wakes the streams
waiting on that table: they send those entries without reading the log. SQLite (one host): the hub reads
the entries written since its last look every `POLL` seconds (by their ids, in the order they were written),
which sees the writes of every worker whatever the number of tables watched; the streams then read the new
entries. It also reads the heads of the watched tables every `LOOK` seconds.

Notices are sent only by the append's own statement, so their entries are the log's; a stream still reads
the log whenever the entries it heard do not follow on from the last it sent (a notice lost, or too long to
carry its entry). On PostgreSQL the hub also reads the heads of the watched tables every `LOOK` seconds, one
query for the whole process, so a lost notice costs at most that much delay and an idle stream costs the
database nothing.
"""

from __future__ import annotations

import os
import select
import threading
import time
from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import ARRAY

from events.models import EntryRow, TableRow, table_of

CHANNEL = "arbitre_entries"
POLL = 0.1  # SQLite: seconds between two looks at the entries written since the last
LOOK = 15.0  # seconds between two looks at the watched tables' heads, in case a notice (or a new entry) was missed
SINCE_MAX = 10_000  # SQLite: new entries read by one look at most (an import's thousands: the rest at the next)
IDLE = 60.0  # the hub's thread stops after this long with no stream watching (pages come and go)
KEEP = 64  # entries kept per watched table, for the streams that are a little behind
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


class Hub:
    """One per process and database: a thread that learns the head of the watched tables and wakes waiters."""

    def __init__(self, engine: sa.Engine):
        self.engine = engine
        self.cond = threading.Lock()  # guards the dicts below
        # Each watched table's next news: an event set (and replaced by a fresh one) when its log moves or its
        # streams are poked. A waiter takes the current one under the lock and waits on it outside: news that
        # comes in between has set it already. (A Condition's wait allocates a lock and its notify releases each
        # waiter's, in Python under gevent: at 10,000 streams, a good part of what they cost the writes.)
        self.news: dict[str, threading.Event] = {}
        self.heads: dict[str, int] = {}  # the highest seq this hub has heard of, per watched table
        self.watching: dict[str, int] = {}  # table id -> number of streams watching it
        self.recent: dict[str, dict[int, str]] = {}  # table id -> seq -> the entry's JSON text, as its notice carried it
        self.thread: threading.Thread | None = None
        self.ready = threading.Event()
        self.epoch = 0  # moves on when notices may have been missed: every waiter re-reads
        self.pid = os.getpid()

    # --- for the streams -------------------------------------------------------------------------------
    def watch(self, table_id: str) -> None:
        """Start watching a table (call before the stream's first read, so no entry falls in between)."""
        with self.cond:
            self.watching[table_id] = self.watching.get(table_id, 0) + 1
            self.heads.setdefault(table_id, 0)
            self.news.setdefault(table_id, threading.Event())
            if self.thread is None or not self.thread.is_alive():
                self.ready.clear()
                self.thread = threading.Thread(target=self._run, name="arbitre-live", daemon=True)
                self.thread.start()
        # No waiting for LISTEN here: once it is in place the hub wakes every stream to read again, so an
        # entry written meanwhile is not missed, and a stream never waits for the database to answer first.

    def unwatch(self, table_id: str) -> None:
        with self.cond:
            left = self.watching.get(table_id, 1) - 1
            if left <= 0:
                self.watching.pop(table_id, None)
                self.heads.pop(table_id, None)
                self.news.pop(table_id, None)
                self.recent.pop(table_id, None)
            else:
                self.watching[table_id] = left

    def wait(self, table_id: str, after: int, timeout: float, stop: Callable[[], bool] | None = None) -> bool:
        """Wait until the table's log passes `after`, the hub asks every stream to read again, or `stop()` says so
        after a `poke` (True); or until `timeout` seconds pass (False)."""
        end, epoch = time.monotonic() + timeout, self.epoch
        while True:
            with self.cond:
                if self.heads.get(table_id, 0) > after or self.epoch != epoch or (stop and stop()):
                    return True
                news = self.news.get(table_id)
            left = end - time.monotonic()
            if left <= 0 or news is None:
                return False
            news.wait(left)

    def poke(self, table_id: str) -> None:
        """Wake the table's waiting streams without news, for one of them to see its `stop()` (its phone gone)."""
        with self.cond:
            self._tell(table_id)

    def heard(self, table_id: str, seq: int, text: str | None = None) -> None:
        """Record that the table's log reached `seq` (with that entry's JSON text, when the notice carried it:
        the streams send it as it is); wake the table's streams."""
        with self.cond:
            if table_id not in self.watching:
                return
            if text is not None:
                kept = self.recent.setdefault(table_id, {})
                kept[seq] = text
                if len(kept) > KEEP:
                    del kept[min(kept)]
            if seq > self.heads.get(table_id, 0):
                self.heads[table_id] = seq
                self._tell(table_id)  # only this table's streams: not every stream of the process

    def entries_after(self, table_id: str, after: int) -> list[tuple[int, str]] | None:
        """The entries after `after` up to the head heard, as `(seq, JSON text)`, if every one of them was heard;
        else None (read the log)."""
        with self.cond:
            head, kept = self.heads.get(table_id, 0), self.recent.get(table_id, {})
            if head <= after or any(seq not in kept for seq in range(after + 1, head + 1)):
                return None
            return [(seq, kept[seq]) for seq in range(after + 1, head + 1)]

    # --- the thread ------------------------------------------------------------------------------------
    def _idle_since(self, since: float | None) -> float | None:
        with self.cond:
            return None if self.watching else (since or time.monotonic())

    def _run(self) -> None:
        try:
            if self.engine.dialect.name == "postgresql":
                self._listen()
            else:
                self._poll()
        finally:
            self.ready.set()

    def _poll(self) -> None:
        """SQLite: every POLL seconds, the entries written since the last look (by any worker of the host), one
        query whatever the number of tables watched; every LOOK seconds, the watched tables' heads as well."""
        idle, last, looked = None, None, 0.0
        while True:
            if last is None or time.monotonic() - looked > LOOK:
                last = self._newest(last)
                with self.cond:
                    tables = list(self.watching)
                self._look(tables)  # after where the entries ended: what comes between is heard twice, harmlessly
                looked = time.monotonic()
            else:
                last = self._since(last)
            self.ready.set()
            idle = self._idle_since(idle)
            if idle is not None and time.monotonic() - idle > IDLE:
                return
            time.sleep(POLL)

    def _newest(self, last: int | None) -> int | None:
        """The id of the newest entry (where the next look starts), or `last` if the file cannot say now."""
        try:
            with self.engine.connect() as conn:
                return max(last or 0, conn.execute(NEWEST).scalar_one())
        except sa.exc.SQLAlchemyError:
            return last

    def _since(self, last: int) -> int:
        """Tell the watched tables' streams of the entries after id `last`; give the id of the newest read."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(SINCE, {"last": last}).all()
        except sa.exc.SQLAlchemyError:
            return last  # busy for a moment: the next look reads them
        heads: dict[str, int] = {}
        for id_, table_id, seq in rows:
            heads[table_id] = max(seq, heads.get(table_id, 0))
            last = id_
        for table_id, seq in heads.items():
            self.heard(table_id, seq)
        return last

    def _look(self, tables: list[str]) -> None:
        """Read the heads of `tables` (kept in their rows: one query by key) and wake the streams behind."""
        if not tables:
            return
        try:
            heads = HEADS_ANY if self.engine.dialect.name == "postgresql" else HEADS
            with self.engine.connect() as conn:
                rows = conn.execute(heads, {"ids": tables}).all()
            for table_id, seq in rows:
                self.heard(table_id, seq)
        except sa.exc.SQLAlchemyError:
            pass  # busy or gone for a moment: the next look will do

    def _listen(self) -> None:
        import psycopg

        idle = None
        while True:
            try:
                url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
                with psycopg.connect(url, autocommit=True, application_name=f"arbitre-live {self.pid}") as conn:
                    conn.execute("SET client_encoding TO 'UTF8'")  # the notices' text, as `_drain` decodes it
                    conn.execute(f"LISTEN {CHANNEL}")
                    waiting = select.poll()  # not select(): a worker holding thousands of streams gives this
                    waiting.register(conn.pgconn.socket, select.POLLIN)  # socket a number past its 1,024
                    self._wake_all()  # anything written while we were not listening; then ready, which
                    self.ready.set()  # thus says this wake has been given
                    looked = time.monotonic()
                    while True:
                        if self._drain(conn.pgconn, waiting):  # busy: the next wake hands out what came meanwhile,
                            time.sleep(GATHER)  # together (one wake of the hub a notice cost the writes)
                        if time.monotonic() - looked > LOOK:  # the safety net for a lost notice: one read for
                            with self.cond:  # all the process's streams, not one per stream
                                tables = list(self.watching)
                            self._look(tables)
                            looked = time.monotonic()
                        idle = self._idle_since(idle)
                        if idle is not None and time.monotonic() - idle > IDLE:
                            return
            except psycopg.OperationalError:
                self.ready.set()
                self._wake_all()
                time.sleep(1.0)  # the database is away: streams re-read on their heartbeats meanwhile

    def _drain(self, pgconn, waiting) -> int:
        """Wait up to a second for the listening connection to hold something, then hand every notice it holds to
        `_notice`: all those that came together, for one wait. (psycopg's `notifies()` sets its wait up anew for
        each notice, under gevent a poll object and its watchers: for every append of the database, in every
        worker.) `waiting` polls the connection's socket. Raises psycopg's OperationalError when the connection
        is lost. Gives how many came."""
        waiting.poll(1000)
        pgconn.consume_input()
        count = 0
        while (notice := pgconn.notifies()) is not None:
            self._notice(notice.extra.decode("utf-8", "replace"))
            count += 1
        return count

    def _notice(self, payload: str) -> None:
        """`<table id> <seq>` or `<table id> <seq> <entry JSON>` (events/store/store.py, `notice`); anything else
        wakes every stream. The entry's text is checked for the form our store gives it (`entry_text`: one line,
        the object opening with its seq), not parsed: every worker hears every append."""
        table_id, _, rest = payload.partition(" ")
        seq, _, entry = rest.partition(" ")
        if table_id not in self.watching:  # every append of the database is heard: most are of tables not watched
            return
        try:
            number = int(seq)
            if entry and not _is_entry(entry, number):
                raise ValueError(payload)
            self.heard(table_id, number, entry or None)
        except ValueError:
            self._wake_all()  # not a notice of ours (or of another version): every stream reads for itself

    def _wake_all(self) -> None:
        """Make every waiting stream re-read (after a reconnection, notices may have been missed)."""
        with self.cond:
            self.epoch += 1
            for table_id in list(self.news):
                self._tell(table_id)

    def _tell(self, table_id: str) -> None:
        """Wake the table's waiting streams: set its news, and give it a fresh one for the next (lock held)."""
        news = self.news.get(table_id)
        if news is not None:
            self.news[table_id] = threading.Event()
            news.set()


def _is_entry(text: str, seq: int) -> bool:
    """Whether `text` is entry `seq` as `entry_text` writes it, on one line (a stream sends it as one `data:`)."""
    return (text.startswith(f'{{"seq":{seq},') and text.endswith("}") and "\n" not in text and "\r" not in text)
