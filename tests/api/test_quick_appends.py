"""An entry is judged on the log as it is when it is written, even when this process's replay is behind it.

Most appends are judged on the replay the process holds and written only if the log's head is still where that
replay ends (api/application/appends.py); these tests play two apps on one database, as two gunicorn workers
would, and check that what the other wrote is never overlooked: a stale version is a 409, a rule is judged on the other's
entries too, and the chain holds through both ways of appending.
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from events import read_export


@pytest.fixture
def pair(tables, other_app):
    """The same dealt table seen by this app (which holds its replay) and by another one."""
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    there = tables.attach(table.created, other_app.test_client())
    there.version = table.version
    return table, there


def test_an_entry_on_a_version_another_worker_moved_past_is_a_409_and_writes_nothing(pair):
    here, there = pair
    there.enter("draw", 1, from_="stock")
    answer = here.enter("draw", 1, from_="discard", version=2, expect=409)
    assert answer["version"] == 3
    assert [(e["seq"], e["type"], e.get("from")) for e in here.entries()] == \
        [(1, "create", None), (2, "deal", None), (3, "draw", "stock")]


def test_an_entry_is_judged_on_the_entries_another_worker_wrote(pair):
    here, there = pair
    there.enter("draw", 1, from_="stock")
    # This app's replay still ends before that draw, where a draw by Ben would be right: here it is his second.
    refused = here.enter("draw", 1, from_="stock", version=3, expect=422)
    assert "Ben" in refused["detail"]
    assert len(here.entries()) == 3
    here.version = 3
    here.enter("discard", 1, card="9S")
    assert here.state()["deal"]["discard_top"] == "9S" and there.state()["version"] == 4


def test_entries_from_two_workers_in_turn_keep_one_chain(pair):
    here, there = pair
    for turn in range(12):
        phone = (here, there)[turn % 3 % 2]
        phone.version = max(here.version, there.version)
        seat = turn // 2 % 4
        if turn % 2 == 0:
            phone.enter("draw", (seat + 1) % 4, from_="stock")
        else:
            phone.enter("discard", (seat + 1) % 4, card=["3C", "4C", "5C", "6C", "8C", "9C"][turn // 2])
    response = here.client.get(f"/api/v1/tables/{here.id}/export")
    listed = read_export(response.get_data(as_text=True))
    assert [item["seq"] for item in listed] == list(range(1, 15))
    assert there.state() == here.state() and here.state()["version"] == 14


def test_two_workers_racing_on_one_version_write_one_entry(app, other_app, pair):
    here, _ = pair
    for version in range(2, 12):
        start = threading.Barrier(4)

        def post(flask_app, key, start=start, version=version):
            client = flask_app.test_client()
            start.wait(timeout=10)
            turn = version - 2
            seat = (turn // 2 + 1) % 4
            entry = ({"type": "draw", "seat": seat, "from": "stock"} if turn % 2 == 0 else
                     {"type": "discard", "seat": seat, "card": ["3C", "4C", "5C", "6C", "8C"][turn // 2]})
            response = client.post(f"/api/v1/tables/{here.id}/entries",
                                   json={"expected_version": version, "entry": entry},
                                   headers={"Authorization": f"Bearer {here.host}", "Idempotency-Key": key})
            return response.status_code

        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(post, [app, other_app, app, other_app], [f"{version}-{i}" for i in range(4)]))
        assert sorted(answers) == [201, 409, 409, 409], (version, answers)
    assert [e["seq"] for e in here.entries()] == list(range(1, 13))


def test_a_worker_serving_hundreds_of_tables_in_turn_keeps_each_tables_replay(tables, monkeypatch):
    """A full host's worker sees every table (2,500 for 10,000 phones): a table's next entry must not find its
    replay evicted by the others' and re-read and replay its whole log under the lock."""
    from events import Store

    played = [tables.create("continental") for _ in range(300)]
    for table in played:
        table.enter("deal", dealer=0, upcard="7H")
    locked = []
    original = Store.append
    monkeypatch.setattr(Store, "append", lambda self, *args, **kw: locked.append(args[0]) or original(self, *args, **kw))
    for table in played:  # each table's next entry, in turn, as 300 tables playing at once send them
        table.enter("draw", 1, from_="stock")
    assert locked == []
    assert all(table.state()["version"] == 3 for table in played[:3])
