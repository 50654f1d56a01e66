"""gunicorn (2 workers, the Procfile's worker class) on the run's database: every write reaches every stream.

On PostgreSQL (`.ci/run`) by NOTIFY, on SQLite by the head check; the second gunicorn stands for a second host."""

from __future__ import annotations

import http.client
import json
import socket
import time

import pytest

from bench.gunicorn import serve
from tests.live.hubs import cut_hubs, listening
from tests.live.sse import parse

pytestmark = pytest.mark.slow


class Stream:
    """A raw GET /events held on a socket, read with a deadline."""

    def __init__(self, port: int, table_id: str, after: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.sendall(f"GET /api/v1/tables/{table_id}/events?after={after} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        self.text = ""
        self.until(lambda _e, comments: "live" in comments)

    def until(self, done, seconds: float = 10.0):
        end = time.monotonic() + seconds
        while not done(*parse(self.text.partition("\r\n\r\n")[2])) and time.monotonic() < end:
            self.sock.settimeout(max(0.05, end - time.monotonic()))
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            self.text += chunk.decode()
        return parse(self.text.partition("\r\n\r\n")[2])

    def seqs(self, n: int) -> list[int]:
        return [e["id"] for e in self.until(lambda ev, _c: len(ev) >= n)[0]]


def post(port: int, path: str, body: dict, token: str | None = None) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"}
                 | ({"Authorization": f"Bearer {token}"} if token else {}))
    response = conn.getresponse()
    answer = json.loads(response.read())
    conn.close()
    assert response.status == 201, answer
    return answer


def streams_on_both_workers(server, table_id: str) -> list[Stream]:
    """Open streams until the two workers each hold one (the kernel hands connections out as it likes, and a
    worker still starting takes none: on a busy machine, give it a few seconds)."""
    held: dict[int, Stream] = {}
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        stream = Stream(server.port, table_id, 1)
        held.setdefault(server.worker_of(stream.sock), stream)
        if len([pid for pid in held if pid]) == 2:
            return [s for pid, s in held.items() if pid]
        time.sleep(0.05)
    pytest.fail(f"could not get a stream on each worker: {list(held)}")


def test_a_write_on_any_worker_or_host_reaches_every_stream(database_url):
    with serve(database_url) as one, serve(database_url) as two:
        table = post(one.port, "/api/v1/tables", {"game": "continental", "players": ["Ana", "Ben", "Chloé", "Dan"]})
        tid, host = table["id"], table["host_token"]
        on_one = streams_on_both_workers(one, tid)
        on_two = Stream(two.port, tid, 1)
        entries = [{"type": "deal", "dealer": 0, "upcard": "7H"}, {"type": "draw", "seat": 1, "from": "stock"},
                   {"type": "discard", "seat": 1, "card": "9C"}, {"type": "draw", "seat": 2, "from": "stock"}]
        for version, entry in enumerate(entries, start=1):
            # Each write is served by one worker of the first host (so the other worker's stream hears it from
            # the database), the last by the second host.
            port = two.port if version == len(entries) else one.port
            post(port, f"/api/v1/tables/{tid}/entries", {"expected_version": version, "entry": entry}, host)
        for stream in [*on_one, on_two]:
            assert stream.seqs(4) == [2, 3, 4, 5]


def test_streams_hear_the_other_worker_again_after_the_database_cut_the_hubs(database_url, backend):
    """PostgreSQL: the database ends every worker's listening connection (a restart, a proxy's idle cut). Each
    hub listens again, and the entries written afterwards through either worker reach the streams of both."""
    if backend != "postgresql":
        pytest.skip("SQLite's hubs read the entries: they have no connection to lose")
    with serve(database_url) as server:
        table = post(server.port, "/api/v1/tables", {"game": "continental", "players": ["Ana", "Ben", "Chloé", "Dan"]})
        tid, host = table["id"], table["host_token"]
        streams = streams_on_both_workers(server, tid)
        workers = server.workers()
        assert cut_hubs(database_url, workers) == 2
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and listening(database_url, workers) < 2:  # both hubs listening again
            time.sleep(0.1)
        entries = [{"type": "deal", "dealer": 0, "upcard": "7H"}, {"type": "draw", "seat": 1, "from": "stock"},
                   {"type": "discard", "seat": 1, "card": "9C"}, {"type": "draw", "seat": 2, "from": "stock"},
                   {"type": "discard", "seat": 2, "card": "8C"}, {"type": "draw", "seat": 3, "from": "stock"}]
        for version, entry in enumerate(entries, start=1):  # a new connection each: both workers write some
            post(server.port, f"/api/v1/tables/{tid}/entries", {"expected_version": version, "entry": entry}, host)
        for stream in streams:  # within 5 s: by the notices, not the look at the heads 15 s later
            assert [e["id"] for e in stream.until(lambda ev, _c: len(ev) >= 6, seconds=5)[0]] == [2, 3, 4, 5, 6, 7]
