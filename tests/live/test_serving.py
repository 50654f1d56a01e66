"""`make serve` runs the worker class the Procfile deploys (the one bench/bench_live.py measured)."""

from __future__ import annotations

import shlex

from bench.gunicorn import ROOT, worker_flags


def test_make_serve_and_the_procfile_use_the_same_worker_class():
    serve = next(line for line in (ROOT / "Makefile").read_text().splitlines() if line.startswith("\t") and "gunicorn" in line)
    words = shlex.split(serve)
    flags = [w for i, w in enumerate(words) if w in ("--worker-class", "--worker-connections", "-k", "--threads")
             or (i and words[i - 1] in ("--worker-class", "--worker-connections", "-k", "--threads"))]
    assert flags == worker_flags()
    assert "gthread" in flags
