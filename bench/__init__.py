"""Benchmarks: `python -m bench` runs them all, `python -m bench.bench_NAME` one."""
