"""`make run` and `make serve` run the server the Procfile deploys (the one bench/bench_live.py measured)."""

from __future__ import annotations

import shlex

from bench.gunicorn import NO_CONTROL_SOCKET, ROOT, WORKER_FLAGS, worker_flags


def test_make_run_and_serve_and_the_procfile_use_the_same_server():
    text = (ROOT / "Makefile").read_text()
    gunicorn = next(line for line in text.splitlines() if line.startswith("GUNICORN :="))
    words = shlex.split(gunicorn)
    flags = [w for i, w in enumerate(words) if w in WORKER_FLAGS or (i and words[i - 1] in WORKER_FLAGS)]
    assert flags == worker_flags()
    assert "api.shell.worker.Worker" in flags
    procfile = next(ln for ln in (ROOT / "Procfile").read_text().splitlines() if ln.startswith("web:"))
    assert NO_CONTROL_SOCKET in words and NO_CONTROL_SOCKET in shlex.split(procfile)  # tests/live/test_control_socket
    for target in ("run:", "serve:"):
        recipe = text.split("\n" + target, 1)[1].split("\n\n", 1)[0]
        assert "$(GUNICORN)" in recipe and "flask --app api run" not in recipe
