"""The one-statement append's connections, held aside from the pool (events/store/held.py): one a process,
reused, none left open by the engine's dispose, a forked worker's its own, several appends at once each on
its own connection (the rest through the pool)."""

import os
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from events import Store
from events.db import open_store

WRITERS = 8  # appends at once: more than a process holds connections for


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, make_database) -> str:
    return make_database(request.param)


def new_table(store, table_id):
    first = Store.chain([("create", None, datetime.now(UTC), {"game": "toy"}, None)])
    store.create_table(table_id, "toy", "host", ["s0"], first)
    return store.head(table_id)


def quick(store, table_id, head):
    """One append on a head the caller holds (`append_if_head`); the new head."""
    appended = store.append_if_head(table_id, *head, None, ("note", None, datetime.now(UTC), {"n": head[0]}, None))
    assert appended is not None
    return appended.entry.seq, appended.entry.hash


def made(store) -> list:
    """Each connection the store's engine makes from now on (its pool's, and the held ones, made by it)."""
    connects: list = []
    sa.event.listen(store.engine.pool, "connect", lambda *_: connects.append(1))
    return connects


def chained(store, table_id) -> bool:
    entries = store.entries(table_id)
    return all(e.prev_hash == p.hash and e.seq == p.seq + 1 for p, e in zip(entries, entries[1:], strict=False))


def test_appends_of_one_process_reuse_one_connection(store):
    head = new_table(store, "t")
    connects = made(store)
    for _ in range(20):
        head = quick(store, "t", head)
    assert len(connects) <= 1 and head[0] == 21 and chained(store, "t")


def test_appends_at_once_each_run_on_a_connection_of_their_own(store):
    heads = {f"t{n}": new_table(store, f"t{n}") for n in range(WRITERS)}

    def write(table_id):
        head = heads[table_id]
        for _ in range(15):
            head = quick(store, table_id, head)
        return head[0]

    with ThreadPoolExecutor(WRITERS) as pool:
        assert list(pool.map(write, heads)) == [16] * WRITERS
    assert all(chained(store, table_id) for table_id in heads)


@pytest.fixture
def named(database_url):
    """A store whose PostgreSQL connections carry a name of this test's own, and a count of them."""
    if not database_url.startswith("postgresql"):
        pytest.skip("PostgreSQL's sessions")
    name = f"arbitre_held_{uuid.uuid4().hex[:8]}"
    store = open_store(f"{database_url}&application_name={name}")
    admin = sa.create_engine(database_url)

    def sessions() -> int:
        with admin.connect() as conn:
            return conn.execute(sa.text("SELECT count(*) FROM pg_stat_activity WHERE application_name = :n"),
                                {"n": name}).scalar()

    yield store, sessions
    store.engine.dispose()
    admin.dispose()


def test_the_engines_dispose_leaves_no_session_open(named):
    store, sessions = named
    head = new_table(store, "t")
    for _ in range(3):
        head = quick(store, "t", head)
    assert sessions() >= 1
    store.engine.dispose()
    deadline = time.monotonic() + 10  # a closed session's server process ends a moment after its client closes
    while sessions() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sessions() == 0
    assert quick(store, "t", head)[0] == 5  # and the next append connects afresh


def test_a_forked_worker_appends_on_a_session_of_its_own(named):
    store, sessions = named
    head = quick(store, "t", new_table(store, "t"))  # the parent holds its connection
    before = sessions()
    done_r, done_w = os.pipe()
    child = os.fork()
    if child == 0:  # gunicorn's worker: the parent's connections came with the fork
        code = 1
        try:
            version = quick(store, "t", head)[0]
            code = 0 if version == 3 and sessions() == before + 1 else 2
        finally:
            os.write(done_w, bytes([code]))
            os._exit(0)  # leaves the parent's connections alone, as a worker that ends does
    try:
        assert os.read(done_r, 1) == b"\x00"  # it wrote, on a new session
    finally:
        os.waitpid(child, 0)
    head = store.head("t")
    assert quick(store, "t", head)[0] == 4 and chained(store, "t")  # and the parent's still answers
