"""/readyz says the host is full when every one of its workers is, not when the one that answers is."""

from __future__ import annotations

import os

import pytest

from api import create_app
from api.shell import host
from events.db import dispose
from tests.conftest import Tables
from tests.live.sse import TestStream


@pytest.fixture
def worker(database_url, tmp_path, monkeypatch):
    """This process as one of a host's two workers, holding at most one stream."""
    monkeypatch.setenv("ARBITRE_SHARED_DIR", str(tmp_path))
    monkeypatch.setenv("ARBITRE_HOST_GROUP", "host")
    monkeypatch.setenv("ARBITRE_WORKERS", "2")
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_STREAMS": 1, "LIVE_HEARTBEAT": 60})
    yield app
    dispose(app)


def test_readyz_says_full_once_every_worker_is_and_ready_again_when_one_has_room(worker, tmp_path):
    client = worker.test_client()
    table = Tables(client).create("continental")
    stream = TestStream(client.get(f"/api/v1/tables/{table.id}/events?after=1", buffered=False))
    stream.until(lambda _e, comments: "live" in comments)  # this worker holds its one stream: it is full
    assert client.get("/readyz").status_code == 200  # the other worker has room
    (tmp_path / "arbitre-host" / f"{os.getppid()}.streams").touch()  # the other worker (a live process) is full
    answer = client.get("/readyz")
    assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0
    assert answer.get_json()["status"] == "full" and "2 of 2 workers" in answer.get_json()["detail"]
    stream.close()  # a phone leaves this worker
    assert client.get("/readyz").status_code == 200


def test_the_shared_directory_goes_with_its_last_mark(tmp_path, monkeypatch):
    """A server started and stopped (a restart, a test) leaves no folder behind in /dev/shm."""
    monkeypatch.setenv("ARBITRE_SHARED_DIR", str(tmp_path))
    monkeypatch.setenv("ARBITRE_HOST_GROUP", "host")
    host.mark("streams", True)
    host.mark("connections", True)
    host.mark("streams", False)
    assert (tmp_path / "arbitre-host").is_dir()  # this worker is still at its connections' cap
    assert host.full_workers() == {os.getpid()}
    host.mark("connections", False)
    assert not (tmp_path / "arbitre-host").exists()
    (tmp_path / "arbitre-host").mkdir()
    (tmp_path / "arbitre-host" / "999999999.streams").touch()  # a worker killed at its cap
    assert host.full_workers() == set()
    assert not (tmp_path / "arbitre-host").exists()
