"""A club night as its phones live it (issue 29, "Done when"): 120 players over 3 rounds, every phone on its streams.

A phone holds what its pages open (api/static/tournament.js, live.js): the tournament's stream all evening (the
players' page before round 1, then the table page's banner) and, while its table plays, the table's stream. The
screen holds the tournament's stream. Served by gunicorn with the Procfile's worker, on loopback; it stops by
itself. It prints:

- a round's seating told to every phone: from the moment `POST /rounds` is sent to the event of each phone's
  tournament stream that first names her table of that round (p50, p99 over the 120 phones × 3 rounds, and the
  last phone of the worst round);
- a result on the screen: from a table's last result POST (the one that finishes it) to the screen's event
  counting it (p50, p99 of 90 tables);
- `POST /rounds` for 30 tables (its answer time, the worst round);
- the planning of a 5-round evening of 16 and of 40 players at tables of 4 (`referee.evening.plan`): its time
  and the pairs meeting again (the median and the worst over a few seeds).

Run: `python -m bench.bench_clubnight` (SQLite; BENCH_KIND=postgresql). BENCH_CLUBNIGHT_PLANS=N seeds (5).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import threading
import time

from bench import figures
from bench.bench_tournament import PLAYERS, ROUNDS, SERVED, SIZE, Client, Screen, Stream, club_night, play
from bench.gunicorn import serve
from bench.served import database
from referee import evening, seating

PLANS = [(16, 5), (40, 5)]


class Phone:
    """One player's phone: her tournament stream, and when it first named her table of the round awaited."""

    def __init__(self, name: str):
        self.name, self.awaited, self.told = name, 0, 0.0
        self.lock = threading.Lock()

    def await_round(self, round_: int) -> None:
        with self.lock:
            self.awaited, self.told = round_, 0.0

    def heard(self, data: bytes, at: float) -> None:
        if not self.awaited or self.told:  # nothing awaited: the page redraws, the bench does not parse
            return
        try:
            tournament = json.loads(data)
        except ValueError:
            return
        if any(t["round"] == self.awaited and self.name in t["players"] for t in tournament["tables"]):
            with self.lock:
                if self.awaited and not self.told:
                    self.told = at


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_round(client: Client, port: int, tables: list[dict], director: str, screen: Screen) -> list[float]:
    """Each phone on its table's stream too, every table played to its end: each result's time to the screen."""
    streams = [Stream(port, f"/api/v1/tables/{t['id']}/events?after=1") for t in tables for _ in t["seats"]]
    for stream in streams:
        stream.start()
    for stream in streams:
        stream.open.wait(30)
    out = []
    for table in tables:
        posted = play(client, table, director)
        deadline = time.monotonic() + 10
        while table["id"] not in screen.finished and time.monotonic() < deadline:
            time.sleep(0.005)
        out.append((screen.finished.get(table["id"], float("inf")) - posted) * 1000)
    for stream in streams:
        stream.close()
    return out


def run(url: str) -> dict:
    with serve(url, env=SERVED) as server:
        client = Client(server.port)
        made = club_night(client)
        tid, director = made["id"], made["director_token"]
        screen = Screen()
        opened = [Stream(server.port, f"/api/v1/tournaments/{tid}/events", screen.seen)]
        phones = [Phone(name) for name in PLAYERS]
        opened += [Stream(server.port, f"/api/v1/tournaments/{tid}/events", phone.heard) for phone in phones]
        for stream in opened:
            stream.start()
        for stream in opened:
            assert stream.open.wait(60), "a tournament stream did not open"
        told, worst_round, rounds_ms, latencies = [], [], [], []
        for round_ in range(1, ROUNDS + 1):
            for phone in phones:
                phone.await_round(round_)
            sent = time.monotonic()
            status, seated = client.call("POST", f"/api/v1/tournaments/{tid}/rounds", {},
                                         {"Authorization": f"Bearer {director}"})
            rounds_ms.append((time.monotonic() - sent) * 1000)
            assert status == 201, seated
            deadline = time.monotonic() + 30
            while any(not p.told for p in phones) and time.monotonic() < deadline:
                time.sleep(0.005)
            these = [(p.told - sent) * 1000 if p.told else float("inf") for p in phones]
            told += these
            worst_round.append(max(these))
            for phone in phones:
                phone.await_round(0)
            latencies += play_round(client, server.port, seated["tables"], director, screen)
            print(f"round {round_}: POST /rounds {rounds_ms[-1]:.0f} ms; every phone told its seat in "
                  f"{worst_round[-1]:.0f} ms (p50 {statistics.median(these):.0f}); results on the screen "
                  f"p50 {statistics.median(latencies[-30:]):.0f} ms; 241 streams", flush=True)
        for stream in opened:
            stream.close()
    return {"told_p50": statistics.median(told), "told_p99": pct(told, 0.99), "told_last": max(worst_round),
            "missing": sum(1 for t in told if t == float("inf")), "screen_p50": statistics.median(latencies),
            "screen_p99": pct(latencies, 0.99), "rounds_ms": max(rounds_ms)}


def plans(seeds: int) -> list[tuple[int, int, float, float, int, int]]:
    """For each size: (players, rounds, median ms, worst ms, median repeats, worst repeats) over `seeds` plans."""
    out = []
    for count, rounds in PLANS:
        sizes = seating.table_sizes(count, SIZE, range(2, 6))
        times, found = [], []
        for seed in range(seeds):
            start = time.perf_counter()
            made = evening.plan(range(count), sizes, {}, rounds, random.Random(f"bench-{seed}"))
            times.append((time.perf_counter() - start) * 1000)
            found.append(evening.repeats(made))
        out.append((count, rounds, statistics.median(times), max(times), int(statistics.median(found)), max(found)))
    return out


def main() -> int:
    kind = os.environ.get("BENCH_KIND", "sqlite")
    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    with database(kind) as url:
        got = run(url)
    print(f"{kind}: seating told to all 120 phones p50 {got['told_p50']:.0f} ms, p99 {got['told_p99']:.0f} ms, "
          f"last phone (worst round) {got['told_last']:.0f} ms, never told {got['missing']}; result on the screen "
          f"p50 {got['screen_p50']:.0f} ms, p99 {got['screen_p99']:.0f} ms; POST /rounds (30 tables, worst) "
          f"{got['rounds_ms']:.0f} ms (load average at the start {load})", flush=True)
    figures.record(f"{kind}: seating told to every phone, p99 (120 phones x 3 rounds)", round(got["told_p99"]),
                   "ms", "< 1000 ms", got["told_p99"] < 1000 and not got["missing"])
    figures.record(f"{kind}: result on the screen, p99 (90 tables)", round(got["screen_p99"]), "ms", "< 1000 ms",
                   got["screen_p99"] < 1000)
    figures.record(f"{kind}: POST /rounds, 30 tables (worst of 3)", round(got["rounds_ms"]), "ms")
    for count, rounds, median, worst, repeats, most in plans(int(os.environ.get("BENCH_CLUBNIGHT_PLANS", "5"))):
        print(f"plan of {count} players over {rounds} rounds: {median:.0f} ms (worst {worst:.0f}), pairs meeting "
              f"again {repeats} (worst {most})", flush=True)
        figures.record(f"plan: {count} players, {rounds} rounds (median)", round(median), "ms")
        figures.record(f"plan: {count} players, {rounds} rounds, pairs meeting again (worst)", most, "pairs")
    print(figures.table())
    return 0 if got["missing"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
