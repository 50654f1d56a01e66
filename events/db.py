"""The app's database: a lazily made engine, the append lock, migrations and the `flask db` commands."""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path

import click
import sqlalchemy as sa
from flask import Flask, current_app
from flask.cli import AppGroup

from events.repositories import Records
from events.store import Store

MIGRATIONS = Path(__file__).parent / "migrations"
BUSY_TIMEOUT_MS = 30_000


def make_engine(url: str) -> sa.Engine:
    """Make an engine; SQLite gets WAL, a busy timeout and explicit transactions."""
    if not url.startswith("sqlite"):
        # No pre-ping: it is one more round trip on every checkout, that is on every append. After a restart of
        # PostgreSQL the first use of a dead connection fails (a 503 with Retry-After, nothing written) and
        # SQLAlchemy drops every pooled connection of that age, so the next request connects afresh.
        return sa.create_engine(url, pool_recycle=1800)
    engine = sa.create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False})

    @sa.event.listens_for(engine, "connect")
    def _connect(dbapi_connection, _record):
        # Let SQLAlchemy's "begin" below issue BEGIN itself, so appends can ask for BEGIN IMMEDIATE.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        try:
            cursor.execute("PRAGMA journal_mode=WAL")  # kept in the file: set once by the first writer
        except sqlite3.OperationalError:
            pass  # a read-only file (or folder) still answers reads; a write then says the database is read-only
        cursor.execute("PRAGMA foreign_keys=ON")
        # What is deleted or overwritten is zeroed in the file, not left on a free page (a forgotten name:
        # events/name_records.py).
        cursor.execute("PRAGMA secure_delete=ON")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _begin(conn):
        begin = conn.get_execution_options().get("sqlite_begin", "BEGIN")
        if begin:  # the store's reader sets none: a read of one statement is its own transaction
            conn.exec_driver_sql(begin)

    return engine


class WriterQueue:
    """The writers of one SQLite file on this host, one at a time, woken by the kernel in turn (`flock`).

    BEGIN IMMEDIATE alone would do, but a writer that finds the file locked sleeps in SQLite's busy handler
    (1, 2, 5, 10 ms...) however soon the lock is free; waiting here instead, it starts as soon as the writer
    before it commits. Only a queue: SQLite's own lock stays the guarantee, and a writer that does not come
    through here (or a folder where the lock file cannot be made) still waits on it. One open file per
    process (opened after gunicorn's fork), a re-entrant lock between its threads.
    """

    def __init__(self, path: str):
        self.path = path
        self._fd: int | None = None
        self._pid: int | None = None
        self._threads = threading.RLock()
        self._depth = 0

    def _file(self) -> int | None:
        if self._pid != os.getpid():
            self._pid = os.getpid()
            try:
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                self._fd = None  # read-only folder: SQLite's busy wait alone
        return self._fd

    def __enter__(self) -> None:
        self._threads.acquire()
        self._depth += 1
        fd = self._file()
        if self._depth == 1 and fd is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)

    def __exit__(self, *exc) -> None:
        self._depth -= 1
        if self._depth == 0 and self._fd is not None and self._pid == os.getpid():
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        self._threads.release()


def _sqlite_file(engine: sa.Engine) -> str | None:
    database = engine.url.database
    return None if engine.dialect.name != "sqlite" or not database or database == ":memory:" else database


class Writing:
    """Open one write transaction a call (SQLite: BEGIN IMMEDIATE, so it holds the write lock); `queue` lets
    a write on the driver's own connection (Store.append_if_head) wait its turn among SQLite's writers."""

    def __init__(self, engine: sa.Engine):
        self.engine = engine
        path = _sqlite_file(engine)
        self.queue = WriterQueue(path + ".writers") if path else contextlib.nullcontext()

    @contextmanager
    def __call__(self, table_id: str):
        with self.queue, self.engine.connect() as conn:
            if self.engine.dialect.name == "sqlite":
                # A deferred transaction that reads then writes fails at once with SQLITE_BUSY under WAL.
                conn.execution_options(sqlite_begin="BEGIN IMMEDIATE")
            with conn.begin():
                yield conn


def write_transaction(engine: sa.Engine) -> Writing:
    """Return a context manager: one write transaction (SQLite: BEGIN IMMEDIATE, so it holds the write lock)."""
    return Writing(engine)


def upgrade(url: str, revision: str = "head", secret: str | None = None) -> None:
    """Apply the migrations to the database at `url` (idempotent). `secret`: the server's SECRET_KEY, which
    migration 0017 seals the join codes' tokens under (not needed on a database with no join codes)."""
    from alembic import command
    from alembic.config import Config

    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = conn
            config.attributes["secret"] = secret
            command.upgrade(config, revision)
    finally:
        engine.dispose()


class _Holder:
    """The app's store and the records beside its log, made on first use so that starting the app never
    connects."""

    def __init__(self, url: str):
        self.url = url
        self.store: Store | None = None
        self.records: Records | None = None
        self.lock = threading.Lock()

    def get(self) -> Store:
        return self.opened()[0]

    def opened(self) -> tuple[Store, Records]:
        with self.lock:
            if self.store is None or self.records is None:
                self.store = open_store(self.url)
                self.records = Records.over(self.store)
            return self.store, self.records


@contextmanager
def own_schema(url: str, prefix: str):
    """Make a PostgreSQL schema of its own, migrated; give the URL that uses it; drop it afterwards.

    For test runs and benchmarks sharing one database: each sees only its own rows.
    """
    import uuid

    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(url)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        scoped = f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"  # libpq connect options
        upgrade(scoped)
        yield scoped
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def open_store(url: str) -> Store:
    """Make a store on the database at `url` (connects on first use)."""
    engine = make_engine(url)
    return Store(engine, write_transaction(engine))


def get_store() -> Store:
    """Give the current app's event store (api/shell/context.py gives it to the application, and nothing else asks
    it here: tests/test_layers.py)."""
    return current_app.extensions["events"].get()


def get_records() -> Records:
    """Give the records beside the current app's log (its repositories, over the store's engine)."""
    return current_app.extensions["events"].opened()[1]


def dispose(app: Flask) -> None:
    """Close the app's database connections (tests, shutdown)."""
    holder = app.extensions.get("events")
    if holder is not None and holder.store is not None:
        holder.store.engine.dispose()


db_cli = AppGroup("db", help="The event store's database.")


@db_cli.command("upgrade")
def upgrade_command():
    """Apply the schema migrations to DATABASE_URL."""
    upgrade(current_app.config["DATABASE_URL"], secret=current_app.config["SECRET_KEY"])
    click.echo("database is up to date")


def init_app(app: Flask) -> None:
    app.extensions["events"] = _Holder(app.config["DATABASE_URL"])
    app.cli.add_command(db_cli)
