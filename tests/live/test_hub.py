"""The hub's notices: the entries they carry are sent as they are, and a gap or a stranger's notice means a read."""

from __future__ import annotations

import sqlalchemy as sa

from events.live import Hub
from events.live_sources import Listener
from events.records import entry_text


def entry(seq: int) -> dict:
    return {"seq": seq, "type": "draw", "at": "2026-12-01T12:00:00Z", "seat": 1, "hash": f"h{seq}", "from": "stock"}


class Heard(Hub):
    """A hub hearing PostgreSQL's notices (on SQLite's engine: its thread finds no tables there, only these notices
    count)."""

    def notice(self, payload: str) -> None:
        Listener(self).notice(payload)


def hub(table: str = "t1") -> Heard:
    made = Heard(sa.create_engine("sqlite://"))
    made.watch(table)
    return made


def test_entries_heard_in_notices_are_given_in_order_without_a_read():
    h = hub()
    for seq in (1, 2, 3):
        h.notice(f"t1 {seq} " + entry_text(entry(seq)))
    assert h.entries_after("t1", 1) == [(2, entry_text(entry(2))), (3, entry_text(entry(3)))]  # the text itself
    assert h.entries_after("t1", 3) is None  # nothing new: the stream waits


def test_a_notice_without_its_entry_or_a_missed_one_makes_the_stream_read_the_log():
    h = hub()
    h.notice("t1 1 " + entry_text(entry(1)))
    h.notice("t1 2")  # too long to carry its entry
    h.notice("t1 3 " + entry_text(entry(3)))
    assert h.entries_after("t1", 0) is None
    assert h.entries_after("t1", 2) == [(3, entry_text(entry(3)))]


def test_a_notice_that_is_not_ours_wakes_every_stream_to_read():
    h = hub()
    before = h.epoch
    h.notice("t1 not-a-number")
    assert h.epoch == before + 1
    assert h.heads["t1"] == 0


def test_an_unwatched_table_keeps_nothing():
    h = hub()
    h.notice("t2 1 " + entry_text(entry(1)))
    assert "t2" not in h.recent and h.entries_after("t2", 0) is None


def test_a_notice_whose_text_is_not_the_entry_it_names_is_not_sent_but_read():
    h = hub()
    before = h.epoch
    h.notice("t1 1 " + entry_text(entry(2)))
    h.notice("t1 1 [1, 2]")
    h.notice('t1 1 {"seq":1,\n"type":"draw"}')  # JSON, but not one line of an event stream
    assert h.epoch == before + 3 and h.entries_after("t1", 0) is None


def test_the_notice_our_store_writes_is_sent_as_it_is():
    """The form the hub checks is the one the store's append writes (a name with an accent, a line separator that
    JSON leaves as it is): such a notice is handed out with no read."""
    from datetime import UTC, datetime

    from events.records import StoredEntry
    from events.store.store import notice

    h = hub()
    stored = StoredEntry(1, "draw", 1, datetime(2026, 12, 1, 12, tzinfo=UTC), {"from": "stock", "by": "Chloé\u2028"},
                         "h1")
    h.notice(notice("t1", stored))
    assert h.entries_after("t1", 0) == [(1, entry_text(stored.to_json()))]


def test_a_record_moves_with_the_tables_it_follows_and_with_its_own_notice():
    """A tournament's key moves when one of its tables' entries is heard, or when a notice names the key alone (its
    round or message written by another worker); once its last stream has gone it follows nothing."""
    h = hub("tournament:n1")
    h.follow("tournament:n1", ["t1", "t2"])
    moved = h.version("tournament:n1")  # following new tables moves it once: the stream reads again
    h.notice("t2 1 " + entry_text(entry(1)))
    assert h.version("tournament:n1") == moved + 1
    assert h.wait("tournament:n1", moved, timeout=0)
    h.notice("tournament:n1")
    h.notice("t3 1")  # a table it does not follow
    assert h.version("tournament:n1") == moved + 2
    h.unwatch("tournament:n1")
    assert "t1" not in h.watching and "t2" not in h.watching and h.followers == {}
