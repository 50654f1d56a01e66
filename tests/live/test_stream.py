"""GET /api/v1/tables/{id}/events: one event per entry, resumable, with heartbeats (API.md)."""

from __future__ import annotations

import threading
import time
from datetime import UTC

import pytest

from api import create_app
from api.shell.live import held
from events import live_sources
from events.db import dispose
from tests.live.hubs import cut_hubs
from tests.live.sse import TestStream


@pytest.fixture
def app(database_url):
    # A test client runs a stream only while it is read: a stream's lifetime counts from its opening, and a test
    # that writes (or makes another app) between two reads on a loaded machine must not see it end unread.
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_HEARTBEAT": 0.3,
                      "LIVE_QUIET_HEARTBEAT": 0.3, "LIVE_LIFETIME": 60})
    yield app
    dispose(app)


def open_stream(client, table, after=None, last_id=None) -> TestStream:
    url = f"/api/v1/tables/{table.id}/events" + ("" if after is None else f"?after={after}")
    headers = {} if last_id is None else {"Last-Event-ID": str(last_id)}
    response = client.get(url, headers=headers, buffered=False)
    assert response.mimetype == "text/event-stream"
    return TestStream(response)


def deal_written_elsewhere(stream: TestStream, tables, table, database_url: str, seconds: float = 10) -> list[dict]:
    """Have another app on the same database (another worker, as it were) enter the table's deal; give the events
    the stream gets within `seconds`."""
    other = create_app({"TESTING": True, "DATABASE_URL": database_url})
    writer = tables.attach(table.created, other.test_client())
    thread = threading.Thread(target=lambda: writer.enter("deal", dealer=0, upcard="7H"))
    thread.start()
    events, _ = stream.until(lambda ev, _c: len(ev) >= 1, seconds=seconds)
    thread.join(10)
    stream.close()
    dispose(other)
    return events


def until(done, seconds: float) -> bool:
    """Whether `done()` holds within `seconds` (looked at every 50 ms)."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def heard(hub, table_id: str, version: int) -> None:
    """Wait until the hub has heard the table's entry `version` (what wakes the table's streams)."""
    while hub.version(table_id) < version:
        assert hub.wait(table_id, version - 1, 10), f"the hub never heard entry {version}"


def hub_of(app):
    """The app's hub in this process, once a stream has made it."""
    state = held(app)
    assert state is not None, "no stream has opened in this process"
    return state.hub


def test_the_stream_sends_each_entry_as_in_entries_with_its_seq_as_id(client, tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    stream = open_stream(client, table)
    events, _ = stream.until(lambda ev, _c: len(ev) >= 2)
    stream.close()
    assert [e["id"] for e in events] == [1, 2]
    assert [e["data"] for e in events] == table.entries()


def test_an_entry_written_while_a_phone_listens_reaches_it(client, tables):
    table = tables.create("continental")
    stream = open_stream(client, table, after=1)
    stream.until(lambda _e, comments: "live" in comments)
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock")
    events, _ = stream.until(lambda ev, _c: len(ev) >= 2)
    stream.close()
    assert [(e["id"], e["data"]["type"]) for e in events] == [(2, "deal"), (3, "draw")]
    # On PostgreSQL these came in the notices, not from a read of the log: the same entries all the same.
    assert [e["data"] for e in events] == table.entries()[1:]


def test_an_entry_written_through_the_streams_own_worker_reaches_it_with_no_look_at_the_log(database_url,
                                                                                             monkeypatch):
    """The worker that wrote an entry hands it to its own streams once its answer is sent: with the hub's looks
    (SQLite's at the entries, every source's at the heads) and the heartbeats far off, the entry still comes, long
    before any of them."""
    from tests.conftest import Tables

    monkeypatch.setattr(live_sources, "POLL", 60.0)
    monkeypatch.setattr(live_sources, "LOOK", 600.0)
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_HEARTBEAT": 30, "LIVE_LIFETIME": 60})
    client = app.test_client()
    try:
        table = Tables(client).create("continental")
        stream = open_stream(client, table, after=1)
        stream.until(lambda _e, comments: "live" in comments)
        assert hub_of(app).ready.wait(30)  # the hub has made its first look (PostgreSQL: its LISTEN is in place)
        answer = client.post(f"/api/v1/tables/{table.id}/entries", headers={"Authorization": f"Bearer {table.host}"},
                             json={"expected_version": 1, "entry": {"type": "deal", "dealer": 0, "upcard": "7H"}})
        assert answer.status_code == 201
        answer.close()  # as every WSGI server does once the answer is sent (the test client leaves it open)
        events, _ = stream.until(lambda ev, _c: len(ev) >= 1, seconds=30)  # a look would come after 60 s
        stream.close()
    finally:
        dispose(app)
    assert [(e["id"], e["data"]["type"]) for e in events] == [(2, "deal")], "the entry waited for a look"


def test_phones_holding_streams_never_take_the_turns_the_writers_need(database_url):
    """With one request at a time inside the app (ARBITRE_RUNNING=1), three phones hold streams and a fourth
    still writes, and every stream gets the entry: a stream takes a turn for its first read only. (The test client
    runs a stream only while it is read, and these are read one after the other: a lifetime shorter than the whole
    test ends the last ones unread on a loaded machine, as it once did in CI; a held turn never ends here at all.)"""
    from tests.conftest import Tables

    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_HEARTBEAT": 0.3, "LIVE_LIFETIME": 120,
                      "ARBITRE_RUNNING": 1})
    client = app.test_client()
    table = Tables(client).create("continental")
    done, got = [], []

    def phones():
        streams = [open_stream(client, table, after=1) for _ in range(3)]
        for stream in streams:
            stream.until(lambda _e, comments: "live" in comments)
        done.append(table.enter("deal", dealer=0, upcard="7H"))
        got.extend(stream.until(lambda ev, _c: len(ev) >= 1, seconds=20)[0] for stream in streams)
        for stream in streams:
            stream.close()

    playing = threading.Thread(target=phones, daemon=True)
    playing.start()
    playing.join(60)
    alive = playing.is_alive()
    if not alive:
        dispose(app)
    assert not alive, "a phone holding a stream kept the only turn: the others waited for it"
    assert done and done[0]["version"] == 2
    assert [[e["id"] for e in events] for events in got] == [[2], [2], [2]]


def test_a_burst_of_entries_reaches_a_stream_whole_and_together(database_url):
    """A table writing faster than a phone reads (LIVE_GAP apart, here half a second): entries that come within
    the gap share a send, and none is lost or out of order. Each entry reaches the hub (which wakes the stream)
    before the next is written, so that without the gap each would be a send of its own. (Whether the first goes alone depends on how soon the
    stream's thread wakes on a loaded machine: once in a fresh run it woke after the second entry, so the test
    asserts the grouping, not where it falls: without the gap each entry is a send of its own.)"""
    from tests.conftest import Tables

    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_HEARTBEAT": 30, "LIVE_LIFETIME": 10,
                      "LIVE_GAP": 0.5})
    client = app.test_client()
    try:
        table = Tables(client).create("continental")
        table.enter("deal", dealer=0, upcard="7H")
        stream = open_stream(client, table, after=2)
        stream.until(lambda _e, comments: "live" in comments)
        assert hub_of(app).ready.wait(30)  # the hub has made its first look (PostgreSQL: its LISTEN is in place)
        sends = []

        def phone():
            for chunk in stream.chunks:
                text = chunk.decode() if isinstance(chunk, bytes) else chunk
                if "data:" in text:
                    sends.append(text)
                if sum(text.count("data:") for text in sends) >= 3:
                    return

        reading = threading.Thread(target=phone, daemon=True)
        reading.start()
        for turn in [{"seat": 1, "from_": "stock"}, {"seat": 1, "card": "9S"}, {"seat": 2, "from_": "discard"}]:
            table.enter("draw" if "from_" in turn else "discard", **turn)
            heard(hub_of(app), table.id, table.version)  # it may wake the stream before the next is written
        reading.join(10)
        stream.close()
    finally:
        dispose(app)
    from tests.live.sse import parse

    assert [e["id"] for e in parse("".join(sends))[0]] == [3, 4, 5]
    assert sum(text.count("data:") for text in sends) == 3 and len(sends) < 3, sends


def test_a_reconnecting_phone_resumes_after_its_last_event_id(client, tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock")
    stream = open_stream(client, table, after=0, last_id=2)  # the header wins over ?after=
    events, _ = stream.until(lambda ev, _c: len(ev) >= 1)
    stream.close()
    assert [e["id"] for e in events] == [3]


def test_an_idle_stream_gets_heartbeat_comments(client, tables):
    table = tables.create("continental")
    stream = open_stream(client, table, after=1)
    events, comments = stream.until(lambda _e, c: "heartbeat" in c)
    stream.close()
    assert events == [] and "heartbeat" in comments


def test_a_write_through_another_process_reaches_the_stream(client, tables, database_url):
    """Another app on the same database stands for another worker (SQLite: head check; PostgreSQL: NOTIFY)."""
    table = tables.create("continental")
    stream = open_stream(client, table, after=1)
    stream.until(lambda _e, comments: "live" in comments)
    events = deal_written_elsewhere(stream, tables, table, database_url)
    assert [(e["id"], e["data"]["type"]) for e in events] == [(2, "deal")]


@pytest.mark.parametrize("headers, query, named", [({"Last-Event-ID": "two"}, "", "Last-Event-ID"),
                                                   ({}, "?after=-1", "after"), ({}, "?after=99999999999", "after")])
def test_a_bad_position_is_a_400_naming_it(client, tables, headers, query, named):
    table = tables.create("continental")
    response = client.get(f"/api/v1/tables/{table.id}/events{query}", headers=headers)
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json" and named in response.json["detail"]


def test_an_unknown_table_is_a_404(client):
    response = client.get("/api/v1/tables/nope/events")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"


def test_the_stream_is_in_the_openapi_description(client):
    paths = client.get("/api/openapi.json").json["paths"]
    answer = paths["/api/v1/tables/{table_id}/events"]["get"]["responses"]["200"]
    assert list(answer["content"]) == ["text/event-stream"]


def test_a_turn_clock_runs_out_on_time_while_the_phones_only_watch(tables, monkeypatch):
    """No phone reads the table, all hold streams: the timeout (R-17) is still written once its deadline has
    passed, by the table's streams asking once a heartbeat, and reaches them."""
    from datetime import datetime, timedelta

    from api.application import service

    table = tables.create("rami", ["Ana", "Ben"], options={"turn_seconds": 60})
    table.enter("deal", dealer=0)
    stream = open_stream(table.client, table, after=2)
    stream.until(lambda _e, comments: "live" in comments)
    later = datetime.now(UTC) + timedelta(seconds=90)
    monkeypatch.setattr(service, "now", lambda: later)  # the deadline has passed
    events, _ = stream.until(lambda ev, _c: len(ev) >= 1)
    stream.close()
    assert [(e["id"], e["data"]["type"]) for e in events] == [(3, "timeout")]


def test_the_heartbeats_of_a_game_with_no_clock_never_replay_its_log(client, tables, monkeypatch):
    """Continental has no turn clock: its phones' heartbeats ask nothing of the log (10,000 idle streams cost
    the database nothing)."""
    from api.application import service

    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    replayed = []
    monkeypatch.setattr(service, "catch_up", lambda *args: replayed.append(args))
    stream = open_stream(client, table, after=2)
    stream.until(lambda _e, comments: comments.count("heartbeat") >= 2)
    stream.close()
    assert replayed == []


def test_a_game_with_no_clock_is_asked_about_its_clock_once_whatever_is_written(client, tables, monkeypatch):
    """A table's streams ask whether its turn clock runs at a heartbeat, and again after entries while it does
    not; a continental table has none, so once told so they never ask again (one read of its record a heartbeat
    after every burst of entries, for 2,500 tables, was the database's and the workers' work)."""
    from api.application import service

    table = tables.create("continental")
    asked = []
    clocked = service.clocked
    monkeypatch.setattr(service, "clocked", lambda table_id: asked.append(table_id) or clocked(table_id))
    stream = open_stream(client, table, after=1)
    stream.until(lambda _e, comments: comments.count("heartbeat") >= 3)  # asked at the first, told "no clock"
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock")
    events, _ = stream.until(lambda ev, comments: len(ev) >= 2 and comments.count("heartbeat") >= 6)
    stream.close()
    assert [e["id"] for e in events] == [2, 3]
    assert asked == [table.id]


def test_a_table_with_no_turn_clock_gets_its_heartbeats_further_apart(tables, database_url):
    """A heartbeat keeps proxies from closing an idle stream, and at a table whose turn clock may run it is
    when the clock's timeout is written: a continental table (no clock) gets one every LIVE_QUIET_HEARTBEAT
    once that is known, a Rami table with its clock every LIVE_HEARTBEAT."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_HEARTBEAT": 0.05,
                      "LIVE_QUIET_HEARTBEAT": 60, "LIVE_LIFETIME": 1})
    client = app.test_client()
    counted = {}
    for game, fields in (("continental", {}), ("rami", {"options": {"turn_seconds": 60}})):
        table = tables.attach(tables.create(game, **fields).created, client)
        stream = open_stream(client, table, after=1)
        _, comments = stream.until(lambda _e, _c: False, seconds=10)  # to the stream's end, after 1 s
        stream.close()
        counted[game] = comments.count("heartbeat")
    dispose(app)
    assert counted["continental"] == 1  # at 0.05 s, which asks about its clock; the next would come at 60 s
    assert counted["rami"] >= 5  # every 0.05 s for 1 s


def test_a_stream_still_hears_other_workers_after_the_hub_lost_its_connection(client, tables, database_url, backend,
                                                                              monkeypatch):
    """PostgreSQL: the database ends the hub's listening connection (a restart, a proxy's idle cut); the hub
    listens again, and an entry another worker writes afterwards reaches the stream by its notice (the look at
    the heads, put off here, never comes)."""
    if backend != "postgresql":
        pytest.skip("SQLite's hub reads the entries: it has no connection to lose")
    import os

    monkeypatch.setattr(live_sources, "LOOK", 600.0)
    table = tables.create("continental")
    stream = open_stream(client, table, after=1)
    stream.until(lambda _e, comments: "live" in comments)
    hub = hub_of(client.application)
    assert hub.ready.wait(30)
    epoch = hub.epoch
    assert cut_hubs(database_url, [os.getpid()]), "no listening connection found"
    # woken once for the loss, once listening again
    assert until(lambda: hub.epoch >= epoch + 2, 30), "the hub did not listen again"
    events = deal_written_elsewhere(stream, tables, table, database_url, seconds=30)
    assert [(e["id"], e["data"]["type"]) for e in events] == [(2, "deal")]


def test_the_hub_hears_its_notices_on_a_socket_numbered_past_1024(client, tables, database_url, backend, monkeypatch):
    """PostgreSQL: a worker holding thousands of streams gives the hub's listening connection a file number past
    1,024, where select() gives up: entries other workers write still reach its streams by their notices (the look
    at the heads, put off here, never comes)."""
    if backend != "postgresql":
        pytest.skip("SQLite's hub reads the entries: it has no listening connection")
    import os
    import resource

    monkeypatch.setattr(live_sources, "LOOK", 600.0)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2048 if hard == resource.RLIM_INFINITY else min(hard, 2048)
    if wanted < 1200:
        pytest.skip(f"the open-file limit ({hard}) leaves no number past 1,024")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    opened = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]  # the other streams' sockets, as it were
    try:
        table = tables.create("continental")
        stream = open_stream(client, table, after=1)
        stream.until(lambda _e, comments: "live" in comments)
        assert hub_of(client.application).ready.wait(30)
        events = deal_written_elsewhere(stream, tables, table, database_url, seconds=30)
    finally:
        for fd in opened:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert [(e["id"], e["data"]["type"]) for e in events] == [(2, "deal")]
