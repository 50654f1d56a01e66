"""Connections of the driver's own, held aside from the pool, each with its cursor: where the one-statement append
runs (`Store._write_on_head`).

That append is one statement in autocommit. Lent by SQLAlchemy's pool it also paid the checkout and the return
(the pool's bookkeeping, autocommit set then unset, the rollback on return, a new cursor): about a third of its
time beyond a raw INSERT's (docs/BENCHMARKS.md). A process here keeps at most `most` connections in autocommit,
each lent to one append at a time (threads and greenlets alike: the gevent worker runs `ARBITRE_RUNNING`
requests at once, api/shell/turns.py); when all are lent, `take` gives None and the append goes through the pool
as before, so no append waits for another's connection.

- Made by the engine (its `connect` events run: SQLite's pragmas, the same durability as the pool's), then
  detached from its pool.
- After a fork (gunicorn's workers), the parent's are neither used nor closed (closing one could end the
  parent's session); the child makes its own.
- The engine's dispose closes them, and so does a connection the database dropped (`drop`: the store also
  drops the pool's then), so a restart of the server costs one failed append and the next connects afresh.
"""

from __future__ import annotations

import os
import threading
import weakref
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

MOST = 4  # connections held a process: as many as the requests it runs at once (api/shell/turns.py)


@dataclass
class Lent:
    """A held connection as lent to one append: the driver's connection and its cursor."""

    driver: Any
    cursor: Any
    generation: int
    pid: int


class Held:
    """At most `most` autocommit connections of the driver's own for `engine`'s process, each lent to one caller
    at a time (`take`, `give_back`)."""

    def __init__(self, engine: sa.Engine, most: int = MOST):
        self._engine = engine
        self._most = most
        self._lock = threading.Lock()
        self._idle: list[Lent] = []
        self._lent = 0
        self._generation = 0  # moved by `drop` and by a fork: a connection lent before is not lent again
        self._parents: list[Lent] = []  # inherited across a fork: kept referenced, never closed here
        _EVERY.add(self)
        sa.event.listen(engine, "engine_disposed", lambda _engine: self.drop())
        # A pooled connection found dropped (here or anywhere in SQLAlchemy): the held ones were made as long ago.
        sa.event.listen(engine, "invalidate", lambda *_: self.drop())

    def take(self) -> Lent | None:
        """A held connection for this caller alone, made if fewer than `most` are held; None when all are lent."""
        with self._lock:
            if self._idle:
                self._lent += 1
                return self._idle.pop()
            if self._lent >= self._most:
                return None
            self._lent += 1
            generation = self._generation
        try:
            return self._make(generation)
        except BaseException:
            with self._lock:
                if generation == self._generation:
                    self._lent -= 1
            raise

    def give_back(self, lent: Lent, broken: bool = False) -> None:
        """Keep `lent` for the next caller; close it if it is `broken`, or older than the last `drop`."""
        with self._lock:
            if lent.generation == self._generation:  # of this process: a fork moves the generation
                self._lent -= 1
                if not broken:
                    self._idle.append(lent)
                    return
            elif lent.pid != os.getpid():
                return  # the parent's: left alone
        _close(lent)

    def drop(self) -> None:
        """Close every idle connection, and each lent one when it comes back: the engine was disposed, or the
        database dropped a connection (a restart drops them all)."""
        with self._lock:
            idle, self._idle = self._idle, []
            self._generation += 1
            self._lent = 0  # those lent now are closed when they come back, uncounted
        for lent in idle:
            _close(lent)

    def forked(self) -> None:
        """In a child just forked: none of the parent's connections is used or closed here (closing one would end
        the parent's session); the child makes its own. A lock another thread of the parent held is made anew."""
        self._lock = threading.Lock()
        self._parents.extend(self._idle)
        self._idle, self._lent = [], 0
        self._generation += 1

    def _make(self, generation: int) -> Lent:
        pooled = self._engine.raw_connection()
        driver: Any = pooled.driver_connection
        pooled.detach()
        if self._engine.dialect.name == "postgresql":
            driver.autocommit = True
        else:
            driver.isolation_level = None  # each statement its own transaction
        return Lent(driver, driver.cursor(), generation, os.getpid())


def _close(lent: Lent) -> None:
    with suppress(Exception):
        lent.driver.close()


_EVERY: weakref.WeakSet[Held] = weakref.WeakSet()


def _after_fork() -> None:
    for held in list(_EVERY):
        held.forked()


os.register_at_fork(after_in_child=_after_fork)  # rather than a look at the process id on every append
