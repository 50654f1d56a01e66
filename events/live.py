"""Wake the streams of a table when its log grows, whichever worker or host wrote the entry.

PostgreSQL: every append runs `SELECT pg_notify('arbitre_entries', '<table id> <seq>')` inside its
transaction (`events/store.py`), so the notice goes out at commit, from any worker of any host on that
database. Each process holds ONE listening connection (a `Hub` thread), not one per stream, and wakes
the streams waiting on that table. SQLite (one host): the hub checks the head of the watched tables
every `POLL` seconds in one indexed query, which sees the writes of every worker.

A stream never trusts a notice's content: it only wakes up and reads the log after the last entry it
sent. A lost notice costs at most one heartbeat of delay (the stream re-reads on every heartbeat).
"""

from __future__ import annotations

import os
import threading
import time

import sqlalchemy as sa

from events.models import EntryRow

CHANNEL = "arbitre_entries"
POLL = 0.1  # SQLite: seconds between two looks at the watched tables' heads
IDLE = 60.0  # the hub's thread stops after this long with no stream watching (pages come and go)
ENTRIES = EntryRow.__table__


class Hub:
    """One per process and database: a thread that learns the head of the watched tables and wakes waiters."""

    def __init__(self, engine: sa.Engine):
        self.engine = engine
        self.cond = threading.Lock()  # guards the dicts below; each watched table has its own condition on it
        self.conds: dict[str, threading.Condition] = {}
        self.heads: dict[str, int] = {}  # the highest seq this hub has heard of, per watched table
        self.watching: dict[str, int] = {}  # table id -> number of streams watching it
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
            self.conds.setdefault(table_id, threading.Condition(self.cond))
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
                self.conds.pop(table_id, None)
            else:
                self.watching[table_id] = left

    def wait(self, table_id: str, after: int, timeout: float) -> bool:
        """Wait until the table's log passes `after` (True) or `timeout` seconds pass (False)."""
        end = time.monotonic() + timeout
        with self.cond:
            epoch, cond = self.epoch, self.conds.get(table_id)
            while self.heads.get(table_id, 0) <= after and self.epoch == epoch:
                left = end - time.monotonic()
                if left <= 0 or cond is None:
                    return False
                cond.wait(left)
        return True

    def heard(self, table_id: str, seq: int) -> None:
        """Record that the table's log reached `seq`; wake its streams."""
        with self.cond:
            if table_id in self.watching and seq > self.heads.get(table_id, 0):
                self.heads[table_id] = seq
                self.conds[table_id].notify_all()  # only this table's streams: not every stream of the process

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
        idle = None
        while True:
            with self.cond:
                tables = list(self.watching)
            if tables:
                try:
                    with self.engine.connect() as conn:
                        rows = conn.execute(sa.select(ENTRIES.c.table_id, sa.func.max(ENTRIES.c.seq))
                                            .where(ENTRIES.c.table_id.in_(tables))
                                            .group_by(ENTRIES.c.table_id)).all()
                    for table_id, seq in rows:
                        self.heard(table_id, seq)
                except sa.exc.OperationalError:
                    pass  # busy or gone for a moment: the next look will do
            self.ready.set()
            idle = self._idle_since(idle)
            if idle is not None and time.monotonic() - idle > IDLE:
                return
            time.sleep(POLL)

    def _listen(self) -> None:
        import psycopg

        idle = None
        while True:
            try:
                url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    self._wake_all()  # anything written while we were not listening
                    while True:
                        for notice in conn.notifies(timeout=1.0):
                            table_id, _, seq = notice.payload.rpartition(" ")
                            self.heard(table_id, int(seq))
                        idle = self._idle_since(idle)
                        if idle is not None and time.monotonic() - idle > IDLE:
                            return
            except psycopg.OperationalError:
                self.ready.set()
                self._wake_all()
                time.sleep(1.0)  # the database is away: streams re-read on their heartbeats meanwhile

    def _wake_all(self) -> None:
        """Make every waiting stream re-read (after a reconnection, notices may have been missed)."""
        with self.cond:
            self.epoch += 1
            for cond in self.conds.values():
                cond.notify_all()
