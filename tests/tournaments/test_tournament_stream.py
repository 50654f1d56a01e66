"""GET /api/v1/tournaments/{id}/events: the tournament as GET gives it, again at each change."""

from __future__ import annotations

import pytest

from api import create_app
from events.db import dispose
from tests.live.sse import TestStream
from tests.tournaments.evening import Evening, names, play_out


@pytest.fixture
def app(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_HEARTBEAT": 0.3, "LIVE_LIFETIME": 8,
                      "TOURNAMENT_LOOK": 0.05})
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


def test_the_stream_of_an_unknown_tournament_is_a_404(client):
    assert client.get("/api/v1/tournaments/nope/events").status_code == 404
