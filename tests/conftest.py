"""Shared fixtures: an app on a fresh database per test, its client, and a table helper.

The database is a temporary SQLite file, or, when `TEST_DATABASE_URL` is set,
PostgreSQL in a schema that belongs to this test run (emptied before each test).
"""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager

import pytest
from hypothesis import settings

from api import create_app

# No timed assertions in tests (speed goals live in bench/): a property test on a loaded machine may take
# longer than Hypothesis's default 200 ms an example, and that says nothing about the code.
settings.register_profile("arbitre", deadline=None)
settings.load_profile("arbitre")

PG_URL = os.environ.get("TEST_DATABASE_URL")


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> str:
    """A migrated SQLite file for the run; each test gets a copy."""
    from events.db import upgrade

    path = tmp_path_factory.mktemp("db") / "template.sqlite3"
    upgrade(f"sqlite:///{path}")
    return str(path)


@contextmanager
def own_postgresql_schema(prefix: str = "arbitre_test"):
    """Create and migrate a PostgreSQL schema of its own, give the URL that uses it, drop it afterwards."""
    from events.db import own_schema

    with own_schema(PG_URL, prefix) as url:
        yield url


@pytest.fixture(scope="session")
def postgresql_schema():
    """A migrated PostgreSQL schema of this run (dropped at its end): the URL that uses it."""
    if not PG_URL:
        pytest.skip("PostgreSQL: TEST_DATABASE_URL is not set")
    with own_postgresql_schema() as url:
        yield url


@pytest.fixture(scope="session")
def live_database(tmp_path_factory):
    """The browser tests' live server's own database, made and dropped here: other tests empty theirs before each.

    It is on the run's backend: a PostgreSQL schema of its own when TEST_DATABASE_URL is set, else an
    SQLite file of its own.
    """
    if PG_URL:
        with own_postgresql_schema("arbitre_live") as url:
            yield url
        return
    from events.db import upgrade

    path = tmp_path_factory.mktemp("live") / "live.sqlite3"
    url = f"sqlite:///{path}"
    upgrade(url)
    yield url


def fresh_database(request, kind: str, tmp_path) -> str:
    """Give the URL of a migrated database of `kind` with no rows, for one test."""
    if kind == "sqlite":
        path = tmp_path / "arbitre.sqlite3"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    import sqlalchemy as sa

    url = request.getfixturevalue("postgresql_schema")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        # A connection left in a transaction by an earlier test would block TRUNCATE: fail instead of hanging.
        conn.execute(sa.text("SET LOCAL lock_timeout = '10s'"))
        # TRUNCATE is not a row DELETE: the append-only triggers let it through.
        conn.execute(sa.text("TRUNCATE entries, join_codes, table_notes, snapshots, tables"
                             ", table_summaries, group_tables, group_names, group_members, groups"
                             ", tournament_tables, tournaments, seat_names, reseals, seat_phones"))
    engine.dispose()
    return url


@pytest.fixture
def make_database(request, tmp_path):
    """Make a fresh database of a given kind: `make_database("sqlite")` returns its URL."""
    return lambda kind: fresh_database(request, kind, tmp_path)


@pytest.fixture
def database_url(request, tmp_path) -> str:
    """A migrated database with no rows, for this test only (PostgreSQL when TEST_DATABASE_URL is set)."""
    return fresh_database(request, "postgresql" if PG_URL else "sqlite", tmp_path)


@pytest.fixture
def backend(database_url) -> str:
    """The database kind the test runs on: `sqlite` or `postgresql`."""
    return "sqlite" if database_url.startswith("sqlite") else "postgresql"


def _served(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    yield app
    from events.db import dispose

    dispose(app)


@pytest.fixture
def app(database_url):
    yield from _served(database_url)


@pytest.fixture
def other_app(database_url):
    """A second app on the same database, as another gunicorn worker would be."""
    yield from _served(database_url)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def store(database_url):
    """An event store on this test's database, for storage tests that need no app."""
    from events.db import open_store

    store = open_store(database_url)
    yield store
    store.engine.dispose()


class TableClient:
    """One table seen through the HTTP API: posts entries with the right token and version."""

    def __init__(self, client, created: dict):
        self.client = client
        self.id = created["id"]
        self.host = created["host_token"]
        self.tokens = {s["seat"]: s["token"] for s in created["seats"]}
        self.version = created["version"]
        self.created = created

    def enter(self, type: str, seat: int | None = None, *, expect: int = 201, token: str | None = None,
              as_seat: int | None = None, version: int | None = None, key: str | None = None, **fields) -> dict:
        """Post one entry (host token unless `as_seat`); `from_=` stands for the field `from`."""
        entry = {"type": type, **({} if seat is None else {"seat": seat})}
        entry.update({k.rstrip("_"): v for k, v in fields.items()})
        body = {"expected_version": self.version if version is None else version, "entry": entry}
        return self.post(body, expect=expect, token=token, as_seat=as_seat, key=key)

    def post(self, body, *, expect: int = 201, token: str | None = None, as_seat: int | None = None,
             key: str | None = None) -> dict:
        """Post a raw body to the entries endpoint and check the status."""
        token = token or (self.tokens[as_seat] if as_seat is not None else self.host)
        headers = {"Authorization": f"Bearer {token}"} | ({"Idempotency-Key": key} if key else {})
        response = self.client.post(f"/api/v1/tables/{self.id}/entries", json=body, headers=headers)
        assert response.status_code == expect, response.get_data(as_text=True)
        if response.status_code == 201:
            self.version = response.json["version"]
        return response.json

    def state(self, at: int | None = None) -> dict:
        """The table as the log replays (as of entry `at`)."""
        response = self.client.get(f"/api/v1/tables/{self.id}" + ("" if at is None else f"?at={at}"))
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.json

    def entries(self, after: int = 0) -> list[dict]:
        response = self.client.get(f"/api/v1/tables/{self.id}/entries?after={after}")
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.json["entries"]


class Tables:
    """Create tables through the API: `tables.create("continental")` returns a TableClient."""

    def __init__(self, client):
        self.client = client

    def attach(self, created: dict, client=None) -> TableClient:
        """Act on a table created or imported elsewhere (`created` is the 201 answer)."""
        return TableClient(client or self.client, created)

    def create(self, game: str = "continental", players=None, *, expect: int = 201, **fields):
        players = list(players or (["Ana", "Ben", "Chloé", "Dan"] if game == "continental" else ["Ana", "Ben"]))
        response = self.client.post("/api/v1/tables", json={"game": game, "players": players, **fields})
        assert response.status_code == expect, response.get_data(as_text=True)
        return TableClient(self.client, response.json) if expect == 201 else response.json


@pytest.fixture
def tables(client) -> Tables:
    return Tables(client)


# The suite makes many requests from one address: generous rate limits in every app it makes, the limiter
# still on; the tests of the limits themselves (tests/server/test_limits.py) pass the real ones.
for _name in ("RATELIMIT_WRITES", "RATELIMIT_ADDRESS_WRITES", "RATELIMIT_TABLES", "RATELIMIT_JOINS", "RATELIMIT_CODE",
              "RATELIMIT_REFEREE"):
    os.environ.setdefault(_name, "100000 per minute")
