"""GET /api/v1/tournaments/{id}/events: the tournament as GET gives it, again at each change."""

from __future__ import annotations

import pytest

from api import create_app
from api.application import tournaments
from api.shell.live import held
from events import live_sources
from events.db import dispose
from tests.live.sse import TestStream
from tests.tournaments.evening import Evening, names, play_out


@pytest.fixture
def app(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_HEARTBEAT": 0.3, "LIVE_LIFETIME": 30})
    yield app
    dispose(app)


def test_the_stream_sends_the_tournament_then_each_round_and_each_finished_table(client, tables):
    evening = Evening(client, tables)
    response = client.get(f"/api/v1/tournaments/{evening.id}/events", buffered=False)
    assert response.mimetype == "text/event-stream"
    stream = TestStream(response)
    events, _ = stream.until(lambda ev, _c: len(ev) >= 1)
    assert events[0]["data"] == evening.read() and events[0]["data"]["round"] == 0

    evening.start()
    events, _ = stream.until(lambda ev, _c: any(e["data"]["round"] == 1 for e in ev))
    assert events[-1]["data"]["status"] == "playing" and len(events[-1]["data"]["tables"]) == 3

    table = evening.rounds[0][0]
    balances = play_out(table, [0, 1, 2, 3])

    def counted(ev, _c):
        return any(any(s["tables"] == 1 for s in e["data"]["standings"]) for e in ev)
    events, _ = stream.until(counted)
    stream.close()
    last = events[-1]["data"]
    assert last == evening.read() and last["tables"][0]["status"] == "finished"
    scores = {s["player"]: s["score"] for s in last["standings"]}
    assert [scores[n] for n in names(table)] == balances


def open_stream(client, evening: Evening) -> TestStream:
    response = client.get(f"/api/v1/tournaments/{evening.id}/events", buffered=False)
    assert response.mimetype == "text/event-stream"
    stream = TestStream(response)
    stream.until(lambda ev, _c: len(ev) >= 1)
    assert held(client.application).hub.ready.wait(30)  # the hub looks (PostgreSQL: its LISTEN is in place)
    return stream


def test_a_round_a_message_and_an_entry_written_by_another_worker_reach_the_stream(client, tables, database_url,
                                                                                     monkeypatch):
    """Another app on the same database stands for another worker: the round it seats, the director's message it
    writes and a table's entries it takes each reach this worker's stream through the hub (PostgreSQL: their
    notices; SQLite: its looks), with the hub's safety-net look at the heads put off."""
    monkeypatch.setattr(live_sources, "LOOK", 600.0)
    evening = Evening(client, tables)
    stream = open_stream(client, evening)
    other = create_app({"TESTING": True, "DATABASE_URL": database_url})
    try:
        elsewhere = evening.through(other.test_client())
        elsewhere.start()
        events, _ = stream.until(lambda ev, _c: any(e["data"]["round"] == 1 for e in ev), seconds=30)
        assert events[-1]["data"]["round"] == 1 and len(events[-1]["data"]["tables"]) == 3

        with other.app_context():
            tournaments.message(evening.id, evening.director, "Pause de 10 minutes")
        events, _ = stream.until(lambda ev, _c: ev[-1]["data"]["message"] is not None, seconds=30)
        assert events[-1]["data"]["message"]["text"] == "Pause de 10 minutes"

        table = elsewhere.rounds[0][0]
        play_out(table, [0, 1, 2, 3])
        events, _ = stream.until(lambda ev, _c: ev[-1]["data"]["tables"][0]["status"] == "finished", seconds=30)
    finally:
        stream.close()
        dispose(other)
    assert events[-1]["data"] == evening.read()


def test_an_idle_tournament_stream_reads_nothing_between_its_changes(client, tables, backend, monkeypatch):
    """PostgreSQL: the hub wakes a tournament's stream when something of it moves; quiet, its stream reads nothing
    (it once read the tournament every 0.2 s), and a change still reaches it."""
    if backend != "postgresql":
        pytest.skip("SQLite's hub looks at the tournament for the other workers' writes")
    monkeypatch.setattr(live_sources, "LOOK", 600.0)
    evening = Evening(client, tables)
    evening.start()
    stream = open_stream(client, evening)
    read, reads = tournaments.read, []
    monkeypatch.setattr(tournaments, "read", lambda *args: reads.append(args) or read(*args))
    stream.until(lambda _e, comments: comments.count("heartbeat") >= 4)  # 1.2 s, where a poll read 6 times
    quiet = len(reads)
    play_out(evening.rounds[0][0], [0, 1, 2, 3])
    events, _ = stream.until(lambda ev, _c: ev[-1]["data"]["tables"][0]["status"] == "finished", seconds=30)
    stream.close()
    assert quiet <= 1, reads  # the first heartbeat's at most: the stream's own wake after following the tables
    assert events[-1]["data"] == evening.read()


def test_an_idle_tournament_stream_gets_heartbeats(client, tables):
    evening = Evening(client, tables)
    stream = open_stream(client, evening)
    events, comments = stream.until(lambda _e, c: c.count("heartbeat") >= 2)
    stream.close()
    assert len(events) == 1 and comments.count("heartbeat") >= 2


def test_tournament_and_table_streams_share_the_workers_cap_and_its_refusal(tables, database_url):
    """One cap of streams a worker (LIVE_STREAMS), whichever they follow: past it a tournament's stream, as a
    table's, is a 503 with Retry-After."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_STREAMS": 1, "LIVE_HEARTBEAT": 0.3,
                      "LIVE_LIFETIME": 30})
    client = app.test_client()
    try:
        evening = Evening(client, tables.__class__(client))
        stream = open_stream(client, evening)
        table = tables.attach(tables.create("continental").created, client)
        for path in (f"/api/v1/tournaments/{evening.id}/events", f"/api/v1/tables/{table.id}/events"):
            refused = client.get(path)
            assert refused.status_code == 503 and int(refused.headers["Retry-After"]) > 0, path
            assert refused.mimetype == "application/problem+json"
        stream.close()  # its place is given back
        again = client.get(f"/api/v1/tables/{table.id}/events?after=1", buffered=False)
        again.close()
        assert again.status_code == 200
    finally:
        dispose(app)


def test_the_stream_of_an_unknown_tournament_is_a_404(client):
    assert client.get("/api/v1/tournaments/nope/events").status_code == 404
