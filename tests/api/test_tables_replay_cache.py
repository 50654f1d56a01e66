"""The replay cache never hides an entry: another process's writes and corrections show at once."""

import pytest


@pytest.fixture
def other(other_app):
    return other_app.test_client()


def test_a_table_written_by_another_app_reads_up_to_date(tables, other):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    assert table.state()["deal"]["phase"] == "take"  # now cached in this app
    other = tables.attach(table.created, other)
    other.version = table.version
    other.enter("draw", 1, from_="stock")
    other.enter("discard", 1, card="9S")
    state = table.state()
    assert state["version"] == 4 and state["deal"]["discard_top"] == "9S"
    table.version = 4
    table.enter("draw", 2, from_="discard")


def test_a_correction_written_elsewhere_replays_the_whole_log(tables, other):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock")
    table.enter("discard", 1, card="9S")
    table.state()
    other = tables.attach(table.created, other)
    other.version = 4
    other.enter("void", target=4)
    assert table.state()["deal"]["discard_top"] == "7H"


def test_reading_an_earlier_entry_leaves_the_latest_state_alone(tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock")
    assert table.state(at=2)["deal"]["phase"] == "take"
    assert table.state()["deal"]["phase"] == "discard"
