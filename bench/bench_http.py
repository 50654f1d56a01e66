"""Measure the served app: gunicorn with 2 workers on 127.0.0.1, reads and writes per second over HTTP.

Starts its own gunicorn on a free loopback port with a temporary SQLite database (or
`BENCH_HTTP_DATABASE_URL`, in a schema of its own), plays a table, then for a few seconds reads it from several threads,
and appends entries one after another. Stops gunicorn at the end. Loopback only, bounded in time.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench import figures
from bench.gunicorn import NO_CONTROL_SOCKET
from bench.served import GENEROUS

ROOT = Path(__file__).resolve().parents[1]
SECONDS = 4.0
THREADS = 8


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port: int, method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    conn.request(method, path, None if body is None else json.dumps(body), headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, json.loads(data) if data else {}


def wait_up(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            if call(port, "GET", "/healthz")[0] == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer in time")


def play(port: int, turns: int) -> tuple[str, str, int]:
    """Create a continental table and enter `turns` draw/discard turns; return id, host token, version."""
    status, table = call(port, "POST", "/api/v1/tables", {"game": "continental", "players": ["A", "B", "C", "D"]})
    assert status == 201, table
    tid, host, version = table["id"], table["host_token"], 1

    def enter(entry: dict) -> None:
        nonlocal version
        status, answer = call(port, "POST", f"/api/v1/tables/{tid}/entries",
                              {"expected_version": version, "entry": entry}, host)
        assert status == 201, answer
        version = answer["version"]

    enter({"type": "deal", "dealer": 0, "upcard": "7H"})
    cards = [r + s for s in "CDHS" for r in ("3", "4", "5", "6", "8", "9", "10", "J", "Q", "K")]
    began = time.perf_counter()
    for turn in range(turns):
        seat = (turn + 1) % 4
        enter({"type": "draw", "seat": seat, "from": "stock"})
        enter({"type": "discard", "seat": seat, "card": cards[turn % len(cards)]})
    writes = 2 * turns / (time.perf_counter() - began)
    print(f"  writes: {writes:7.0f} entries/s (one phone after another: token, rules, locked append)")
    figures.record("http: writes, one phone after another", writes, "/s")
    return tid, host, version


def read_load(port: int, tid: str) -> None:
    counts, stop = [0] * THREADS, time.monotonic() + SECONDS

    def reader(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while time.monotonic() < stop:
            conn.request("GET", f"/api/v1/tables/{tid}")
            response = conn.getresponse()
            response.read()
            assert response.status == 200
            counts[i] += 1
        conn.close()

    threads = [threading.Thread(target=reader, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"  reads:  {sum(counts) / SECONDS:7.0f} GET /tables/{{id}} per second ({THREADS} client threads)")
    figures.record(f"http: reads, {THREADS} client threads", sum(counts) / SECONDS, "/s")


@contextlib.contextmanager
def database(tmp: str):
    """A database of the bench's own: a temporary SQLite file, or a PostgreSQL schema dropped at the end."""
    url = os.environ.get("BENCH_HTTP_DATABASE_URL")
    if not url:
        yield f"sqlite:///{tmp}/bench.sqlite3"
        return
    from events.db import own_schema

    with own_schema(url, "arbitre_http") as scoped:
        yield scoped


def main() -> int:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp, database(tmp) as url:
        env = {**os.environ, **GENEROUS, "DATABASE_URL": url, "SECRET_KEY": "bench"}
        subprocess.run([sys.executable, "-m", "flask", "--app", "api", "db", "upgrade"], cwd=ROOT, env=env,
                       check=True, capture_output=True)
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}",
                                   NO_CONTROL_SOCKET, "api:create_app()"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_up(port, time.monotonic() + 30)
            print(f"bench_http: gunicorn -w 2 on 127.0.0.1:{port}, {url.split(':')[0]}")
            tid, _, version = play(port, 250)
            print(f"  table of {version} entries")
            read_load(port, tid)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
