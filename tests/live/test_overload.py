"""Overload is an answer, not a hang; no client starves the others (the Procfile's worker, small caps).

One gunicorn worker with caps small enough to reach in a test: 16 connections, 6 streams, 3 streams and 8
connections from one address, request heads within 1 s, a gone client looked for every 0.2 s. Client sockets
bind other loopback addresses (127.0.0.2, 127.0.0.3...) to be other clients.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import time

import pytest

from bench.gunicorn import serve

pytestmark = pytest.mark.slow

FLAGS = ["--worker-class", "api.shell.worker.Worker", "--worker-connections", "16", "--keep-alive", "1"]
CAPS = {"LIVE_STREAMS": "6", "LIVE_CLIENT_STREAMS": "3", "ARBITRE_CLIENT_CONNECTIONS": "8", "LIVE_CHECK": "0.2",
        "LIVE_HEARTBEAT": "60", "ARBITRE_IDLE_TIMEOUT": "30"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from events.db import upgrade

    url = f"sqlite:///{tmp_path_factory.mktemp('overload') / 'overload.sqlite3'}"
    upgrade(url)
    with serve(url, workers=1, flags=FLAGS, env=CAPS) as served:
        yield served


def connect(port: int, address: str = "127.0.0.1") -> socket.socket:
    sock = socket.socket()
    sock.settimeout(10)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def answer_head(sock: socket.socket) -> tuple[int, dict]:
    """The status and headers of the answer on `sock` (what came until the blank line)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    lines = data.split(b"\r\n\r\n")[0].decode().split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers


def open_stream(port: int, table_id: str, address: str) -> tuple[socket.socket, int, dict]:
    sock = connect(port, address)
    sock.sendall(f"GET /api/v1/tables/{table_id}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    status, headers = answer_head(sock)
    return sock, status, headers


def request(port: int, method: str, path: str, body=None, address: str = "127.0.0.1", token=None):
    sock = connect(port, address)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.sock = sock
    conn.request(method, path, None if body is None else json.dumps(body),
                 {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {}))
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, dict(response.getheaders()), json.loads(data) if data.startswith(b"{") else data


@pytest.fixture
def table(server):
    status, _, created = request(server.port, "POST", "/api/v1/tables",
                                 {"game": "continental", "players": ["Ana", "Ben", "Chloé", "Dan"]})
    assert status == 201
    return created


def close_all(socks):
    for sock in socks:
        with contextlib.suppress(OSError):
            sock.close()


def until_a_stream_opens(port: int, table_id: str, address: str) -> int:
    """Open streams until one is let in (the gone clients' slots are freed), for at most 20 s; its status."""
    end, status = time.monotonic() + 20, None
    while time.monotonic() < end:
        sock, status, _ = open_stream(port, table_id, address)
        sock.close()
        if status == 200:
            break
        time.sleep(0.1)
    return status


def test_one_address_past_its_stream_cap_is_refused_while_another_address_writes_at_once(server, table):
    held, refused = [], []
    try:
        for _ in range(12):  # four times its cap of 3
            sock, status, headers = open_stream(server.port, table["id"], "127.0.0.2")
            (held if status == 200 else refused).append((sock, status, headers))
        assert len(held) == 3
        assert {status for _, status, _ in refused} <= {429, 503} and len(refused) == 9
        assert all(int(headers["Retry-After"]) > 0 for _, _, headers in refused)
        for version in (1, 2, 3):  # each answered within the request's timeout (10 s), never left waiting
            entry = [{"type": "deal", "dealer": 0, "upcard": "7H"}, {"type": "draw", "seat": 1, "from": "stock"},
                     {"type": "discard", "seat": 1, "card": "9C"}][version - 1]
            status, _, answer = request(server.port, "POST", f"/api/v1/tables/{table['id']}/entries",
                                        {"expected_version": version, "entry": entry}, "127.0.0.3", table["host_token"])
            assert status == 201, answer
    finally:
        close_all([sock for sock, _, _ in held + refused])
    assert until_a_stream_opens(server.port, table["id"], "127.0.0.2") == 200


def test_one_address_past_its_connection_cap_is_answered_429_others_still_served(server):
    held = []
    try:
        for _ in range(8):  # idle connections, each with half a request head: the cap of one address
            sock = connect(server.port, "127.0.0.4")
            sock.sendall(b"GET /healthz HTTP/1.1\r\n")
            held.append(sock)
        one_more = connect(server.port, "127.0.0.4")
        held.append(one_more)
        one_more.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        status, headers = answer_head(one_more)
        assert status == 429 and int(headers["Retry-After"]) > 0
        assert request(server.port, "GET", "/healthz", address="127.0.0.5")[0] == 200
    finally:
        close_all(held)


def test_slowloris_connections_are_closed(server):
    sock = connect(server.port, "127.0.0.6")
    closed = False
    try:
        for byte in b"GET /healthz HTTP/1.1\r\nHost: slow\r\n":  # one byte every 0.2 s: 7 s for this head
            try:
                sock.sendall(bytes([byte]))
                time.sleep(0.2)
                sock.settimeout(0.001)
                if sock.recv(1) == b"":
                    closed = True
                    break
            except TimeoutError:
                pass
            except OSError:
                closed = True
                break
            finally:
                sock.settimeout(10)
    finally:
        sock.close()
    assert closed, "a head sent a byte at a time was still read after 7 s (--keep-alive is 1 s)"


def test_a_full_host_answers_503_with_retry_after_keeps_writes_and_readyz_says_full(server, table):
    held = []
    try:
        for i in range(6):  # the worker's 6 streams, from 3 addresses (each under its cap)
            sock, status, _ = open_stream(server.port, table["id"], f"127.0.1.{i // 2 + 1}")
            held.append(sock)
            assert status == 200
        sock, status, headers = open_stream(server.port, table["id"], "127.0.1.9")
        held.append(sock)
        assert status == 503 and int(headers["Retry-After"]) > 0
        ready, headers, body = request(server.port, "GET", "/readyz", address="127.0.1.9")
        assert ready == 503 and int(headers["Retry-After"]) > 0 and body["status"] == "full"
        # The reserve: a write and a page still get through.
        status, _, answer = request(server.port, "POST", "/api/v1/tables",
                                    {"game": "rami", "players": ["Ana", "Ben"]}, "127.0.1.9")
        assert status == 201, answer
        assert request(server.port, "GET", f"/t/{table['id']}", address="127.0.1.9")[0] == 200
        # Connections past --worker-connections (16): 503 at once, not a wait in the kernel's queue.
        for i in range(12):
            stalled = connect(server.port, f"127.0.2.{i + 1}")
            held.append(stalled)
            stalled.sendall(b"POST /api/v1/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                            b"Content-Length: 100\r\n\r\n")  # a body that never comes: the connection stays
        over = connect(server.port, "127.0.3.1")
        held.append(over)
        over.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        status, headers = answer_head(over)
        assert status == 503 and int(headers["Retry-After"]) > 0
    finally:
        close_all(held)
    assert until_a_stream_opens(server.port, table["id"], "127.0.1.9") == 200


def test_a_gone_clients_stream_is_freed_within_seconds_not_at_the_heartbeat(server, table):
    """Heartbeats are 60 s apart here: the streams of clients gone are freed long before."""
    held = hold_streams(server.port, table["id"], 6)
    assert len(held) == 6
    sock, status, _ = open_stream(server.port, table["id"], "127.0.4.9")
    held.append(sock)
    assert status == 503  # full
    close_all(held)
    held = hold_streams(server.port, table["id"], 6)  # the six gone clients' room, taken again
    close_all(held)
    assert len(held) == 6


def hold_streams(port: int, table_id: str, n: int) -> list[socket.socket]:
    """Open streams (two an address) until `n` are held, for at most 20 s; the sockets held."""
    held, end, i = [], time.monotonic() + 20, 0
    while len(held) < n and time.monotonic() < end:
        sock, status, _ = open_stream(port, table_id, f"127.0.4.{len(held) // 2 + 1}")
        if status == 200:
            held.append(sock)
        else:
            sock.close()
            time.sleep(0.1)
        i += 1
    return held
