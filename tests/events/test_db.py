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
