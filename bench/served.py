"""A gunicorn of the bench's own on 127.0.0.1 (a free port), on a database of its own; and a small HTTP client.

Loopback only; every server started here is stopped (or killed) by the code that started it.
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
import time
from pathlib import Path

from bench.gunicorn import NO_CONTROL_SOCKET

ROOT = Path(__file__).resolve().parents[1]
# The bench is many tables from one address: the per-address limits would stop it, as they should.
GENEROUS = {name: "1000000 per minute" for name in
            ("RATELIMIT_WRITES", "RATELIMIT_ADDRESS_WRITES", "RATELIMIT_TABLES", "RATELIMIT_JOINS", "RATELIMIT_CODE",
             "RATELIMIT_REFEREE")}
WORKERS = int(os.environ.get("BENCH_WORKERS", "2"))
# Sync workers unless told (as the load goal was set); the Procfile's: "--worker-class gthread --threads 1000".
FLAGS = os.environ.get("BENCH_GUNICORN_FLAGS", "").split()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port: int, method: str, path: str, body=None, token: str | None = None, timeout: float = 30):
    """One request on a new connection (gunicorn's sync workers close each): `(status, json or None)`.

    An answer cut short (the server killed between its headers and its body) is a `ConnectionError`, as a
    refused connection is: the client cannot know what it was told, so it was told nothing.
    """
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    try:
        conn.request(method, path, None if body is None else json.dumps(body), headers)
        response = conn.getresponse()
        data = response.read()
    except http.client.HTTPException as cut:
        raise ConnectionError(f"{method} {path}: answer cut short ({cut!r})") from cut
    finally:
        conn.close()
    try:
        return response.status, json.loads(data) if data else None
    except ValueError:
        return response.status, None


@contextlib.contextmanager
def database(kind: str):
    """A database of the bench's own: `sqlite` (a temporary file) or `postgresql` (a schema, dropped after)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite:///{tmp}/bench.sqlite3"
            from events.db import upgrade

            upgrade(url)
            yield url
        return
    from events.db import own_schema

    base = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or \
        "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    with own_schema(base, "arbitre_bench") as url:
        yield url


def postgresql_available() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            return True
    except OSError:
        return False


class Gunicorn:
    """`gunicorn -w WORKERS` of an app (`api:create_app()` or the bare route) in a process group of its own."""

    def __init__(self, url: str | None, app: str = "api:create_app()", workers: int = WORKERS,
                 flags: list[str] | None = None):
        self.url, self.app, self.workers = url, app, workers
        self.flags = FLAGS if flags is None else flags
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def start(self, wait: float = 60) -> Gunicorn:
        env = {**os.environ, **GENEROUS, "SECRET_KEY": "bench", "PYTHONPATH": str(ROOT)}
        if self.url:
            env["DATABASE_URL"] = self.url
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-w", str(self.workers), *self.flags, "-b", f"127.0.0.1:{self.port}",
             "--graceful-timeout", "5", NO_CONTROL_SOCKET, self.app], cwd=ROOT, env=env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                if call(self.port, "GET", "/healthz", timeout=2)[0] == 200:
                    return self
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("gunicorn did not answer in time")

    def kill(self) -> None:
        """kill -9 of the master and every worker (its whole process group)."""
        if self.process and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Gunicorn:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
