"""Phones racing on one table through the API: one entry per version, one per key (E-3)."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

PHONES = 6


@pytest.fixture
def dealt(tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    return table


def race(app, table, keys):
    """Post seat 1's draw from several threads at once (one test client each); return the answers."""
    start = threading.Barrier(len(keys))

    def post(key):
        client = app.test_client()
        start.wait(timeout=10)
        response = client.post(f"/api/v1/tables/{table.id}/entries",
                               json={"expected_version": 2, "entry": {"type": "draw", "seat": 1, "from": "stock"}},
                               headers={"Authorization": f"Bearer {table.host}", "Idempotency-Key": key})
        return response.status_code, response.json

    with ThreadPoolExecutor(len(keys)) as pool:
        return list(pool.map(post, keys))


def test_phones_racing_on_one_version_write_one_entry(app, dealt):
    answers = race(app, dealt, [f"phone-{i}" for i in range(PHONES)])
    assert sorted(status for status, _ in answers) == [201] + [409] * (PHONES - 1)
    assert [e["seq"] for e in dealt.entries()] == [1, 2, 3]
    assert dealt.state()["deal"]["phase"] == "discard"


def test_one_phone_retrying_at_once_writes_once_and_hears_the_same_answer(app, dealt):
    answers = race(app, dealt, ["same"] * PHONES)
    assert {status for status, _ in answers} == {201}
    assert all(body == answers[0][1] for _, body in answers)
    assert [e["seq"] for e in dealt.entries()] == [1, 2, 3]
