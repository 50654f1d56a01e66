"""Shared fixtures: an app on a fresh database per test, its client, and a table helper.

The database is a temporary SQLite file, or, when `TEST_DATABASE_URL` is set,
PostgreSQL in a schema that belongs to this test run (emptied before each test).
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import settings
from jinja2 import BytecodeCache

from api import create_app

# No timed assertions in tests (speed goals live in bench/): a property test on a loaded machine may take
# longer than Hypothesis's default 200 ms an example, and that says nothing about the code.
settings.register_profile("arbitre", deadline=None)
settings.load_profile("arbitre")

PG_URL = os.environ.get("TEST_DATABASE_URL")


class CompiledTemplates(BytecodeCache):
    """The templates compiled once a test run instead of once an app: the suite makes an app per test, and
    compiling the pages' templates again was half the time of a page test. Jinja checks each template's
    source against its compiled code, so an edited template is compiled again."""

    def __init__(self):
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


# Every app of the run (the fixtures', a test's own, the live server's) reads the one cache.
Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledTemplates()}


def build_routes_once() -> None:
    """Each route's URL builders compiled once a test run instead of once an app.

    Werkzeug compiles two functions for each of the app's hundred routes (an AST made, then `compile()`d): 32 of
    the 37 ms of CPU that `create_app` took, an app a test. A builder depends only on the route's text, its parsed
    parts and its defaults, and reads the route's converters through the rule it is bound to, so one compiled
    function serves that route in every app of the run. (If Werkzeug no longer builds this way, nothing is kept.)
    """
    from werkzeug.routing.rules import Rule

    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None or getattr(compile_builder, "kept", False):
        return
    built: dict[tuple, object] = {}

    def kept_builder(self, append_unknown: bool = True):
        key = (self.rule, tuple(self._trace), repr(sorted((self.defaults or {}).items())), append_unknown)
        if key not in built:
            built[key] = compile_builder(self, append_unknown)
        return built[key]

    kept_builder.kept = True
    Rule._compile_builder = kept_builder


build_routes_once()


@pytest.fixture(scope="session")
def database_directory(tmp_path_factory) -> Iterator[Path]:
    """Where the run's SQLite files go: a directory in memory (tmpfs, /dev/shm) when the machine has one.

    Each SQLite commit waits for the disk to sync its write-ahead log (production's settings, kept here): the
    tests commit some thousands of times, and on a shared machine's disk that wait was half the wall time of
    tests/api (48 s -> 24 s). The files, their settings and the code are the same; only the wait for a disk that
    nothing is kept on goes. The directory is removed at the run's end.
    """
    memory = Path("/dev/shm")
    if not (memory.is_dir() and os.access(memory, os.W_OK)):
        yield tmp_path_factory.mktemp("databases")
        return
    path = Path(tempfile.mkdtemp(prefix="arbitre-tests-", dir=memory))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def sqlite_template(database_directory) -> str:
    """A migrated SQLite file for the run; each test gets a copy."""
    from events.db import upgrade

    path = database_directory / "template.sqlite3"
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
def live_database(request):
    """The browser tests' live server's own database, made and dropped here: other tests empty theirs before each.

    It is on the run's backend: a PostgreSQL schema of its own when TEST_DATABASE_URL is set, else an
    SQLite file of its own.
    """
    if PG_URL:
        with own_postgresql_schema("arbitre_live") as url:
            yield url
        return
    from events.db import upgrade

    path = request.getfixturevalue("database_directory") / "live.sqlite3"
    url = f"sqlite:///{path}"
    upgrade(url)
    yield url


class PostgreSQLRows:
    """Empties this run's PostgreSQL schema before a test: every table but Alembic's, read from the schema.

    A row DELETE with the triggers off (session_replication_role: neither the append-only triggers nor the
    foreign keys' fire) takes milliseconds on the few rows a test writes, where a TRUNCATE of the fifteen tables
    took a tenth of a second to half a second each test (new files, a scan of the shared buffers); a role that
    may not turn the triggers off gets the TRUNCATE (which the append-only triggers let through).
    """

    def __init__(self, url: str):
        import sqlalchemy as sa

        self.engine = sa.create_engine(url, pool_size=1)
        with self.engine.connect() as conn:
            self.tables = [name for (name,) in conn.execute(sa.text(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                " AND tablename <> 'alembic_version' ORDER BY tablename"))]
            try:
                conn.execute(sa.text("SET LOCAL session_replication_role = replica"))
                self.triggers_off = True
            except sa.exc.DBAPIError:
                self.triggers_off = False
            conn.rollback()

    def empty(self) -> None:
        import sqlalchemy as sa

        listed = ", ".join(f'"{name}"' for name in self.tables)
        with self.engine.begin() as conn:
            # A connection left in a transaction by an earlier test would block the emptying: fail, not hang.
            conn.execute(sa.text("SET LOCAL lock_timeout = '10s'"))
            if self.triggers_off:
                conn.execute(sa.text("SET LOCAL session_replication_role = replica"))
                conn.execute(sa.text("; ".join(f'DELETE FROM "{name}"' for name in self.tables)))
            else:
                conn.execute(sa.text(f"TRUNCATE {listed}"))


@pytest.fixture(scope="session")
def postgresql_rows(postgresql_schema):
    """What empties the run's PostgreSQL schema (its connection closed before the schema is dropped)."""
    rows = PostgreSQLRows(postgresql_schema)
    yield rows
    rows.engine.dispose()


NUMBERS = itertools.count()


def fresh_database(request, kind: str) -> str:
    """Give the URL of a migrated database of `kind` with no rows, for one test (SQLite: a copy of the template,
    in a directory of the test's own, removed after it)."""
    if kind == "sqlite":
        own = request.getfixturevalue("database_directory") / f"test-{next(NUMBERS)}"
        own.mkdir()
        request.addfinalizer(lambda: shutil.rmtree(own, ignore_errors=True))
        path = own / "arbitre.sqlite3"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    request.getfixturevalue("postgresql_rows").empty()
    return request.getfixturevalue("postgresql_schema")


@pytest.fixture
def make_database(request):
    """Make a fresh database of a given kind: `make_database("sqlite")` returns its URL."""
    return lambda kind: fresh_database(request, kind)


@pytest.fixture
def database_url(request) -> str:
    """A migrated database with no rows, for this test only (PostgreSQL when TEST_DATABASE_URL is set)."""
    return fresh_database(request, "postgresql" if PG_URL else "sqlite")


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


@pytest.fixture
def records(store):
    """The records beside the log (`events.Records`: its repositories) over the `store` fixture's database."""
    from events import Records

    return Records.over(store)


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
