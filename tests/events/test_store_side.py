"""Beside the log: join codes and table notes in their repositories, and the log read the fast way (both databases)."""

from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from events import Store

NOW = datetime(2026, 11, 29, 15, 0, 0, 123456, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, make_database) -> str:
    return make_database(request.param)


def new_table(store, table_id="t1"):
    first = Store.chain([("create", None, NOW, {"game": "toy", "players": ["a", "b"]}, None)])
    store.create_table(table_id, "toy", "host-secret", ["seat-0", "seat-1"], first)


def test_a_join_code_names_its_table_seat_and_token(store, records):
    new_table(store)
    assert records.codes.add_join_code("ABC234", "t1", 1, "seat-1", NOW)
    found = records.codes.join_code("ABC234")
    assert (found.table_id, found.seat, found.token) == ("t1", 1, "seat-1")
    assert records.codes.join_code("ZZZ999") is None


def test_a_taken_code_is_refused_and_leaves_the_first(store, records):
    new_table(store)
    new_table(store, "t2")
    assert records.codes.add_join_code("ABC234", "t1", 0, "seat-0", NOW)
    assert not records.codes.add_join_code("ABC234", "t2", 1, "other", NOW)
    assert records.codes.join_code("ABC234").table_id == "t1"


def test_a_tables_codes_come_by_seat(store, records):
    new_table(store)
    new_table(store, "t2")
    records.codes.add_join_code("BBBBBB", "t1", 1, "seat-1", NOW)
    records.codes.add_join_code("AAAAAA", "t1", 0, "seat-0", NOW)
    records.codes.add_join_code("CCCCCC", "t2", 0, "x", NOW)
    assert records.codes.join_codes("t1") == {0: "AAAAAA", 1: "BBBBBB"}
    assert records.codes.join_codes("nope") == {}


def test_a_code_needs_a_table(records):
    with pytest.raises(sa.exc.IntegrityError):
        records.codes.add_join_code("ABC234", "nope", 0, "x", NOW)


def test_notes_come_back_as_written(store, records):
    new_table(store)
    assert records.notes.notes("t1") == {}
    records.notes.save_notes("t1", {"dealer": 2, "drawn": True})
    assert records.notes.notes("t1") == {"dealer": 2, "drawn": True}


def test_the_fast_log_reads_what_the_entries_hold(store):
    new_table(store)
    times = [NOW + timedelta(seconds=i, microseconds=i) for i in range(1, 5)]
    for i, at in enumerate(times):
        store.append("t1", None, None, lambda head, at=at, i=i: ("note", i % 2 or None, at, {"n": i, "é": [1]}, None))
    full = [s.to_entry() for s in store.entries("t1")]
    assert store.log("t1") == full
    assert all(e.at.tzinfo is not None and e.at.utcoffset() == timedelta(0) for e in store.log("t1"))
    assert store.log("t1", after=1, upto=3) == full[1:3]
    assert store.log("nope") == []


def test_the_fast_log_inside_an_append_stops_at_its_head(store):
    new_table(store)
    store.append("t1", None, None, lambda head: ("note", None, NOW, {"n": 2}, None))
    seen = {}

    def decide(head):
        seen["log"] = head.log()
        return None

    store.append("t1", None, None, decide)
    assert [e.seq for e in seen["log"]] == [1, 2]
