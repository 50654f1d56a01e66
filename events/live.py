"""Wake the streams of a table (or of a record: a tournament) when it moves, whichever worker or host wrote it.

Each process has one `Hub`: a thread that learns what moved from the database (its `Source`, one class per
database: events/live_sources.py, PostgreSQL's notices or SQLite's looks), keeps the last entries it heard of
each watched table, and wakes the streams waiting on that table: they send those entries without reading the
log. A stream still reads the log whenever the entries it heard do not follow on from the last it sent (a notice
lost, or too long to carry its entry).

A record (a tournament: its rounds, its message, its freeze) is watched by a key of its own with a version, which
moves when the record is `touch`ed (in this process, or in another, whose notice or whose look the source
brings), when a look at it (`watch(key, look)`) gives something new, or when one of the tables it `follow`s moves:
so a tournament's stream is woken by any of its tables' entries and by its own records, through one hub.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable

import sqlalchemy as sa

from events.live_sources import Source, source_for

KEEP = 64  # entries kept per watched table, for the streams that are a little behind


def key(kind: str, id_: str) -> str:
    """The key of a record the streams watch: `tournament:<id>` (never a table's id, which has no colon)."""
    return f"{kind}:{id_}"


def announce(engine: sa.Engine, changed: str) -> None:
    """Tell the other processes' hubs that the record `changed` moved (its source's way)."""
    source_for(engine).announce(engine, changed)


class Hub:
    """One per process and database: a thread that learns what moved (its source) and wakes the waiters."""

    def __init__(self, engine: sa.Engine):
        self.engine = engine
        self.cond = threading.Lock()  # guards the dicts below
        # Each watched key's next news: an event set (and replaced by a fresh one) when it moves or its streams
        # are poked. A waiter takes the current one under the lock and waits on it outside: news that comes in
        # between has set it already. (A Condition's wait allocates a lock and its notify releases each waiter's,
        # in Python under gevent: at 10,000 streams, a good part of what they cost the writes.)
        self.news: dict[str, threading.Event] = {}
        self.heads: dict[str, int] = {}  # a table's highest seq heard; a record's version (moves at each change)
        self.watching: dict[str, int] = {}  # key -> number of streams (and records following it) watching it
        self.recent: dict[str, dict[int, str]] = {}  # table id -> seq -> the entry's JSON text, as its notice carried it
        self.looks: dict[str, Callable[[], object]] = {}  # record key -> what it is now (compared to the last look)
        self.seen: dict[str, object] = {}  # record key -> what its last look gave
        self.following: dict[str, set[str]] = {}  # record key -> the tables whose entries move it
        self.followers: dict[str, set[str]] = {}  # table id -> the record keys following it
        self.thread: threading.Thread | None = None
        self.ready = threading.Event()
        self.epoch = 0  # moves on when notices may have been missed: every waiter re-reads
        # A record's versions come from one counter of the hub, never given twice: a record watched again after its
        # last stream left (a change meanwhile was heard by nobody here) starts at a version no read was kept at.
        self.record_versions = 0
        self.pid = os.getpid()
        self.quiet: float | None = None  # since when no stream watches (the thread stops after a while)
        self.source: Source = source_for(engine)(self)

    # --- for the streams -------------------------------------------------------------------------------
    def watch(self, watched: str, look: Callable[[], object] | None = None) -> None:
        """Start watching a table, or a record (`look`: what the record is now, for a source that looks at it);
        call before the stream's first read, so no change falls in between."""
        with self.cond:
            if look is not None and watched not in self.watching:
                self.record_versions += 1
                self.heads[watched] = self.record_versions
            self._count(watched)
            if look is not None:
                self.looks[watched] = look
            if self.thread is None or not self.thread.is_alive():
                self.ready.clear()
                self.thread = threading.Thread(target=self._run, name="arbitre-live", daemon=True)
                self.thread.start()
        # No waiting for LISTEN here: once it is in place the hub wakes every stream to read again, so an
        # entry written meanwhile is not missed, and a stream never waits for the database to answer first.

    def unwatch(self, watched: str) -> None:
        with self.cond:
            self._drop(watched)

    def follow(self, record: str, tables: Iterable[str]) -> None:
        """Move the (watched) record's version whenever one of `tables` moves: these and no others from now on."""
        wanted = set(tables)
        with self.cond:
            if record not in self.watching:
                return
            had = self.following.setdefault(record, set())
            for table_id in wanted - had:
                self._count(table_id)
                self.followers.setdefault(table_id, set()).add(record)
            for table_id in had - wanted:
                self._unfollow(record, table_id)
            self.following[record] = wanted
            if wanted - had:  # an entry of a new table between the stream's read and now was heard by nobody:
                self._move(record)  # one read more sees it

    def version(self, watched: str) -> int:
        """Where the key is: a table's head heard, or how many times a record moved."""
        with self.cond:
            return self.heads.get(watched, 0)

    def wait(self, table_id: str, after: int, timeout: float, stop: Callable[[], bool] | None = None) -> bool:
        """Wait until the key's version passes `after`, the hub asks every stream to read again, or `stop()` says so
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
        """Wake the key's waiting streams without news, for one of them to see its `stop()` (its phone gone)."""
        with self.cond:
            self._tell(table_id)

    def heard(self, table_id: str, seq: int, text: str | None = None) -> None:
        """Record that the table's log reached `seq` (with that entry's JSON text, when the notice carried it:
        the streams send it as it is); wake the table's streams, and move the records following it."""
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
                for record in self.followers.get(table_id, ()):
                    self._move(record)

    def touched(self, record: str) -> None:
        """The record changed (written here, or another process's notice says so): move it, wake its streams."""
        with self.cond:
            if record in self.watching:
                self._move(record)

    def touch(self, record: str) -> None:
        """The record was written by this process: wake its streams here, and tell the other processes."""
        self.touched(record)
        self.source.announce(self.engine, record)

    def entries_after(self, table_id: str, after: int) -> list[tuple[int, str]] | None:
        """The entries after `after` up to the head heard, as `(seq, JSON text)`, if every one of them was heard;
        else None (read the log)."""
        with self.cond:
            head, kept = self.heads.get(table_id, 0), self.recent.get(table_id, {})
            if head <= after or any(seq not in kept for seq in range(after + 1, head + 1)):
                return None
            return [(seq, kept[seq]) for seq in range(after + 1, head + 1)]

    # --- for the source --------------------------------------------------------------------------------
    def tables(self) -> list[str]:
        """The watched keys that are tables (whose heads a look reads)."""
        with self.cond:
            return [k for k in self.watching if k not in self.looks and k not in self.following]

    def is_watched(self, watched: str) -> bool:
        return watched in self.watching

    def look_records(self) -> None:
        """Ask each watched record what it is now; move those that changed since the last look (and those looked
        at for the first time: a change between the stream's first read and this look is not lost)."""
        with self.cond:
            looks = list(self.looks.items())
        for record, look in looks:
            try:
                now = look()
            except sa.exc.SQLAlchemyError:
                continue  # busy or gone for a moment: the next look will do
            with self.cond:
                if record in self.looks and (record not in self.seen or self.seen[record] != now):
                    self.seen[record] = now
                    self._move(record)

    def wake_all(self) -> None:
        """Make every waiting stream re-read (after a reconnection, notices may have been missed)."""
        with self.cond:
            self.epoch += 1
            for table_id in list(self.news):
                self._tell(table_id)

    def idle_for(self) -> float:
        """Seconds since the last stream stopped watching (0 while one watches)."""
        with self.cond:
            return 0.0 if self.watching or self.quiet is None else time.monotonic() - self.quiet

    def set_ready(self) -> None:
        self.ready.set()

    # --- inside ---------------------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            self.source.run()
        finally:
            self.ready.set()

    def _count(self, watched: str) -> None:
        """One more watcher of the key (lock held)."""
        self.watching[watched] = self.watching.get(watched, 0) + 1
        self.heads.setdefault(watched, 0)
        self.news.setdefault(watched, threading.Event())
        self.quiet = None

    def _drop(self, watched: str) -> None:
        """One watcher fewer; the last one gone, forget the key (and what it followed) (lock held)."""
        left = self.watching.get(watched, 1) - 1
        if left > 0:
            self.watching[watched] = left
            return
        for name in (self.watching, self.heads, self.news, self.recent, self.looks, self.seen):
            name.pop(watched, None)
        for table_id in self.following.pop(watched, set()):
            self._unfollow(watched, table_id)
        if not self.watching:
            self.quiet = time.monotonic()

    def _unfollow(self, record: str, table_id: str) -> None:
        followers = self.followers.get(table_id, set())
        followers.discard(record)
        if not followers:
            self.followers.pop(table_id, None)
        self._drop(table_id)

    def _move(self, record: str) -> None:
        """The record's version moves on (to one never given before); its streams wake (lock held)."""
        self.record_versions += 1
        self.heads[record] = max(self.heads.get(record, 0) + 1, self.record_versions)
        self._tell(record)

    def _tell(self, table_id: str) -> None:
        """Wake the key's waiting streams: set its news, and give it a fresh one for the next (lock held)."""
        news = self.news.get(table_id)
        if news is not None:
            self.news[table_id] = threading.Event()
            news.set()
