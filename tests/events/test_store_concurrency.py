"""Many writers, threads and processes, on one table at the same version: one wins each (E-3)."""

import multiprocessing
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest

from events import Conflict, Store
from events.chain import entry_hash
from events.db import open_store

VERSIONS = 12
THREADS = 3
PROCESSES = 3


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, make_database) -> str:
    """Run every storage test on both databases (PostgreSQL when TEST_DATABASE_URL is set)."""
    return make_database(request.param)


def contend(url: str, writer: str, versions: int) -> list[int]:
    """Try to write every version once it is current; return the versions this writer won."""
    store = open_store(url)
    won = []
    try:
        for version in range(1, versions + 1):
            while store.head("t")[0] < version:
                time.sleep(0.001)
            decide = lambda head: ("note", None, datetime.now(UTC), {"by": writer}, None)  # noqa: E731
            try:
                store.append("t", version, None, decide)
                won.append(version)
            except Conflict as conflict:
                assert conflict.current_version > version
    finally:
        store.engine.dispose()
    return won


def retry(url: str, writer: str) -> tuple[int, bool]:
    """Send the same keyed entry; return the seq it got and whether it was an earlier writer's."""
    store = open_store(url)
    try:
        decide = lambda head: ("note", None, datetime.now(UTC), {"by": writer}, None)  # noqa: E731
        answer = store.append("t", 1, "one-key", decide)
        return answer.entry.seq, answer.replayed
    finally:
        store.engine.dispose()


def new_table(store):
    first = Store.chain([("create", None, datetime.now(UTC), {"game": "toy"}, None)])
    store.create_table("t", "toy", "host", ["s0"], first)


def run_everywhere(function, url, *args):
    """Run `function(url, name, *args)` in several processes and several threads at once."""
    # forkserver: each child is forked from a clean server process, not from this pytest worker, whose other
    # threads (a live poller, a pool's) may hold a lock at the fork that the child then waits on for ever (CI
    # once timed out here after 120 s); each child opens its own engine.
    context = multiprocessing.get_context("forkserver")
    with context.Pool(PROCESSES) as pool, ThreadPoolExecutor(THREADS) as threads:
        in_processes = [pool.apply_async(function, (url, f"p{i}", *args)) for i in range(PROCESSES)]
        in_threads = [threads.submit(function, url, f"t{i}", *args) for i in range(THREADS)]
        return [r.get(timeout=120) for r in in_processes] + [f.result(timeout=120) for f in in_threads]


@pytest.mark.slow
def test_exactly_one_writer_wins_each_version_without_gap_or_duplicate(store, database_url):
    new_table(store)
    results = run_everywhere(contend, database_url, VERSIONS)
    won = sorted(v for result in results for v in result)
    assert won == list(range(1, VERSIONS + 1))
    entries = store.entries("t")
    assert [e.seq for e in entries] == list(range(1, VERSIONS + 2))
    prev = None
    for e in entries:
        assert e.prev_hash == prev and e.hash == entry_hash(e.seq, e.type, e.seat, e.at, e.data, prev)
        prev = e.hash


@pytest.mark.slow
def test_the_same_key_sent_by_many_writers_at_once_is_written_once(store, database_url):
    new_table(store)
    results = run_everywhere(retry, database_url)
    assert {seq for seq, _ in results} == {2}
    assert sorted(replayed for _, replayed in results) == [False] + [True] * (THREADS + PROCESSES - 1)
    assert store.head("t")[0] == 2


def test_threads_sharing_one_store_serialise_their_appends(store):
    new_table(store)
    barrier = threading.Barrier(6)

    def write(name):
        barrier.wait()
        try:
            store.append("t", 1, None, lambda head: ("note", None, datetime.now(UTC), {"by": name}, None))
            return True
        except Conflict:
            return False

    with ThreadPoolExecutor(6) as pool:
        outcomes = list(pool.map(write, range(6)))
    assert outcomes.count(True) == 1 and store.head("t")[0] == 2
