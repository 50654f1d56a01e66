"""Size limits (413), types (415) and rate limits (429 with Retry-After), with the real limits (§2, §3)."""

from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time

from api import create_app
from api.shell.guard import IMPORT_MAX_BYTES, JSON_MAX_BYTES
from api.shell.limits import DEFAULTS
from events.db import dispose
from tests.conftest import Tables


def test_a_body_over_the_limit_is_a_413_problem_before_it_is_read(client):
    response = client.post("/api/v1/tables", data=b"[" * (JSON_MAX_BYTES + 1), content_type="application/json")
    assert response.status_code == 413 and response.mimetype == "application/problem+json"
    assert str(JSON_MAX_BYTES) in response.json["detail"]


def test_an_import_over_the_limit_is_a_413(client):
    response = client.post("/api/v1/tables/import", data=b" " * (IMPORT_MAX_BYTES + 1),
                           content_type="application/x-ndjson")
    assert response.status_code == 413


def test_the_longest_plausible_log_fits_the_import_limit(tables, client):
    """A 5,000-entry evening at 400 bytes a line is 2 MB: half the limit."""
    assert 5000 * 400 <= IMPORT_MAX_BYTES // 2


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                          None])
def test_a_table_is_created_only_from_application_json(client, content_type):
    body = '{"game": "continental", "players": ["Ana", "Ben"]}'
    response = client.post("/api/v1/tables", data=body, content_type=content_type)
    assert response.status_code == 415 and "application/json" in response.json["detail"]


def test_table_creation_per_address_is_limited_with_retry_after(limited):
    client = limited.test_client()
    most = int(DEFAULTS["RATELIMIT_TABLES"].split()[0])
    statuses = [client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]}).status_code
                for _ in range(most + 1)]
    assert statuses == [201] * most + [429]
    response = client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]})
    assert response.status_code == 429 and response.mimetype == "application/problem+json"
    assert int(response.headers["Retry-After"]) > 0
    assert f"{most} per minute at most" in response.json["detail"]  # the limit as set, in plain words
    other = limited.test_client()
    assert other.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]},
                      environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 201  # another address


def test_rapid_writes_from_one_address_are_limited(limited):
    table = Tables(limited.test_client()).create("continental", ["A", "B", "C", "D"])
    table.enter("deal", dealer=0, upcard="7H")
    statuses = []
    for _ in range(60):
        response = table.client.post(f"/api/v1/tables/{table.id}/entries", headers={"Authorization": "Bearer x"},
                                     json={"expected_version": 2, "entry": {"type": "draw", "seat": 1}})
        statuses.append(response.status_code)
    assert 429 in statuses and statuses.index(429) >= 48  # the deal was one write
    assert "Retry-After" in response.headers


def test_five_phones_on_one_address_playing_fast_are_never_slowed(limited):
    """Five phones behind one Wi-Fi: a draw or a discard every second for 12 minutes, each phone reading
    the table every two seconds; the fastest humans play slower than this."""
    clients = [limited.test_client() for _ in range(5)]
    table = Tables(clients[0]).create("continental", ["Ana", "Ben", "Chloé", "Dan", "Eve"])
    cards = [r + s for s in "CDHS" for r in ("3", "4", "5", "6", "8", "9", "10", "J", "Q", "K")]
    start = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    with freeze_time(start) as clock:
        table.enter("deal", dealer=4, upcard="7H")
        for second in range(720):
            clock.tick(timedelta(seconds=1))
            seat = (second // 2) % 5
            table.client = clients[seat]
            if second % 2 == 0:
                table.enter("draw", seat, from_="stock", as_seat=seat)
            else:
                table.enter("discard", seat, card=cards[(second // 2) % len(cards)], as_seat=seat)
            for phone in clients[(second % 2)::2]:
                assert phone.get(f"/api/v1/tables/{table.id}").status_code == 200


def test_the_limits_come_from_the_environment(monkeypatch, database_url):
    monkeypatch.setenv("RATELIMIT_TABLES", "2 per minute")
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    client = app.test_client()
    statuses = [client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]}).status_code
                for _ in range(3)]
    dispose(app)
    assert statuses == [201, 201, 429]


def test_a_limit_counts_only_the_methods_it_names(limited):
    """The import page limits its POSTs (a new table each), not the page itself: reading it often never waits, and
    the posts still get their 429 past the limit."""
    from tests.web.conftest import Phone

    phone = Phone(limited)
    for _ in range(int(DEFAULTS["RATELIMIT_TABLES"].split()[0]) + 5):
        phone.get("/import")
    most = int(DEFAULTS["RATELIMIT_TABLES"].split()[0])
    statuses = [phone.post("/import", {"log": "not a log"}, status=None).status_code for _ in range(most + 1)]
    assert statuses == [400] * most + [429]


def test_an_app_with_rate_limits_turned_off_starts_and_limits_nothing(database_url):
    """RATELIMIT_ENABLED=False (for a trusted network or a test rig) used to stop the app from starting at all (a
    ValueError in create_app); now it starts, and the table past the minute's limit is a 201."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, **DEFAULTS, "RATELIMIT_ENABLED": False})
    try:
        client = app.test_client()
        statuses = {client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]}).status_code
                    for _ in range(int(DEFAULTS["RATELIMIT_TABLES"].split()[0]) + 1)}
    finally:
        dispose(app)
    assert statuses == {201}
