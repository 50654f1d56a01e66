"""Two servers on one machine (two hosts, a test beside a server) keep out of each other's way: gunicorn's control
socket defaults to one path per user (~/.gunicorn/gunicorn.ctl), so the second server took the first's and the
first to stop removed it. The Procfile's server and the tests' own start none."""

from __future__ import annotations

import http.client
import os
import sys
from pathlib import Path

import pytest

from bench.gunicorn import ROOT, free_port, quit_quickly, running, serve

pytestmark = pytest.mark.slow


def answers(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    finally:
        conn.close()


def procfile_server(url: str, home: Path):
    """The Procfile's web line, as a platform runs it (its shell expands $PORT and $WEB_CONCURRENCY)."""
    line = next(ln for ln in (ROOT / "Procfile").read_text().splitlines() if ln.startswith("web:"))
    port = free_port()
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "test", "PORT": str(port), "WEB_CONCURRENCY": "1",
           "HOME": str(home), "XDG_RUNTIME_DIR": "", "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    return running(["sh", "-c", "exec " + line.removeprefix("web:").strip()], port, env, quit_quickly)


def test_two_servers_at_once_create_no_control_socket_and_outlive_each_other(database_url, tmp_path):
    home = {"HOME": str(tmp_path), "XDG_RUNTIME_DIR": ""}  # the default socket would be tmp_path/.gunicorn/...
    with serve(database_url, workers=1, env=home) as kept:
        with procfile_server(database_url, tmp_path) as stopped:
            assert answers(kept.port) and answers(stopped.port)
            assert not (tmp_path / ".gunicorn").exists()
        assert stopped.process.poll() is not None
        assert answers(kept.port)  # the other server stopping took nothing of this one's
    assert not (tmp_path / ".gunicorn").exists()
