"""The store on its own, with payloads that know nothing about rummy (E-1, E-3)."""

import os
import threading
import uuid
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from events import Conflict, Store
from events.chain import entry_hash

NOW = datetime(2026, 11, 29, 15, 0, 0, 123456, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, make_database) -> str:
    """Run every storage test on both databases (PostgreSQL when TEST_DATABASE_URL is set)."""
    return make_database(request.param)


def new_table(store, table_id="t1", seats=2):
    first = Store.chain([("create", None, NOW, {"game": "toy", "players": ["a", "b"]}, None)])
    store.create_table(table_id, "toy", "host-secret", [f"seat-{i}" for i in range(seats)], first)


def write(type_="note", seat=None, data=None, verdict=None):
    return lambda head: (type_, seat, NOW, data or {"n": head.version + 1}, verdict)


def test_a_new_table_starts_with_its_first_entry(store):
    new_table(store)
    [first] = store.entries("t1")
    assert (first.seq, first.type, first.seat, first.at, first.prev_hash) == (1, "create", None, NOW, None)
    assert first.hash == entry_hash(1, "create", None, NOW, first.data, None)
    assert store.head("t1") == (1, first.hash)


def test_an_unknown_table_has_no_record_and_no_entries(store):
    assert store.table("nope") is None
    assert store.entries("nope") == []


def test_tokens_are_stored_as_hashes_and_name_their_holder(store):
    new_table(store, seats=3)
    record = store.table("t1")
    assert "host-secret" not in record.host_token_hash
    assert [record.holder(t) for t in ("host-secret", "seat-0", "seat-2", "guess")] == ["host", 0, 2, None]


def test_appends_are_numbered_without_gaps_and_chained(store):
    new_table(store)
    for _ in range(3):
        store.append("t1", None, None, write())
    entries = store.entries("t1")
    assert [e.seq for e in entries] == [1, 2, 3, 4]
    assert all(e.prev_hash == p.hash for p, e in zip(entries, entries[1:], strict=False))
    assert [e.data for e in store.entries("t1", after=2, upto=3)] == [{"n": 3}]


def test_the_payload_verdict_and_time_come_back_as_written(store):
    new_table(store)
    data = {"cards": ["10H", "JK=7H"], "name": "Chloé", "nested": {"x": [1, None, True]}}
    appended = store.append("t1", 1, "k", write("exit", 1, data, {"valid": False, "violations": []}))
    [back] = store.entries("t1", after=1)
    assert back == appended.entry
    assert (back.data, back.verdict, back.seat, back.at, back.idempotency_key) == (
        data, {"valid": False, "violations": []}, 1, NOW, "k")


def test_a_stale_version_is_a_conflict_and_writes_nothing(store):
    new_table(store)
    store.append("t1", 1, None, write())
    with pytest.raises(Conflict) as caught:
        store.append("t1", 1, None, write())
    assert caught.value.current_version == 2
    assert store.head("t1")[0] == 2


def test_a_known_key_gives_the_first_answer_before_the_version_is_compared(store):
    new_table(store)
    first = store.append("t1", 1, "phone-1", write(data={"first": True}))
    store.append("t1", 2, None, write())
    again = store.append("t1", 1, "phone-1", write(data={"second": True}))
    assert again.replayed and again.entry == first.entry
    assert store.head("t1")[0] == 3


def test_keys_belong_to_one_table(store):
    new_table(store, "t1")
    new_table(store, "t2")
    store.append("t1", 1, "same", write())
    assert not store.append("t2", 1, "same", write()).replayed


def test_decide_sees_the_head_and_the_log_inside_the_lock(store):
    new_table(store)
    seen = []

    def decide(head):
        seen.append((head.version, [e.seq for e in head.log()]))
        return None

    assert store.append("t1", 1, None, decide) is None
    # asked on the head the store saw, then on the head as read (nothing to write is said on the real head)
    assert seen and set(map(str, seen)) == {"(1, [1])"} and store.head("t1")[0] == 1


def test_an_error_in_decide_writes_nothing(store):
    new_table(store)

    def decide(head):
        raise ValueError("refused")

    with pytest.raises(ValueError):
        store.append("t1", 1, None, decide)
    assert store.head("t1")[0] == 1


@pytest.mark.parametrize("statement", [
    "UPDATE entries SET payload = '{}' WHERE seq = 1",
    "UPDATE entries SET seq = 9",
    "DELETE FROM entries WHERE seq = 1",
    "DELETE FROM entries",
])
def test_the_database_refuses_to_change_or_remove_an_entry(store, statement):
    new_table(store)
    with pytest.raises(sa.exc.DatabaseError, match="append-only"):
        with store.engine.begin() as conn:
            conn.exec_driver_sql(statement)
    assert len(store.entries("t1")) == 1


def test_the_database_refuses_a_second_entry_with_the_same_number(store):
    new_table(store)
    row = {"table_id": "t1", "seq": 1, "type": "x", "at": NOW, "payload": "{}", "hash": "h"}
    with pytest.raises(sa.exc.IntegrityError):
        with store.engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO entries (table_id, seq, type, at, payload, hash) "
                                 "VALUES (:table_id, :seq, :type, :at, :payload, :hash)"), row)


def test_without_the_lock_the_unique_key_still_makes_the_second_writer_a_conflict(store, backend):
    if backend == "sqlite":
        pytest.skip("SQLite cannot run two write transactions at once: the lock is the whole story there")
    new_table(store)
    unlocked = Store(store.engine, lambda table_id: store.engine.begin(), lock_rows=False)
    both_read = threading.Barrier(2)

    def decide(head):
        both_read.wait(timeout=10)  # each writer has read version 1 before either writes
        return ("note", None, NOW, {}, None)

    def write():
        try:
            return unlocked.append("t1", 1, None, decide).entry.seq
        except Conflict as conflict:
            return f"conflict at {conflict.current_version}"

    threads = [threading.Thread(target=lambda: outcomes.append(write())) for _ in range(2)]
    outcomes = []
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes, key=str) == [2, "conflict at 2"]


def _quick(store, table_id, version, last, key=None):
    return store.append_if_head(table_id, version, last, key, ("note", None, NOW, {"n": version + 1}, None))


def test_an_entry_written_on_the_head_it_was_judged_on_moves_the_head(store):
    new_table(store)
    appended = _quick(store, "t1", *store.head("t1"))
    assert appended is not None and appended.entry.seq == 2
    assert store.head("t1") == (2, appended.entry.hash)
    assert [e.hash for e in store.entries("t1")][-1] == appended.entry.hash
    assert store.append("t1", 2, None, write()).entry.seq == 3  # the locked way reads that head


def test_an_entry_judged_on_a_head_that_moved_writes_nothing(store):
    new_table(store)
    judged_on = store.head("t1")
    store.append("t1", 1, None, write())
    assert _quick(store, "t1", *judged_on) is None
    assert [e.seq for e in store.entries("t1")] == [1, 2] and store.head("t1")[0] == 2


def test_a_known_key_on_the_quick_way_writes_nothing(store):
    new_table(store)
    first = store.append("t1", 1, "k", write())
    assert _quick(store, "t1", 2, first.entry.hash, key="k") is None
    assert [e.seq for e in store.entries("t1")] == [1, 2] and store.head("t1") == (2, first.entry.hash)


def _migrated_after_the_locked_way(old, url: str):
    """On `old`, a database at `url` not migrated to the one-statement append: the quick way writes nothing, the
    locked way writes and moves the head; then, migrated, the quick way writes again. The migrated store."""
    from events.db import open_store, upgrade

    new_table(old)
    assert _quick(old, "t1", *old.head("t1")) is None
    assert old.append("t1", 1, None, write()).entry.seq == 2 and old.head("t1")[0] == 2
    old.engine.dispose()
    upgrade(url)
    migrated = open_store(url)
    appended = _quick(migrated, "t1", *migrated.head("t1"))
    assert appended is not None and migrated.head("t1") == (3, appended.entry.hash)
    return migrated


def test_an_sqlite_file_not_migrated_to_the_head_trigger_takes_the_locked_way(tmp_path):
    """Code newer than the file (migrations not run yet): the quick way writes nothing, the locked way moves the
    head itself; once migrated, the quick way writes again."""
    from events.db import open_store, upgrade

    url = f"sqlite:///{tmp_path}/old.sqlite3"
    upgrade(url, "0004_server_head")
    old = open_store(url)
    with old.engine.begin() as conn:  # the column of a later migration (0007) that every head read takes
        conn.exec_driver_sql("ALTER TABLE tables ADD COLUMN names_rev INTEGER NOT NULL DEFAULT 0")
    _migrated_after_the_locked_way(old, url).engine.dispose()


def test_a_postgresql_schema_without_the_old_append_function_still_appends_in_one_statement(backend,
                                                                                         database_url):
    """The quick append is one statement of the head's columns (migration 0004), not the server function of
    migration 0011: a schema with 0011 undone writes the quick way, and moves the head."""
    if backend != "postgresql":
        pytest.skip("PostgreSQL's append function (SQLite's trigger: the test above)")
    from alembic import command
    from alembic.config import Config

    from events.db import MIGRATIONS, make_engine, open_store, own_schema

    with own_schema(os.environ["TEST_DATABASE_URL"], "arbitre_test_old") as url:
        engine = make_engine(url)
        with engine.begin() as conn:
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = conn
            command.downgrade(config, "0010_table_refusals")
            assert conn.exec_driver_sql("SELECT 1 FROM pg_proc WHERE proname = 'arbitre_append' "
                                         "AND pg_function_is_visible(oid)").first() is None
        engine.dispose()
        old = open_store(url)
        new_table(old)
        appended = _quick(old, "t1", *old.head("t1"))
        assert appended is not None and old.head("t1") == (2, appended.entry.hash)
        assert old.append("t1", 2, None, write()).entry.seq == 3
        old.engine.dispose()


def test_the_quick_append_tells_the_streams_only_what_it_wrote(backend, database_url, store):
    """One notice for an entry written, carrying it as /entries shows it; none for an entry refused because the
    head moved, nor for one whose key is known (the whole statement fails)."""
    if backend != "postgresql":
        pytest.skip("PostgreSQL's notices (SQLite's streams read the heads)")
    import json

    import psycopg

    table = f"heard-{uuid.uuid4().hex}"  # the channel is the server's: other tests' notices come too
    new_table(store, table)
    listener = psycopg.connect(database_url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)
    try:
        listener.execute("LISTEN arbitre_entries")
        judged_on = store.head(table)
        written = store.append_if_head(table, *judged_on, "k", ("note", None, NOW, {"n": "é"}, None))
        assert written is not None
        assert _quick(store, table, *judged_on) is None  # the head moved
        assert _quick(store, table, *store.head(table), key="k") is None  # the key is known
        heard = [n.payload for n in listener.notifies(timeout=1.0) if n.payload.startswith(f"{table} ")]
    finally:
        listener.close()
    assert len(heard) == 1
    table_id, seq, text = heard[0].split(" ", 2)
    assert (table_id, int(seq)) == (table, 2)
    assert json.loads(text) == {"seq": 2, "type": "note", "at": "2026-11-29T15:00:00.123456Z", "seat": None,
                                "hash": written.entry.hash, "n": "é"}
