"""The application checks what its commands hold, whichever edge built them: a page's form is refused as the JSON
API's body is, with the same message key (the pages no longer borrow the API's readers)."""

from __future__ import annotations

import pytest

from api.application import entries_in, names_in, tables_in, tournaments_in
from api.application.commands import StartRound
from api.application.errors import FieldErrors
from referee.violations import Malformed


def test_a_client_cannot_write_a_server_entry_nor_a_server_field():
    with pytest.raises(Malformed) as refused:
        entries_in.post_entry("t", "tok", 3, {"type": "timeout", "seat": 0})
    assert refused.value.key == "%(type)s entries are written by the server only"
    with pytest.raises(Malformed) as refused:
        entries_in.post_entry("t", "tok", 3, {"type": "discard", "seat": 0, "hash": "x"})
    assert refused.value.params == {"fields": "`hash`"}


def test_a_quick_score_out_of_range_is_said_by_field():
    with pytest.raises(FieldErrors) as refused:
        entries_in.post_entry("t", "tok", 3, {"type": "exit", "seat": 0, "counts": {"twos": 16, "x": 1}})
    assert refused.value.detail == ("counts.twos: the number of 2s in the winner's 15 cards, 0 to 15; "
                                    "counts.x: Unknown field.")


def test_names_rounds_and_table_sizes_are_checked_below_the_edges():
    with pytest.raises(Malformed) as refused:
        tables_in.create_table({"game": "rami", "players": ["Ana", "B\u202een"]})
    assert refused.value.params["char"] == "U+202E"
    with pytest.raises(Malformed) as refused:
        tournaments_in.create_tournament("g", "tok", {"name": "Club", "game": "rami", "players": ["Ana", "Ben"],
                                                      "rounds": 3, "table_size": 11})
    assert refused.value.params == {"field": "table_size",
                                    "problem": "Must be greater than or equal to 2 and less than or equal to 10."}
    with pytest.raises(Malformed):
        names_in.name("Ana\x07", "name", 40)
    with pytest.raises(Malformed):
        StartRound("n", "tok", round=0)
    assert tournaments_in.player(" Zoé\u200b ") == "Zoé"
