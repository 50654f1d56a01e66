"""Limits that fit a club: every phone of a club comes from one address (its Wi-Fi, a carrier's NAT).

Writes count per token, anonymous work per address; every endpoint of the limits table exists and is limited;
without a shared Redis each worker allows its share of a limit.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time

from api import create_app
from api.shell import limits
from api.shell.limits import DEFAULTS, ENDPOINTS
from events.db import dispose
from tests.conftest import Tables

CARDS = [r + s for s in "CDHS" for r in ("3", "4", "5", "6", "8", "9", "10", "J", "Q", "K")]


def still():
    """The clock stopped at this instant, while a test counts.

    The limits count in windows of the clock (sliding-window counter): a test that crossed a window's end while
    it counted saw the window before weigh less, and one request too many allowed. Now, not a fixed date: the
    library's memory storage walks its keys once, 10 ms after it is made, on the real clock (a thread), and
    would drop counts made at a date already past.
    """
    return freeze_time(datetime.now(UTC))



def test_thirty_tables_behind_one_address_playing_at_a_real_pace_meet_no_429(limited):
    """A club's evening: 30 tables opened at once from one address, then an entry every 7.5 s at each (4 a
    second in all) for 6 minutes: 1,440 writes, past what one address could write before (1,200 per 10 min)."""
    client = limited.test_client()
    start = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    with freeze_time(start) as clock:
        tables = [Tables(client).create("continental", ["Ana", "Ben", "Chloé", "Dan"]) for _ in range(30)]
        turns = [0] * 30
        for tick in range(6 * 60 * 4):  # a quarter of a second each
            clock.tick(timedelta(seconds=0.25))
            i = tick % 30
            table, turn = tables[i], turns[i]
            if turn == 0:
                table.enter("deal", dealer=0, upcard="7H")
            else:
                seat = ((turn - 1) // 2 + 1) % 4
                if turn % 2:
                    table.enter("draw", seat, from_="stock")
                else:
                    table.enter("discard", seat, card=CARDS[turn // 2 % len(CARDS)])
            turns[i] += 1
    assert sum(turns) == 1440


def test_one_token_writing_too_fast_is_limited_and_another_table_on_the_address_is_not(limited):
    with still():
        client = limited.test_client()
        fast, calm = (Tables(client).create("continental", ["A", "B", "C", "D"]) for _ in range(2))
        fast.enter("deal", dealer=0, upcard="7H")
        most = int(DEFAULTS["RATELIMIT_WRITES"].split()[0])
        bearer = {"Authorization": f"Bearer {fast.host}"}
        statuses = [client.post(f"/api/v1/tables/{fast.id}/entries", headers=bearer,
                                json={"expected_version": 2, "entry": {"type": "draw", "seat": 1}}).status_code
                    for _ in range(most)]
        assert statuses[-1] == 429
        calm.enter("deal", dealer=0, upcard="7H")  # the same address, another table's token


def test_wrong_codes_through_the_qr_link_are_counted(limited):
    """`GET /j/<code>` answers a wrong code with a 404 page it raises: those count as the form's do."""
    client = limited.test_client()
    most = int(DEFAULTS["RATELIMIT_JOINS"].split()[0])
    statuses = [client.get(f"/j/ZZZZZZ{a}{b}").status_code for a, b in zip("ABCDEFGHJKMNPQ", "ABCDEFGHJKMNPQ", strict=True)]
    assert statuses[:most] == [404] * most and statuses[most:] == [429] * (14 - most)


def test_every_endpoint_of_the_limits_table_exists_and_is_limited(app):
    views = app.view_functions
    for endpoint, (name, _methods) in ENDPOINTS.items():
        assert name in getattr(views[endpoint], "limited_by", ()), endpoint
    referee = [e for e in views if e.startswith(limits.REFEREE)]
    assert referee and all("RATELIMIT_REFEREE" in views[e].limited_by for e in referee)


def test_a_limit_on_an_endpoint_the_app_lacks_stops_it_from_starting(monkeypatch, database_url):
    monkeypatch.setitem(ENDPOINTS, "pages.renamed", ("RATELIMIT_WRITES", None))
    with pytest.raises(RuntimeError, match="pages.renamed"):
        create_app({"TESTING": True, "DATABASE_URL": database_url})


def test_without_a_shared_store_each_worker_allows_its_share(monkeypatch, database_url):
    """Two workers counting apart, each allows half: a host allows about the limit, whichever worker answers."""
    monkeypatch.setenv("ARBITRE_WORKERS", "2")
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "RATELIMIT_TABLES": "4 per minute"})
    try:
        client = app.test_client()
        with still():
            statuses = [client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]}).status_code
                        for _ in range(3)]
    finally:
        dispose(app)
    assert statuses == [201, 201, 429]


def test_a_directors_rounds_from_the_console_count_per_director_not_per_address(limited):
    """Two club nights behind one address: one director starting rounds past the limit is refused, the other
    director's round still starts (the console's session holds each director's token)."""
    with still():
        from tests.groups.sunday import Group
        from tests.web.conftest import Phone

        client = limited.test_client()
        directors = []
        for name in ("Friday club", "Chess and cards"):
            group = Group(client, name)
            for players in (["Ana", "Ben", "Chloé", "Dan"], ["Eve", "Fred", "Gus", "Hana"]):
                made = client.post("/api/v1/tables", json={"game": "continental", "players": players,
                                                           "group": group.id, "tracking": "results"},
                                   headers=group.headers)
                assert made.status_code == 201
            phone = Phone(limited)
            phone.get(f"/g/{group.id}/k/{group.token}", status=303)
            made = phone.post(f"/g/{group.id}/evening", {
                "name": name, "game": "continental", "tracking": "results", "member": ["Ana", "Ben", "Chloé", "Dan",
                "Eve", "Fred", "Gus", "Hana"], "rounds": "20", "table_size": "4", "seating": "random"})
            directors.append((phone, made.headers["Location"].split("/")[2]))
        most = int(DEFAULTS["RATELIMIT_ROUNDS"].split()[0])
        (busy, busy_night), (calm, calm_night) = directors
        statuses = [busy.post(f"/n/{busy_night}/d/round", {"close": "1"}, status=None).status_code
                    for _ in range(most + 1)]
        assert statuses[-1] == 429
        assert calm.post(f"/n/{calm_night}/d/round", {}, status=None).status_code == 303
