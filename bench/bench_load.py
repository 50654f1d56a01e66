"""Load: many tables playing at once through the HTTP API against gunicorn, on SQLite and on PostgreSQL.

Each table is one client thread entering draws and discards as fast as the server answers; its phones
read the table view (one reader thread for every five tables). Printed: entries/s, p50/p99 of an append
and of a view, and the ratio of entries/s to a bare Flask route (bench/bare.py: a POST that answers a
small JSON) on the same gunicorn settings with the same clients (as many posting, as many reading a bare
GET all the while), measured in the same run, just before and just after the tables (their mean).
Goal: a ratio of at least 0.5 on both databases. Also printed: the durable floor (bench/floor.py), the bare
route plus the append's one durable write: the ratio's ceiling on this machine, and the tables' entries/s
against it (goal: 0.8). Served as production serves: the Procfile's worker (BENCH_GUNICORN_FLAGS to change it).
Loopback only; stops by itself.
`python -m bench.bench_load [seconds] [tables]` (default 10 s, 50 tables).
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

from bench import figures
from bench.gunicorn import worker_flags
from bench.served import FLAGS, Gunicorn, call, database, postgresql_available

# The production server: the Procfile's worker (BENCH_GUNICORN_FLAGS="--worker-class sync" for sync workers).
SERVED = FLAGS or worker_flags()
CARDS = [r + s for s in "CDHS" for r in ("3", "4", "5", "6", "8", "9", "10", "J", "Q", "K")]
GOAL = 0.5


def open_table(port: int) -> dict:
    status, table = call(port, "POST", "/api/v1/tables", {"game": "continental", "players": ["A", "B", "C", "D"]})
    assert status == 201, table
    status, answer = call(port, "POST", f"/api/v1/tables/{table['id']}/entries",
                          {"expected_version": 1, "entry": {"type": "deal", "dealer": 0, "upcard": "7H"}},
                          table["host_token"])
    assert status == 201, answer
    return {"id": table["id"], "host": table["host_token"], "version": 2, "turn": 0}


def play(port: int, table: dict, stop: float, out: dict, acked: list | None = None) -> None:
    """Enter draw, discard, draw... until `stop`; keep each append's time; `acked`: every (seq, hash) got 201."""
    while time.monotonic() < stop:
        seat = (table["turn"] // 2 + 1) % 4
        entry = ({"type": "draw", "seat": seat, "from": "stock"} if table["turn"] % 2 == 0 else
                 {"type": "discard", "seat": seat, "card": CARDS[(table["turn"] // 2) % len(CARDS)]})
        began = time.perf_counter()
        try:
            status, answer = call(port, "POST", f"/api/v1/tables/{table['id']}/entries",
                                  {"expected_version": table["version"], "entry": entry}, table["host"])
        except OSError:
            out["errors"] += 1
            if acked is not None:
                return  # the server is gone (the crash test): this phone stops
            continue
        if status == 201:
            out["append"].append(time.perf_counter() - began)
            table["version"], table["turn"] = answer["version"], table["turn"] + 1
            if acked is not None:
                acked.append((answer["entry"]["seq"], answer["entry"]["hash"]))
        elif status >= 500:
            out["5xx"] += 1
        else:
            out["refused"] += 1
            return


def read(port: int, tables: list[dict], stop: float, out: dict) -> None:
    i = 0
    while time.monotonic() < stop:
        began = time.perf_counter()
        try:
            status, _ = call(port, "GET", f"/api/v1/tables/{tables[i % len(tables)]['id']}")
        except OSError:
            continue
        if status == 200:
            out["view"].append(time.perf_counter() - began)
        i += 1


def bare(writers: int, readers: int, seconds: float, app: str = "bench.bare:app", url: str | None = None) -> float:
    """POSTs per second of the bare route (or of `app`, on the database at `url`: bench/floor.py), on the same
    gunicorn settings, with the same clients as the tables had: `writers` posting and `readers` reading (the
    bare GET) all the while."""
    count = [0] * writers
    with Gunicorn(url, app, flags=SERVED) as server:
        def hit(i: int) -> None:
            while time.monotonic() < stop:
                if call(server.port, "POST", "/echo", {"expected_version": 1, "entry": {}})[0] == 201:
                    count[i] += 1

        # Warm up, uncounted: the floor's workers make their tables (one per request they run at once) here.
        stop = time.monotonic() + max(1.0, seconds / 5)
        run_threads([threading.Thread(target=hit, args=(i,)) for i in range(writers)])
        count = [0] * writers
        stop = time.monotonic() + seconds

        def look() -> None:
            while time.monotonic() < stop:
                call(server.port, "GET", "/view")

        run_threads([threading.Thread(target=hit, args=(i,)) for i in range(writers)] +
                    [threading.Thread(target=look) for _ in range(readers)])
    return sum(count) / seconds


def run_threads(threads: list[threading.Thread]) -> None:
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100)[q - 1] * 1000 if len(values) > 1 else values[0] * 1000


def load(kind: str, seconds: float, count: int, floor: bool = False) -> dict:
    """Play `count` tables for `seconds` on `kind`; give the figures. The bare route runs just before and just
    after, for half as long each, and the ratio takes their mean: these machines' speed drifts by a fifth
    from one minute to the next, and one side measured alone would carry the drift into the ratio. `floor`:
    also the durable floor (bench/floor.py), between the tables and the second bare run: the ceiling of the
    ratio here."""
    out = {"append": [], "view": [], "errors": 0, "5xx": 0, "refused": 0}
    readers = max(1, count // 5)
    before = bare(count, readers, seconds / 2)
    with database(kind) as url, Gunicorn(url, flags=SERVED) as server:
        tables = [open_table(server.port) for _ in range(count)]
        stop = time.monotonic() + seconds
        threads = [threading.Thread(target=play, args=(server.port, t, stop, out)) for t in tables]
        threads += [threading.Thread(target=read, args=(server.port, tables[i::readers], stop, out))
                    for i in range(readers)]
        run_threads(threads)
    durable = None
    if floor:
        with database(kind) as url:
            durable = bare(count, readers, seconds / 2, "bench.floor:app", url)
    after = bare(count, readers, seconds / 2)
    base = (before + after) / 2
    return {"floor_s": durable, "floor": None if durable is None else durable / base,
            "bare_before": before, "bare_after": after, "kind": kind, "tables": count,
            "entries_s": len(out["append"]) / seconds,
            "views_s": len(out["view"]) / seconds, "append_p50": pct(out["append"], 50),
            "append_p99": pct(out["append"], 99), "view_p50": pct(out["view"], 50), "view_p99": pct(out["view"], 99),
            "bare_s": base, "ratio": len(out["append"]) / seconds / base, "5xx": out["5xx"],
            "refused": out["refused"], "errors": out["errors"]}


def report(r: dict) -> None:
    print(f"  {r['kind']:<10} {r['tables']} tables: {r['entries_s']:6.0f} entries/s, append p50 {r['append_p50']:5.1f} ms "
          f"p99 {r['append_p99']:6.1f} ms; {r['views_s']:5.0f} views/s, view p50 {r['view_p50']:5.1f} ms "
          f"p99 {r['view_p99']:6.1f} ms; bare route {r['bare_s']:5.0f}/s (before {r['bare_before']:.0f}, "
          f"after {r['bare_after']:.0f}), ratio {r['ratio']:.2f} (goal {GOAL}); "
          f"5xx {r['5xx']}, refused {r['refused']}")
    name = f"load {r['kind']}"
    if r["floor"] is not None:
        print(f"  {'':<10} durable floor (bare route + the append's write alone): {r['floor_s']:5.0f}/s, "
              f"{r['floor']:.2f} of the bare route; the tables reach {r['ratio'] / r['floor']:.2f} of the floor")
        figures.record(f"{name}: durable floor ÷ bare Flask/s (the ratio's ceiling)", round(r["floor"], 2))
        reach = r["ratio"] / r["floor"]
        figures.record(f"{name}: entries/s ÷ durable floor/s", round(reach, 2), "", "≥ 0.8", reach >= 0.8)
    figures.record(f"{name}: entries/s ({r['tables']} tables)", r["entries_s"], "/s")
    figures.record(f"{name}: append p50 / p99", f"{r['append_p50']:.1f} / {r['append_p99']:.1f}", "ms")
    figures.record(f"{name}: view p50 / p99", f"{r['view_p50']:.1f} / {r['view_p99']:.1f}", "ms")
    figures.record(f"{name}: entries/s ÷ bare Flask/s", round(r["ratio"], 2), "", f"≥ {GOAL}", r["ratio"] >= GOAL)
    figures.record(f"{name}: 5xx answers", r["5xx"], "", "0", r["5xx"] == 0)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    seconds = float(argv[0]) if argv else 10.0
    count = int(argv[1]) if len(argv) > 1 else 50
    flags = " ".join(SERVED)
    print(f"bench_load: {count} tables for {seconds:.0f} s on gunicorn -w {Gunicorn(None).workers} ({flags}), loopback")
    for kind in ("sqlite", "postgresql"):
        if kind == "postgresql" and not postgresql_available():
            print("  postgresql: not running on 127.0.0.1:5432, skipped")
            continue
        report(load(kind, seconds, count, floor=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
