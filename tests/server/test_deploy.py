"""Deployment (§1.5, §5): 503 with Retry-After when the database is down, /healthz and /readyz, Procfile,
configuration from the environment, no start in production without SECRET_KEY."""

import re
import sqlite3
from pathlib import Path

import pytest

from api import create_app
from events.db import dispose

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def served():
    """Serve an app on a given database URL; close its connections afterwards."""
    apps = []

    def make(url: str):
        app = create_app({"TESTING": False, "DATABASE_URL": url, "SECRET_KEY": "test"})
        apps.append(app)
        return app.test_client()

    yield make
    for app in apps:
        dispose(app)


DOWN = ["postgresql+psycopg://postgres@127.0.0.1:1/none?connect_timeout=2", "sqlite:////nonexistent/dir/x.sqlite3"]


@pytest.mark.parametrize("url", DOWN, ids=["postgresql down", "sqlite folder missing"])
def test_a_database_that_is_down_is_a_503_with_retry_after(served, url):
    client = served(url)
    api = client.get("/api/v1/tables/abc")
    assert api.status_code == 503 and api.mimetype == "application/problem+json"
    assert int(api.headers["Retry-After"]) > 0
    page = client.get("/t/abc", headers={"Accept-Language": "fr"})
    assert page.status_code == 503 and "Retry-After" in page.headers
    assert "base de données" in page.get_data(as_text=True)
    created = client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]})
    assert created.status_code == 503


def test_a_database_without_its_tables_is_a_503(served, tmp_path):
    client = served(f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    assert client.get("/api/v1/tables/abc").status_code == 503
    assert client.get("/readyz").status_code == 503


def test_a_read_only_sqlite_file_still_answers_reads(served, app, database_url, tables, backend):
    if backend != "sqlite":
        pytest.skip("an SQLite file")
    table = tables.create("rami")
    dispose(app)
    path = database_url.removeprefix("sqlite:///")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=DELETE")  # as a copied or archived file may be
    conn.close()
    client = served(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert client.get(f"/api/v1/tables/{table.id}").status_code == 200
    write = client.post(f"/api/v1/tables/{table.id}/entries", headers={"Authorization": f"Bearer {table.host}"},
                        json={"expected_version": 1, "entry": {"type": "deal", "dealer": 0}})
    assert write.status_code == 503, write.get_data(as_text=True)


def test_healthz_says_the_process_serves_even_without_a_database(served):
    assert served(DOWN[0]).get("/healthz").status_code == 200


def test_readyz_says_whether_the_database_answers_with_every_migration(served, database_url):
    assert served(database_url).get("/readyz").status_code == 200
    down = served(DOWN[0]).get("/readyz")
    assert down.status_code == 503 and "Retry-After" in down.headers


def test_readyz_names_a_missing_migration(served, tmp_path):
    from events.db import upgrade

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    upgrade(url, "0003")
    answer = served(url).get("/readyz")
    assert answer.status_code == 503 and "db upgrade" in answer.json["detail"]


def test_production_refuses_to_start_without_a_secret_key(monkeypatch, database_url):
    monkeypatch.setenv("ARBITRE_ENV", "production")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        create_app({"DATABASE_URL": database_url})
    monkeypatch.setenv("SECRET_KEY", "from the environment")
    app = create_app({"DATABASE_URL": database_url})
    assert app.config["SECRET_KEY"] == "from the environment"


def test_the_procfile_runs_migrations_on_release_and_sizes_workers_from_the_environment():
    lines = dict(line.split(":", 1) for line in (ROOT / "Procfile").read_text().splitlines() if ":" in line)
    assert "db upgrade" in lines["release"]
    assert "gunicorn" in lines["web"] and re.search(r"WEB_CONCURRENCY", lines["web"])


def test_after_postgresql_drops_the_connections_one_request_is_a_503_and_the_next_connects_afresh(backend,
                                                                                                 database_url):
    if backend != "postgresql":
        pytest.skip("PostgreSQL's connections")
    import uuid

    import sqlalchemy as sa

    name = f"arbitre_drop_{uuid.uuid4().hex[:8]}"
    app = create_app({"TESTING": False, "DATABASE_URL": f"{database_url}&application_name={name}",
                      "SECRET_KEY": "test"})
    client = app.test_client()
    try:
        created = client.post("/api/v1/tables", json={"game": "continental", "players": ["A", "B", "C", "D"]})
        assert created.status_code == 201
        admin = sa.create_engine(database_url)
        with admin.begin() as conn:  # what a restart of the server does to the pool's connections
            conn.execute(sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :n"),
                         {"n": name})
        admin.dispose()
        first = client.get(f"/api/v1/tables/{created.json['id']}").status_code
        assert first in (200, 503)
        assert client.get(f"/api/v1/tables/{created.json['id']}").status_code == 200
        # A write on a dropped connection (the quick append, on the driver's own cursor): a 503 that wrote
        # nothing, or a 201; the next one connects afresh; the log holds exactly the entries answered 201.
        host = {"Authorization": f"Bearer {created.json['host_token']}"}
        url = f"/api/v1/tables/{created.json['id']}/entries"
        written = client.post(url, json={"expected_version": 1, "entry": {"type": "deal", "dealer": 0, "upcard": "7H"}}, headers=host)
        assert written.status_code == 201
        with admin.begin() as conn:
            conn.execute(sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :n"),
                         {"n": name})
        admin.dispose()
        tries = [client.post(url, json={"expected_version": 2, "entry": {"type": "draw", "seat": 1, "from": "stock"}},
                             headers=host) for _ in range(2)]
        assert [t.status_code for t in tries] in ([503, 201], [201, 409]), [t.json for t in tries]
        assert tries[0].status_code != 503 or tries[0].headers["Retry-After"]
        listed = client.get(url).json["entries"]
        assert [e["type"] for e in listed] == ["create", "deal", "draw"]
    finally:
        dispose(app)
