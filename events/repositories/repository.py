"""What every repository of records beside the log stands on: the log's database, as the store opened it."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol

import sqlalchemy as sa


class Database(Protocol):
    """The log's database as `events.Store` holds it (the store is one)."""

    @property
    def engine(self) -> sa.Engine: ...

    @property
    def single(self) -> sa.Engine:
        """The engine for one statement that is its own transaction (autocommit on PostgreSQL)."""
        ...

    def locked(self, key: str, *more: str) -> AbstractContextManager[sa.Connection]:
        """A write transaction that holds a lock on `key`, then on each of `more` (PostgreSQL; SQLite's holds the
        whole file)."""
        ...


class Repository:
    """Records beside the log over the log's database: its engine, its engine for one statement, and its write
    transactions that hold a lock on a key."""

    def __init__(self, database: Database):
        self.engine = database.engine
        self.single = database.single
        self.locked = database.locked
