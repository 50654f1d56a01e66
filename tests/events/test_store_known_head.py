"""`Store.append` on the head this process last saw of a table: one round trip, and the same answers as the
head read first would give, when that head is behind (another worker wrote, E-3) too."""

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from events import Conflict, Store
from events.db import open_store

NOW = datetime(2026, 12, 4, 22, 0, 0, 123456, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, make_database) -> str:
    return make_database(request.param)


@pytest.fixture
def other(database_url):
    """A second store on the same database: another worker, whose writes this one has not seen."""
    store = open_store(database_url)
    yield store
    store.engine.dispose()


def new_table(store, table_id="t1"):
    first = Store.chain([("create", None, NOW, {"game": "toy", "players": ["a", "b"]}, None)])
    store.create_table(table_id, "toy", "host-secret", ["seat-0", "seat-1"], first)


def write(head):
    return "note", None, NOW, {"n": head.version + 1}, None


def checkouts(store) -> list:
    """Each connection the store takes from its pool, or makes, from now on: a read of the head takes one (the
    one-statement append runs on a connection it holds aside from the pool: events/store/held.py)."""
    taken: list = []
    sa.event.listen(store.engine.pool, "checkout", lambda *_: taken.append("checkout"))
    sa.event.listen(store.engine.pool, "connect", lambda *_: taken.append("connect"))
    return taken


def test_an_append_on_the_head_the_store_saw_reads_nothing_first(store):
    new_table(store)
    store.append("t1", None, None, write)
    taken = checkouts(store)
    for version in (2, 3, 4):
        assert store.append("t1", version, None, write).entry.seq == version + 1
    assert taken == []  # the head read first would have taken one each
    entries = store.entries("t1")
    assert [e.seq for e in entries] == [1, 2, 3, 4, 5]
    assert all(e.prev_hash == p.hash for p, e in zip(entries, entries[1:], strict=False))


def test_an_append_after_another_worker_wrote_chains_on_the_real_head(store, other):
    new_table(store)
    store.append("t1", None, None, write)  # this store saw head 2
    for _ in range(2):
        other.append("t1", None, None, write)
    appended = store.append("t1", None, None, write)
    entries = store.entries("t1")
    assert appended.entry.seq == 5 and appended.entry.prev_hash == entries[3].hash
    assert [e.data["n"] for e in entries[1:]] == [2, 3, 4, 5]


def test_a_version_the_other_worker_reached_is_no_conflict(store, other):
    new_table(store)
    other.append("t1", None, None, write)
    assert store.append("t1", 2, None, write).entry.seq == 3


def test_a_version_only_this_store_saw_is_a_conflict_at_the_real_head(store, other):
    new_table(store)
    store.append("t1", None, None, write)
    other.append("t1", None, None, write)
    with pytest.raises(Conflict) as caught:
        store.append("t1", 2, None, write)
    assert caught.value.current_version == 3
    assert store.head("t1")[0] == 3


def test_a_refusal_on_a_head_that_moved_is_asked_again_on_the_real_head(store, other):
    """The noted head says it is seat 0's turn, the real one seat 1's: seat 1's entry is written."""
    new_table(store)
    other.append("t1", None, None, write)
    seen = []

    def authorise(head, keyed):
        seen.append(head.version)
        if head.version == 1:
            raise PermissionError("not seat 1's turn at version 1")

    assert store.append("t1", None, None, write, authorise).entry.seq == 3
    assert seen == [1, 2]


def test_nothing_to_write_on_a_head_that_moved_is_asked_again_on_the_real_head(store, other):
    new_table(store)
    other.append("t1", None, None, write)

    def due(head):  # as a timeout falls due only once the other worker's entry is in
        return write(head) if head.version == 2 else None

    assert store.append("t1", None, None, due).entry.seq == 3


def test_a_known_key_on_the_noted_head_gives_the_first_answer(store, other):
    new_table(store)
    first = other.append("t1", 1, "phone-1", write)
    again = store.append("t1", None, "phone-1", write)
    assert again.replayed and again.entry == first.entry
    assert store.head("t1")[0] == 2
