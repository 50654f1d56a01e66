"""Cold reads: the log read the fast way, snapshots as a disposable cache that never outranks the log (E-1, E-4)."""

import gc
import pickle

import pytest

from api import create_app
from api.application import replays
from events import Snapshot, Store
from events.db import dispose, get_store
from referee import log

EVERY = 4


@pytest.fixture(autouse=True)
def _often(monkeypatch):
    monkeypatch.setattr(replays, "SNAPSHOT_EVERY", EVERY)


@pytest.fixture
def fresh(database_url):
    """Make another app on the same database, as a new worker on another host: nothing cached."""
    made = []

    def make(**config):
        app = create_app({"TESTING": True, "DATABASE_URL": database_url, **config})
        made.append(app)
        return app.test_client()

    yield make
    for app in made:
        dispose(app)


def play(table, turns: int) -> None:
    """Deal, then `turns` turns of draw from the stock and discard."""
    table.enter("deal", dealer=0, upcard="7H")
    cards = ["9C", "10D", "JS", "QH", "KC", "2D", "3S", "4H", "5C", "6D", "8S", "9H"]
    for turn in range(turns):
        seat = (turn + 1) % 4
        table.enter("draw", seat, from_="stock")
        table.enter("discard", seat, card=cards[turn % len(cards)])


def snapshots(app, table_id):
    with app.app_context():
        return get_store().snapshot(table_id, 10**6)


def test_a_read_keeps_a_snapshot_every_so_many_entries(app, tables):
    table = tables.create("continental")
    play(table, 3)  # 8 entries
    table.state()
    kept = snapshots(app, table.id)
    assert kept is not None and kept.version == 8 and kept.code == replays.CODE


def test_a_new_worker_reads_from_the_snapshot_and_folds_only_the_rest(tables, fresh, monkeypatch):
    table = tables.create("continental")
    play(table, 4)  # 10 entries, a snapshot at 10 (the writes kept it)
    table.enter("draw", 1, from_="stock")  # 11: after the snapshot
    expected = table.state()

    def no_whole_replay(entries):
        raise AssertionError("the whole log was replayed")

    monkeypatch.setattr(log, "replay", no_whole_replay)
    assert fresh().get(f"/api/v1/tables/{table.id}").json == expected


def test_a_new_worker_reads_the_log_the_fast_way(tables, fresh, monkeypatch):
    table = tables.create("continental")
    play(table, 1)
    expected = table.state()

    def no_full_rows(*args, **kwargs):
        raise AssertionError("the full rows (hashes, verdicts, keys) were read to replay")

    monkeypatch.setattr(Store, "entries", no_full_rows)
    assert fresh().get(f"/api/v1/tables/{table.id}").json == expected
    assert gc.get_freeze_count() > 0  # start-up objects are out of the collector's sight


def test_the_snapshot_path_gives_what_the_whole_log_gives(tables, fresh, monkeypatch):
    table = tables.create("continental")
    play(table, 6)
    table.enter("draw", 3, from_="discard")
    with_snapshot = fresh().get(f"/api/v1/tables/{table.id}").json
    monkeypatch.setattr(Store, "snapshot", lambda *args: None)
    assert fresh().get(f"/api/v1/tables/{table.id}").json == with_snapshot == table.state()


def test_a_snapshot_that_does_not_match_the_chain_is_ignored(app, tables, fresh):
    table = tables.create("continental")
    play(table, 3)
    expected = table.state()
    with app.app_context():
        store = get_store()
        kept = store.snapshot(table.id, 10**6)
        assert kept is not None
        # The state of an earlier moment, under the hash of another entry: the store does not hand it over.
        assert store.save_snapshot(table.id, kept._replace(version=kept.version + 1, hash="0" * 64))
        assert store.snapshot(table.id, 10**6) is None
    assert fresh().get(f"/api/v1/tables/{table.id}").json == expected


def forged(app, table_id, seal_key: str | None = None, code: str | None = None) -> None:
    """Put a snapshot of the table's creation (version 1's state) in place of its right one, at the right hash."""
    with app.app_context():
        store = get_store()
        kept = store.snapshot(table_id, 10**6)
        first = store.log(table_id, upto=1)
        data = pickle.dumps(("continental", log.replay(first)))
        key = seal_key or app.config["SECRET_KEY"]
        import hashlib
        import hmac

        seal = hmac.new(key.encode(), data, hashlib.sha256).digest()
        store.save_snapshot(table_id, Snapshot(kept.version, kept.hash, code or replays.CODE, seal + data))


def test_a_snapshot_sealed_elsewhere_is_ignored(app, tables, fresh):
    table = tables.create("continental")
    play(table, 3)
    expected = table.state()
    forged(app, table.id, seal_key="not-this-app's-key")
    assert fresh().get(f"/api/v1/tables/{table.id}").json == expected


def test_a_snapshot_made_by_other_code_is_ignored(app, tables, fresh):
    table = tables.create("continental")
    play(table, 3)
    expected = table.state()
    forged(app, table.id, code="f" * 64)
    assert fresh().get(f"/api/v1/tables/{table.id}").json == expected


def test_a_forged_snapshot_is_believed_only_with_this_apps_seal_and_code(app, tables, fresh):
    """The counter-test of the two above: the same forgery, sealed right, is what a read would show."""
    table = tables.create("continental")
    play(table, 3)
    forged(app, table.id)
    assert fresh().get(f"/api/v1/tables/{table.id}").json["deal"] is None  # the state before the first deal


def test_a_correction_behind_the_snapshot_replays_the_whole_log(tables, fresh):
    table = tables.create("continental")
    play(table, 4)  # a snapshot at 10
    table.enter("void", target=10)  # the last discard
    expected = table.state()
    assert expected["deal"]["phase"] == "discard"
    assert fresh().get(f"/api/v1/tables/{table.id}").json == expected


def test_a_snapshot_read_then_a_write_and_an_earlier_state(tables, fresh):
    table = tables.create("continental")
    play(table, 4)
    other = tables.attach(table.created, fresh())
    other.version = table.version
    assert other.state(at=3) == table.state(at=3)  # needs the entries, read from the log on demand
    other.enter("draw", 1, from_="stock")
    assert table.state()["version"] == other.state()["version"] == 11
