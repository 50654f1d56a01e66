"""Appends against their floor: the store's appends and a raw chained INSERT, side by side, on each database.

The floor is the least any append does: one INSERT of an entry carrying the previous entry's hash into the
log's own table (its keys, its append-only triggers), on a connection held open, committed on its own (the
WAL's fsync on PostgreSQL; SQLite's WAL, synced as the app's connections sync it). No head checked or moved, no
notice, no pool, no hash of the whole entry (a sha256 of the previous hash and the payload stands for it).
Beside it, in the same process on the same database, the store's two appends, each on a table of its own:
the quick one (`Store.append_if_head`, an entry judged on a replay the caller holds) and the one that reads
the head first, then decides (`Store.append`: without the lock first, the lock when the head moved). One
client, one append at a time: what is timed is the append's own cost, commit included, with no wait on
another writer.

The three take turns in short windows (`count` appends each, the order turning every round), since a
machine shared with others drifts from one second to the next (the fsync's time above all): each round
gives each append's rate over the floor's in that round, and the median of the rounds is printed (goal: at
least 0.8 of the floor), with their quartiles, each one's p50 time and the ratio of the p50s.
`python -m bench.bench_append [count] [rounds]` (default windows of 10 appends, 150 rounds: about 4,500
appends a database).
"""

from __future__ import annotations

import hashlib
import os
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime

from bench import figures
from bench.served import database, postgresql_available
from events.db import open_store
from events.store import Store

GOAL = 0.8
PAYLOAD = '{"from":"stock"}'
COLUMNS = ("table_id", "seq", "type", "seat", "at", "payload", "hash", "prev_hash")
PARAM = {"sqlite": ":{}", "postgresql": "%({})s"}


def decision() -> tuple:
    return "draw", 1, datetime.now(UTC), {"from": "stock"}, None


def new_table(store: Store, table_id: str) -> tuple[int, str | None]:
    """A table with its `create` entry; its head."""
    created = Store.chain([("create", None, datetime.now(UTC), {"game": "continental"}, None)])
    store.create_table(table_id, "continental", "host", ["seat"], created)
    return store.head(table_id)


class Floor:
    """The raw chained INSERT: the driver's own connection, held, one committed INSERT an append."""

    def __init__(self, store: Store, kind: str, table_id: str):
        self.version, self.last = new_table(store, table_id)
        self.table_id, self.kind = table_id, kind
        self.pooled = store.engine.raw_connection()  # SQLite's gets the app's pragmas (events/db.py)
        self.driver = self.pooled.driver_connection
        if kind == "postgresql":
            self.driver.autocommit = True
        else:
            self.driver.isolation_level = None  # each statement commits on its own
        self.cursor = self.driver.cursor()
        marks = ", ".join(PARAM[kind].format(c) for c in COLUMNS)
        self.sql = f"INSERT INTO entries ({', '.join(COLUMNS)}) VALUES ({marks})"

    def __call__(self) -> None:
        at = datetime.now(UTC)
        digest = hashlib.sha256(f"{self.last}{PAYLOAD}".encode()).hexdigest()
        self.version += 1
        self.cursor.execute(self.sql, {"table_id": self.table_id, "seq": self.version, "type": "draw", "seat": 1,
                                       "at": at if self.kind == "postgresql" else at.strftime("%Y-%m-%d %H:%M:%S.%f"),
                                       "payload": PAYLOAD, "hash": digest, "prev_hash": self.last})
        self.last = digest

    def close(self) -> None:
        self.cursor.close()
        if self.kind == "postgresql":
            self.driver.autocommit = False
        self.pooled.close()


class Quick:
    """`Store.append_if_head` on a table of its own, whose head it knows."""

    def __init__(self, store: Store, table_id: str):
        self.store, self.table_id = store, table_id
        self.version, self.last = new_table(store, table_id)

    def __call__(self) -> None:
        appended = self.store.append_if_head(self.table_id, self.version, self.last, None, decision())
        assert appended is not None, "the quick append found its head moved"
        self.version, self.last = appended.entry.seq, appended.entry.hash


class Locked:
    """`Store.append` on a table of its own: the head read, then the decision."""

    def __init__(self, store: Store, table_id: str):
        self.store, self.table_id = store, table_id
        self.version = new_table(store, table_id)[0]

    def __call__(self) -> None:
        appended = self.store.append(self.table_id, self.version, None, lambda head: decision())
        assert appended is not None
        self.version = appended.entry.seq


def window(append: Callable[[], None], count: int, times: list[float]) -> float:
    """Appends per second over one window of `count` appends; each append's time goes to `times`."""
    began = clock = time.perf_counter()
    for _ in range(count):
        append()
        now = time.perf_counter()
        times.append(now - clock)
        clock = now
    return count / (clock - began)


def measure(kind: str, count: int, rounds: int) -> tuple[dict, dict]:
    """Each append's rate in each of `rounds` rounds of turns, and the time of each of its appends."""
    with database(kind) as url:
        store = open_store(url)
        floor = Floor(store, kind, "floor")
        appends = {"floor": floor, "quick": Quick(store, "quick"), "locked": Locked(store, "locked")}
        try:
            for append in appends.values():  # warm: connections made, statements prepared
                window(append, 50, [])
            rates: dict[str, list[float]] = {name: [] for name in appends}
            times: dict[str, list[float]] = {name: [] for name in appends}
            names = list(appends)
            for turn in range(rounds):
                for name in names[turn % 3:] + names[:turn % 3]:
                    rates[name].append(window(appends[name], count, times[name]))
        finally:
            floor.close()
            store.engine.dispose()
    return rates, times


def report(kind: str, rates: dict, times: dict) -> None:
    floor = rates["floor"]
    print(f"  {kind:<10} {'floor (raw INSERT)':<21} {statistics.median(floor):5.0f}/s, "
          f"p50 {statistics.median(times['floor']) * 1e6:5.0f} µs")
    for name, label in (("quick", "Store.append_if_head"), ("locked", "Store.append")):
        ratios = sorted(rate / base for rate, base in zip(rates[name], floor, strict=True))
        ratio = statistics.median(ratios)
        quartiles = statistics.quantiles(ratios, n=4)
        p50 = statistics.median(times[name])
        print(f"  {'':<10} {label:<21} {statistics.median(rates[name]):5.0f}/s, p50 {p50 * 1e6:5.0f} µs: "
              f"{ratio:.2f} of the floor (rounds' quartiles {quartiles[0]:.2f}–{quartiles[2]:.2f}; goal {GOAL}), "
              f"p50s {statistics.median(times['floor']) / p50:.2f}")
        figures.record(f"append {kind}: {label} ÷ raw chained INSERT", round(ratio, 2), "", f"≥ {GOAL}",
                       ratio >= GOAL)
    figures.record(f"append {kind}: raw chained INSERT", round(statistics.median(floor)), "/s")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    count = int(argv[0]) if argv else 10
    rounds = int(argv[1]) if len(argv) > 1 else 150
    print(f"bench_append: one client, {rounds} rounds of windows of {count} appends each, medians (load average "
          f"{os.getloadavg()[0]:.1f})")
    for kind in ("sqlite", "postgresql"):
        if kind == "postgresql" and not postgresql_available():
            print("  postgresql: not running on 127.0.0.1:5432, skipped")
            continue
        report(kind, *measure(kind, count, rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
