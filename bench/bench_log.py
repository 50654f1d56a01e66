"""Measure the log: appends per second and replayed entries per second, on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import tempfile
import time
import uuid
from datetime import datetime, timedelta, timezone

import sqlalchemy as sa

from events import Store
from events.db import open_store, upgrade
from referee import log
from referee.cards import RANKS, SUITS

PG_URL = os.environ.get("BENCH_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
PLAYERS = ["Ana", "Ben", "Chloé", "Dan"]
APPENDS = 500
REPLAYED = 5000
START = datetime(2026, 1, 1, tzinfo=timezone.utc)


def continental_turns(count: int) -> list[tuple[str, int | None, dict]]:
    """A continental log of `count` entries: create, deal, then draw/discard turns from the stock."""
    cards = [rank + suit for suit in SUITS for rank in RANKS]
    out = [("create", None, {"game": "continental", "players": PLAYERS, "options": {}, "tracking": "full"}),
           ("deal", None, {"dealer": 0, "upcard": "7H"})]
    turn = 0
    while len(out) < count:
        seat = (turn + 1) % len(PLAYERS)
        out.append(("draw", seat, {"from": "stock"}))
        out.append(("discard", seat, {"card": cards[turn % len(cards)]}))
        turn += 1
    return out[:count]


def timed(work) -> float:
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def bench(store: Store, label: str) -> None:
    """Print the figures for one database."""
    turns = continental_turns(REPLAYED)
    stamped = [(t, s, START + timedelta(seconds=i), d, None) for i, (t, s, d) in enumerate(turns)]

    table = f"bench-{uuid.uuid4().hex[:8]}"
    store.create_table(table, "continental", "host", ["s"] * 4, Store.chain(stamped[:1]))

    def append_all():
        for i, (type_, seat, at, data, _) in enumerate(stamped[1:APPENDS + 1], start=1):
            store.append(table, i, f"key-{i}", lambda head, e=(type_, seat, at, data, None): e)

    seconds = timed(append_all)
    print(f"{label:>10}: {APPENDS / seconds:10,.0f} appends/s      (one writer, version check, key, hash, commit)")

    big = f"bench-{uuid.uuid4().hex[:8]}"
    store.create_table(big, "continental", "host", ["s"] * 4, Store.chain(stamped))
    loaded = []
    load = timed(lambda: loaded.extend(store.entries(big)))
    entries = [e.to_entry() for e in loaded]
    fold = timed(lambda: log.replay(entries))
    print(f"{label:>10}: {REPLAYED / (load + fold):10,.0f} replayed entries/s "
          f"(load {load * 1000:.0f} ms + replay {fold * 1000:.0f} ms for {REPLAYED} entries)")
    get_table(store, big, label)


def get_table(store: Store, table_id: str, label: str) -> None:
    """Time GET /api/v1/tables/{id} on the big log: first read (no cache), then cached."""
    from api import create_app

    app = create_app({"DATABASE_URL": str(store.engine.url.render_as_string(hide_password=False))})
    client = app.test_client()
    path = f"/api/v1/tables/{table_id}"
    client.get("/api/v1/tables/warm-up")  # opens the connection: "uncached" is about the replay only
    cold = timed(lambda: client.get(path))
    warm = min(timed(lambda: client.get(path)) for _ in range(5))
    print(f"{label:>10}: GET of a {REPLAYED}-entry table: {cold * 1000:.0f} ms uncached, {warm * 1000:.1f} ms cached")
    created = client.post("/api/v1/tables", json={"game": "continental", "players": PLAYERS}).json
    headers = {"Authorization": f"Bearer {created['host_token']}"}
    turns = continental_turns(APPENDS + 1)[1:]

    def post_all():
        for version, (type_, seat, data) in enumerate(turns, start=1):
            body = {"expected_version": version, "entry": {"type": type_, "seat": seat, **data}}
            assert client.post(f"/api/v1/tables/{created['id']}/entries", json=body, headers=headers).status_code == 201

    seconds = timed(post_all)
    print(f"{label:>10}: {APPENDS / seconds:10,.0f} entries/s through POST /entries (token, cards, rules, append)")
    app.extensions["events"].get().engine.dispose()


def sqlite() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{os.path.join(folder, 'bench.sqlite3')}"
        upgrade(url)
        store = open_store(url)
        try:
            bench(store, "SQLite")
        finally:
            store.engine.dispose()


def postgresql() -> None:
    admin = sa.create_engine(PG_URL)
    schema = f"arbitre_bench_{uuid.uuid4().hex[:8]}"
    try:
        with admin.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    except sa.exc.OperationalError as error:
        print(f"PostgreSQL: skipped, {PG_URL} is unreachable ({type(error.orig).__name__})")
        return
    url = f"{PG_URL}{'&' if '?' in PG_URL else '?'}options=-csearch_path%3D{schema}"
    try:
        upgrade(url)
        store = open_store(url)
        try:
            bench(store, "PostgreSQL")
        finally:
            store.engine.dispose()
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def main() -> None:
    """Run the log benchmark on both databases."""
    sqlite()
    postgresql()


if __name__ == "__main__":
    main()
