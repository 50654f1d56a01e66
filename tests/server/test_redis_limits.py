"""Several workers or hosts share the rate limits' counts through a real Redis (RATELIMIT_STORAGE_URI)."""

import shutil
import socket
import subprocess
import time

import pytest

from api import create_app
from api.shell.limits import DEFAULTS
from events.db import dispose
from tests.conftest import Tables

pytestmark = pytest.mark.slow  # a redis-server process: not in make test-fast

TEN = {"RATELIMIT_TABLES": "10 per minute"}  # ten new tables a minute, to count to


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Redis:
    """A redis-server of a test's own on a free loopback port."""

    def __init__(self, tmp_path):
        server = shutil.which("redis-server")
        if server is None:
            pytest.skip("redis-server is not installed (apt-get install redis-server)")
        port = free_port()
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no", "--dir", str(tmp_path)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def redis(tmp_path):
    """A redis-server of this test's own, stopped afterwards."""
    server = Redis(tmp_path)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis_url(redis):
    return redis.url


def test_two_hosts_on_one_redis_count_an_address_together(database_url, redis_url):
    apps = [create_app({"TESTING": True, "DATABASE_URL": database_url, **DEFAULTS, **TEN,
                        "RATELIMIT_STORAGE_URI": redis_url}) for _ in range(2)]
    try:
        clients = [app.test_client() for app in apps]
        statuses = [clients[i % 2].post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]}).status_code
                    for i in range(11)]
        assert statuses == [201] * 10 + [429]  # alone, each host would have allowed ten
        assert clients[0].post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]}).status_code == 429
    finally:
        for app in apps:
            dispose(app)


def test_a_redis_that_goes_away_never_stops_a_table(database_url, redis):
    """The shared counts' Redis stops mid-game: entries are still written (never a 5xx), and the limits go on,
    counted in the worker's memory meanwhile."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, **DEFAULTS, **TEN, "RATELIMIT_STORAGE_URI": redis.url})
    try:
        client = app.test_client()
        table = Tables(client).create("continental", ["Ana", "Ben", "Chloé", "Dan"])
        table.enter("deal", dealer=0, upcard="7H")
        redis.stop()
        table.enter("draw", 1, from_="stock")
        table.enter("discard", 1, card="9S")
        statuses = [client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"]}).status_code
                    for _ in range(11)]
        assert statuses == [201] * 10 + [429]
    finally:
        dispose(app)
