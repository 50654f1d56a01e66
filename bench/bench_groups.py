"""Measure a club-sized group page: 200 tables of 100 entries each, on SQLite and PostgreSQL.

Goals (issue 11): the group page under 100 ms warm (summaries cached, one head query) and under 1 s cold
(a fresh process: every log read in one query and folded). Cold is timed in fresh processes, as a new
gunicorn worker's first request; warm is the best of several requests in a process that has served one.
Each table is a fully tracked Continental session of 100 entries: four deals, each of eleven turns and a valid
exit, three invalid exits: sessions that finish, so the standings and charts have something to add up.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import uuid
from datetime import UTC, datetime, timedelta

from bench import figures
from bench.bench_log import PG_URL
from events import Store
from events.db import open_store, own_schema, upgrade
from events.repositories import GroupRepository

TABLES, ENTRIES = 200, 100
PLAYERS = ["Ana", "Ben", "Chloé", "Dan"]
FIVE = [["3C", "4C", "5C"], ["6S", "7S", "8S"], ["9H", "10H", "JH"], ["QD", "KD", "AD"], ["9C", "10C", "JC"]]
INVALID = [["3S", "3H", "4H"], ["5H", "6H", "8H"], ["9S", "10S", "JS"], ["2S", "4S", "5S"], ["KS", "KH", "AS"]]
START = datetime(2026, 1, 1, tzinfo=UTC)
COLD_RUNS, WARM_RUNS = 3, 10


def full_session() -> list[tuple[str, int | None, dict]]:
    """A fully tracked session of 100 entries: four deals of eleven turns from the stock, each ending with a
    valid exit (C-4) right after a discard; the first three deals also hold an invalid exit (C-13)."""
    from referee.cards import RANKS

    cards = [rank + suit for suit in ("C", "D") for rank in RANKS]  # never a card of FIVE's hearts or spades
    out = [("create", None, {"game": "continental", "players": PLAYERS, "options": {}, "tracking": "full"})]
    for dealer in range(4):
        out.append(("deal", None, {"dealer": dealer, "upcard": "7H"}))
        for turn in range(11):
            seat = (dealer + 1 + turn) % 4
            out.append(("draw", seat, {"from": "stock"}))
            out.append(("discard", seat, {"card": cards[(turn * 3 + dealer) % len(cards)]}))
            if turn == 4 and dealer < 3:
                out.append(("exit", seat, {"runs": INVALID}))
        out.append(("exit", out[-1][1], {"runs": FIVE}))
    return out


def build(store: Store) -> tuple[str, str]:
    """Write the group and its tables straight into the store and its groups (the referee's verdicts come with the
    fold)."""
    from referee import log

    group_id, token = f"bench-{uuid.uuid4().hex[:8]}", "bench-token"
    groups = GroupRepository(store)
    groups.create_group(group_id, "Bench club", token)
    for n in range(TABLES):
        turns = full_session()
        at = START + timedelta(days=n)
        entries = [log.Entry(i + 1, t, s, at + timedelta(seconds=i), d) for i, (t, s, d) in enumerate(turns)]
        verdicts = log.replay(entries).verdicts
        table_id = f"{group_id}-{n}"
        store.create_table(table_id, "continental", "host", ["s"] * 4,
                           Store.chain([(e.type, e.seat, e.at, e.data, verdicts.get(e.seq)) for e in entries]))
        groups.add_group_table(group_id, table_id, PLAYERS)
    return group_id, token


CHILD = r"""
import json, sys, time
url, group_id, token, warm = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
from api import create_app
app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench"})
client = app.test_client()
client.get(f"/g/{group_id}/k/{token}")
out = {}
for name, path in (("html", f"/g/{group_id}"), ("json", f"/api/v1/groups/{group_id}")):
    times = []
    for _ in range(1 + warm):
        began = time.perf_counter()
        answer = client.get(path, headers={"X-Group-Token": token})
        times.append(time.perf_counter() - began)
        assert answer.status_code == 200, answer.status_code
    out[name] = times
print(json.dumps(out))
"""


def measure(url: str, group_id: str, token: str, warm: int) -> dict:
    ran = subprocess.run([sys.executable, "-c", CHILD, url, group_id, token, str(warm)], capture_output=True,
                         text=True, check=True, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return json.loads(ran.stdout.strip().splitlines()[-1])


def bench(url: str, label: str) -> None:
    store = open_store(url)
    try:
        group_id, token = build(store)
    finally:
        store.engine.dispose()
    # The first page of a fresh process. First with no summary kept anywhere (every log read and folded),
    # then as a new worker finds them: kept in the database by the first.
    folded = []
    for _ in range(COLD_RUNS):
        clear(url)
        folded.append(measure(url, group_id, token, 0)["html"][0])
    cold = [measure(url, group_id, token, 0)["html"][0] for _ in range(COLD_RUNS)]
    warm = measure(url, group_id, token, WARM_RUNS)
    print(f"{label:>10}: group page of {TABLES} tables x {ENTRIES} entries, first request of a fresh process: "
          f"{min(folded) * 1000:.0f} ms folding every log (worst {max(folded) * 1000:.0f} ms), "
          f"{min(cold) * 1000:.0f} ms with the summaries kept (worst {max(cold) * 1000:.0f} ms; best of {COLD_RUNS})")
    print(f"{label:>10}: warm HTML {min(warm['html'][1:]) * 1000:.1f} ms, JSON {min(warm['json'][1:]) * 1000:.1f} ms "
          f"(best of {WARM_RUNS}; goals: warm < 100 ms, cold < 1 s)")
    figures.record(f"groups {label.strip()}: cold page, every log folded (worst of {COLD_RUNS})",
                   round(max(folded) * 1000), "ms", "< 1000 ms", max(folded) < 1)
    figures.record(f"groups {label.strip()}: cold page, summaries kept (worst of {COLD_RUNS})",
                   round(max(cold) * 1000), "ms", "< 1000 ms", max(cold) < 1)
    figures.record(f"groups {label.strip()}: warm page (best of {WARM_RUNS})", round(min(warm["html"][1:]) * 1000, 1),
                   "ms", "< 100 ms", min(warm["html"][1:]) < 0.1)


def clear(url: str) -> None:
    """Drop the kept summaries (a cache): the next page folds every log."""
    import sqlalchemy as sa

    store = open_store(url)
    try:
        with store.engine.begin() as conn:
            conn.execute(sa.text("DELETE FROM table_summaries"))
    finally:
        store.engine.dispose()


def main() -> int:
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        upgrade(url)
        bench(url, "SQLite")
    try:
        with own_schema(PG_URL, "arbitre_bench_groups") as url:
            bench(url, "PostgreSQL")
    except Exception as error:  # no server here: SQLite's figures stand alone
        print(f"PostgreSQL: skipped ({type(error).__name__}: {error})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
