"""Entries that fall due (R-17 timeouts) are written by the first request that touches the table."""

from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time

T0 = datetime(2026, 11, 29, 15, 0, tzinfo=UTC)


@pytest.fixture
def clocked(tables):
    """A rami table with the 60-second turn clock, dealt at T0 by seat 0."""
    with freeze_time(T0) as frozen:
        table = tables.create("rami", ["Ana", "Ben"], options={"turn_seconds": 60})
        table.enter("deal", dealer=0)
        yield table, frozen


def timeouts(table):
    return [e for e in table.entries() if e["type"] == "timeout"]


def test_nothing_is_written_before_the_deadline(clocked):
    table, frozen = clocked
    frozen.tick(timedelta(seconds=59))
    assert table.state()["version"] == 2 and timeouts(table) == []


def test_a_read_after_the_deadline_writes_the_timeout_once(clocked):
    table, frozen = clocked
    frozen.tick(timedelta(seconds=90))
    assert table.state()["version"] == 3
    assert table.state()["version"] == 3
    [timeout] = timeouts(table)
    assert timeout["seat"] is None and timeout["seq"] == 3
    assert timeout["at"] == "2026-11-29T15:01:00.000000Z"


def test_an_entry_based_on_the_version_before_the_timeout_is_stale(clocked):
    table, frozen = clocked
    frozen.tick(timedelta(seconds=61))
    problem = table.enter("draw", 1, from_="stock", as_seat=1, expect=409)
    assert problem["version"] == 3 and len(timeouts(table)) == 1


def test_an_export_includes_the_timeout_that_fell_due(clocked, client):
    table, frozen = clocked
    frozen.tick(timedelta(seconds=61))
    lines = client.get(f"/api/v1/tables/{table.id}/export").get_data(as_text=True).splitlines()
    assert len(lines) == 3 and '"timeout"' in lines[-1]
