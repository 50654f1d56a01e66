"""The database's set-up: lazy engine, migrations by `flask db upgrade`, SQLite pragmas."""

import sqlalchemy as sa

from api import create_app
from events.db import get_store, open_store, upgrade


def test_the_upgrade_command_is_idempotent(runner):
    for _ in range(2):
        result = runner.invoke(args=["db", "upgrade"])
        assert result.exit_code == 0, result.output
        assert "up to date" in result.output


def test_the_upgrade_creates_the_schema_on_a_new_sqlite_file(tmp_path):
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    upgrade(url)
    upgrade(url)
    store = open_store(url)
    with store.engine.connect() as conn:
        names = set(sa.inspect(conn).get_table_names())
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() > 0
    store.engine.dispose()
    assert {"tables", "entries", "alembic_version"} <= names


def test_the_app_starts_without_touching_its_database():
    app = create_app({"TESTING": True, "DATABASE_URL": "postgresql+psycopg://nobody@127.0.0.1:1/nowhere"})
    assert app.extensions["events"].store is None


def test_the_store_is_made_once_per_app(app):
    with app.app_context():
        assert get_store() is get_store()


def test_sqlite_writers_of_two_processes_queue_one_behind_the_other(tmp_path):
    """A worker waits for the one writing (its lock file) and starts once it is done, re-entrant in a thread."""
    import os
    import time

    from events.db import WriterQueue

    path = str(tmp_path / "db.sqlite3.writers")
    queue = WriterQueue(path)
    ready_r, ready_w = os.pipe()
    done_r, done_w = os.pipe()
    child = os.fork()
    if child == 0:  # the other worker: holds the queue a while, says when it let go
        try:
            with queue:
                os.write(ready_w, b"1")
                time.sleep(0.3)
                os.write(done_w, str(time.monotonic()).encode())
        finally:
            os._exit(0)
    os.read(ready_r, 1)
    with queue, queue:  # re-entrant: a write inside a write in one thread does not wait on itself
        entered = time.monotonic()
    os.waitpid(child, 0)
    assert entered >= float(os.read(done_r, 64).decode())
