"""A refused entry changes nothing (E-3), by the shape of the code: each game's `check` only reads the table
and its `fold` never refuses; the replay tries an entry on a `clone`, which shares nothing mutable.

A field added to a table or a deal that `clone` misses (shared, or left at its default) fails here, as does a
check that writes.
"""

from __future__ import annotations

import pickle
from collections import Counter
from dataclasses import fields, is_dataclass
from datetime import UTC, datetime, timedelta

import pytest

from referee.actors import Actors
from referee.cards import Card
from referee.continental import table as continental
from referee.entry import Entry
from referee.log import replay
from referee.melds import Placed
from referee.rami import table as rami
from referee.violations import Refusal

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
VALUES = (int, float, str, bool, type(None), bytes, tuple, frozenset, datetime, Card, Placed)
WRITTEN_ONCE = {"results"}  # a deal's result is written when it ends and never again: copies may share them
PLAIN_EXIT = [["3C", "4C", "5C"], ["6D", "7D", "8D"], ["9H", "10H", "JH"], ["QS", "KS", "AS"], ["4H", "5H", "6H"]]

CONTINENTAL = [
    ("create", None, {"game": "continental", "players": ["Ana", "Ben", "Chloé", "Dan"], "options": {},
                      "tracking": "full"}),
    ("deal", None, {"dealer": 0, "upcard": "2D"}),
    ("draw", 1, {"from": "discard"}),
    ("discard", 1, {"card": "9S"}),
    ("draw", 2, {"from": "stock"}),
    ("discard", 2, {"card": "9C"}),
    ("exit", 2, {"runs": PLAIN_EXIT}),  # valid (C-4): the deal ends, with a result
    ("deal", None, {"dealer": 1, "upcard": "3D"}),
    ("draw", 2, {"from": "discard"}),
    ("discard", 2, {"card": "9D"}),
    ("exit", 3, {"runs": [["3C", "4C", "6C"], *PLAIN_EXIT[1:]]}),  # an attempt (C-7, C-13): the table learns
]
RAMI = [
    ("create", None, {"game": "rami", "players": ["Ana", "Ben"], "tracking": "full",
                      "options": {"opening": "free", "ceiling": 100, "turn_seconds": 60}}),
    ("deal", None, {"dealer": 0}),
    ("meld", 1, {"melds": [["QH", "KH", "AH"], ["10S", "JS", "QS"]]}),
    ("discard", 1, {"card": "4C"}),
    ("draw", 0, {"from": "discard"}),
    ("meld", 0, {"melds": [["4C", "4D", "4S"], ["5H", "JK=6H", "7H"]]}),
    ("lay_off", 0, {"meld": 31, "cards": ["JH"]}),
    ("discard", 0, {"card": "9C"}),
    ("draw", 1, {"from": "stock"}),
]
REFUSED = {  # entries no table above accepts: each check refuses them without writing
    "continental": [("discard", 0, {"card": "KD"}), ("draw", 3, {"from": "discard"}),
                    ("exit", 0, {"runs": PLAIN_EXIT}), ("deal", None, {"dealer": 3, "upcard": "7H"}),
                    ("discard", 2, {"card": "2D"})],
    "rami": [("lay_off", 1, {"meld": 31, "cards": ["9H", "JH"]}), ("discard", 0, {"card": "4C"}),
             ("meld", 1, {"melds": [["2C", "3C", "4C"], ["5D", "5D", "5S"]]}),
             ("retrieve_joker", 1, {"meld": 62, "card": "5H"}), ("hand", 0, {"cards": ["4C"]}),
             ("timeout", None, {"for_seat": 0}), ("deal", None, {"dealer": 1})],
}
GAMES = {"continental": (continental, CONTINENTAL), "rami": (rami, RAMI)}


def entries_of(log: list[tuple]) -> list[Entry]:
    return [Entry(i, kind, seat, T0 + timedelta(seconds=i), data) for i, (kind, seat, data) in enumerate(log, 1)]


SENTINEL = (("sentinel", 1),)  # a value, that `dict()` and `list()` take too


def filled(value, kind: str):
    """Give an empty container, or a list left None, something to copy: a field nobody fills in the logs above
    (a new one) is then checked too. `kind`: the field's annotation."""
    if isinstance(value, (Counter, set)):
        value.update(["sentinel"])
    elif isinstance(value, dict):
        value["sentinel"] = ["sentinel"] if ", list[" in kind else "sentinel"
    elif isinstance(value, list):
        value.append({"sentinel": 1} if kind.startswith("list[dict") else SENTINEL)
    return value


def fill(obj) -> None:
    for f in fields(obj):
        value, kind = getattr(obj, f.name), str(f.type)
        if value is None and kind.startswith(("list", "dict", "set")):
            setattr(obj, f.name, filled({"list": [], "dict": {}, "set": set()}[kind[:4].rstrip("[")], kind))
        elif isinstance(value, (list, dict, set)) and not value:
            filled(value, kind)
        elif is_dataclass(value):
            fill(value)


def assert_independent(original, copy, path: str) -> None:
    """`copy` equals `original` and shares no mutable part with it."""
    if isinstance(original, VALUES):
        assert copy == original, path
        return
    assert copy is not original, f"{path} is shared by the copy"
    if isinstance(original, Actors):
        assert copy == original, path
        copy[10 ** 9] = 0
        assert original.get(10 ** 9) is None, f"{path}: a write to the copy shows in the original"
    elif is_dataclass(original):
        for f in fields(original):
            assert_independent(getattr(original, f.name), getattr(copy, f.name), f"{path}.{f.name}")
    elif isinstance(original, dict):
        assert copy.keys() == original.keys(), path
        for key in original:
            assert_independent(original[key], copy[key], f"{path}[{key!r}]")
    elif isinstance(original, list):
        assert len(copy) == len(original), path
        if path.rsplit(".", 1)[-1] in WRITTEN_ONCE:
            assert copy == original, path
            return
        for i, (a, b) in enumerate(zip(original, copy, strict=True)):
            assert_independent(a, b, f"{path}[{i}]")
    elif isinstance(original, set):
        assert copy == original, path
    else:
        raise AssertionError(f"{path}: a {type(original).__name__}; say here how a copy treats it")


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_copies_every_field_of_the_table_and_its_deal_and_shares_nothing_mutable(name):
    game, log = GAMES[name]
    state = replay(entries_of(log)).state
    fill(state)
    assert_independent(state, game.clone(state), name)


@pytest.mark.parametrize("name", GAMES)
def test_checking_an_entry_writes_nothing_whether_it_is_accepted_or_refused(name):
    game, log = GAMES[name]
    entries = entries_of(log)
    for upto in range(2, len(entries) + 1):
        state = replay(entries[:upto - 1]).state
        tried = [entries[upto - 1]] + [Entry(upto, kind, seat, entries[upto - 1].at, data)
                                       for kind, seat, data in REFUSED[name]]
        for entry in tried:
            before = pickle.dumps(state)
            try:
                game.check(state, entry)
            except Refusal:
                pass
            assert pickle.dumps(state) == before, (upto, entry.type, entry.data)


@pytest.mark.parametrize("name", GAMES)
def test_fold_after_check_is_what_apply_does(name):
    game, log = GAMES[name]
    entries = entries_of(log)
    for upto in range(2, len(entries) + 1):
        applied, folded = replay(entries[:upto - 1]).state, replay(entries[:upto - 1]).state
        entry = entries[upto - 1]
        verdict = game.apply(applied, entry)
        assert game.fold(folded, entry, game.check(folded, entry)) == verdict
        assert pickle.dumps(folded) == pickle.dumps(applied)
