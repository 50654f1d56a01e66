"""Several workers or hosts share the rate limits' counts through a real Redis (RATELIMIT_STORAGE_URI)."""

import shutil
import socket
import subprocess
import time

import pytest

from api import create_app
from api.limits import DEFAULTS
from events.db import dispose


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_url(tmp_path):
    """A redis-server of this test's own on a free loopback port, stopped afterwards."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                                "no", "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_two_hosts_on_one_redis_count_an_address_together(database_url, redis_url):
    apps = [create_app({"TESTING": True, "DATABASE_URL": database_url, **DEFAULTS,
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
