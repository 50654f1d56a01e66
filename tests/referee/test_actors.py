"""Who may correct each entry (E-2), shared between the copies of a table's state without copying it."""

import pickle

from referee.actors import Actors


def test_a_copy_never_sees_what_another_copy_wrote_after_it():
    table = Actors()
    table[2], table[3] = 0, None
    tried, kept = table.copy(), table.copy()
    tried[4] = 1  # an entry tried and not kept
    kept[4] = 2  # another entry tried on the same state
    assert (table.get(4), tried.get(4), kept.get(4)) == (None, 1, 2)
    assert kept.get(3, "none") is None and kept.get(2) == 0


def test_the_copy_that_writes_next_shares_the_record_without_copying_it():
    table = Actors()
    for seq in range(2, 5002):
        table[seq] = seq % 4
    copy = table.copy()
    copy[5002] = 1
    assert copy._pairs is table._pairs  # a 5,000-entry evening is not copied for its next entry
    assert table.get(5002) is None and copy.get(5002) == 1 and copy.get(4000) == 0


def test_an_entry_written_out_of_order_is_found_and_the_others_kept():
    table = Actors()
    table[2], table[4] = 0, 1
    copy = table.copy()
    copy[3] = 2
    copy[4] = None
    assert [copy.get(s, "-") for s in (1, 2, 3, 4)] == ["-", 0, 2, None]
    assert table.items() == [(2, 0), (4, 1)]


def test_a_snapshot_keeps_only_what_its_state_sees():
    table = Actors()
    table[2] = 0
    table.copy()[3] = 1  # written past this state by a copy
    restored = pickle.loads(pickle.dumps(table))
    assert restored == table and restored.items() == [(2, 0)]
    assert pickle.loads(pickle.dumps(Actors())) == Actors()


def test_only_whole_entry_numbers_name_an_entry():
    table = Actors()
    table[2] = 1
    assert table.get("2") is None and table.get(2.5, "x") == "x" and table.get(None) is None
