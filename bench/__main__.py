"""Run every `bench/bench_*.py` module's `main()` in turn; fail when one fails."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys

import bench


def main() -> int:
    """Run each benchmark module of this package in name order."""
    status = 0
    for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if info.name.startswith("bench_"):
            print(f"== {info.name}", flush=True)
            module = importlib.import_module(f"bench.{info.name}")
            status = max(status, module.main() or 0)
    from bench import figures

    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    print(f"\n== every figure, with its goal (load average {load})")
    print(figures.table())
    return status


if __name__ == "__main__":
    sys.exit(main())
