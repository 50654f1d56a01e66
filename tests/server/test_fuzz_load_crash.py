"""Short forms of the fuzz, load and crash runs of bench/ (the full ones are run by hand: make bench, make fuzz).

Each serves the app with gunicorn on a free loopback port, on this run's database kind. They assert what
must hold whatever the machine's speed: no 5xx, no acknowledged entry lost; speed is for bench/ to print.
"""

import os

import pytest

from bench import bench_crash, bench_load, fuzz

KIND = "postgresql" if os.environ.get("TEST_DATABASE_URL") else "sqlite"
pytestmark = pytest.mark.slow


def test_many_tables_at_once_get_no_5xx(capsys):
    result = bench_load.load(KIND, seconds=1.5, count=10)
    assert result["entries_s"] > 0 and result["5xx"] == 0 and result["refused"] == 0


def test_kill_9_during_load_loses_no_entry_answered_201():
    result = bench_crash.crash(KIND, rounds=1, seconds=1.5, count=6)
    assert result["acknowledged"] > 0
    assert (result["lost"], result["broken"], result["unreplayable"], result["5xx"]) == (0, 0, 0, 0)


@pytest.mark.skipif(not fuzz.SCHEMATHESIS.exists() and not os.environ.get("CI"),
                    reason="schemathesis is not installed (make .venv-fuzz/.installed)")
def test_schemathesis_finds_no_5xx_and_no_schema_mismatch():
    code, output = fuzz.fuzz(KIND, max_examples=8, seconds=40)
    assert code == 0, output[-6000:]


def test_an_answer_cut_by_a_killed_server_counts_as_no_answer():
    """kill -9 between a 201's headers and its body: the bench's phones must see a lost connection (and stop),
    not an exception of their own that ends the crash run."""
    import socket
    import threading

    from bench.served import call

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)

        def cut_short():
            conn, _ = listener.accept()
            with conn:
                asked = b""
                while b"\r\n\r\n" not in asked:  # the whole request read: closing then sends no reset
                    asked += conn.recv(65536)
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 196\r\n\r\n")
                conn.shutdown(socket.SHUT_WR)

        server = threading.Thread(target=cut_short)
        server.start()
        with pytest.raises(OSError, match="cut short"):
            call(listener.getsockname()[1], "GET", "/api/v1/tables/x")
        server.join()


def test_the_durable_floor_writes_a_chained_entry_per_post_and_reads_its_head(database_url, monkeypatch):
    """bench/floor.py, the ceiling of the load ratio: each POST must be a real append (numbered, chained, in the
    log), else the floor it prints would measure less than an append's write."""
    from bench import floor
    from events.chain import entry_hash
    from events.db import open_store

    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setattr(floor, "_store", None)
    monkeypatch.setattr(floor, "_free", [])
    client = floor.app.test_client()
    answers = [client.post("/echo") for _ in range(3)]
    assert [(a.status_code, a.get_json()["version"]) for a in answers] == [(201, 2), (201, 3), (201, 4)]
    assert client.get("/view").get_json() == {"version": 4}
    store = open_store(database_url)
    try:
        logged = store.entries(f"floor-{os.getpid()}-{floor._made[0]}")
    finally:
        store.engine.dispose()
        floor._store.engine.dispose()
    assert [e.seq for e in logged] == [1, 2, 3, 4]
    for before, entry in zip(logged, logged[1:], strict=False):
        assert entry.prev_hash == before.hash
        assert entry.hash == entry_hash(entry.seq, entry.type, entry.seat, entry.at, entry.data, before.hash)
