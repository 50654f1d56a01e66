"""The game-module protocol of referee.log: view, actor, clone, due; a refused entry changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee.continental import table as game
from referee.log import Entry
from referee.violations import Refusal

from .continental_log import AT, PLAIN_EXIT, Play


def test_the_view_has_the_shape_of_the_api(dealt):
    view = dealt.view
    assert list(view) == ["game", "options", "tracking", "status", "winners", "players", "deal", "results", "adjustments", "confirmations"]
    assert {"number", "dealer", "turn", "phase", "stock", "discard_top", "discard_count", "reshuffles", "melds",
            "known", "deadline"} <= set(view["deal"])
    assert view["players"][2] == {"seat": 2, "name": "Chloé", "score": 0}
    assert view["deal"]["known"] == {"0": [], "1": [], "2": [], "3": []}


def test_the_phase_says_what_the_table_waits_for(play):
    assert play.deal_view is None  # API.md: no deal before the first one
    seen = []
    play.deal()
    seen.append(play.deal_view["phase"])
    play.enter("draw", 1, from_="stock")
    seen.append(play.deal_view["phase"])
    play.enter("discard", 1, card="KD")
    seen.append(play.deal_view["phase"])
    play.exit(1)
    seen.append(play.deal_view["phase"])
    assert seen == ["take", "discard", "take", "deal"]
    for dealer in (1, 2, 3):
        play.deal(dealer=dealer)
        play.exit((dealer + 1) % 4)
    assert (play.deal_view["phase"], play.deal_view["may"]) == ("over", [])


def test_may_lists_the_entries_the_table_accepts_now(dealt):
    assert dealt.deal_view["may"] == ["draw", "exit"]  # seat 1 may still go out without drawing
    dealt.enter("draw", 1, from_="stock")
    assert dealt.deal_view["may"] == ["discard"]
    dealt.enter("discard", 1, card="KD")
    dealt.turn(2)
    dealt.turn(3)
    dealt.turn(0)
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("discard", 1, card="QD")
    assert dealt.deal_view["may"] == ["draw", "exit"]  # seat 1, after its discard
    dealt.enter("draw", 2, from_="stock")
    assert dealt.deal_view["may"] == ["discard"] and dealt.deal_view["exit_window"] == []


@pytest.mark.parametrize("type_, seat, data, expected", [
    ("draw", 1, {"from": "stock"}, 1),
    ("discard", 3, {"card": "KD"}, 3),
    ("exit", 2, {"runs": PLAIN_EXIT}, 2),
    ("deal", None, {"dealer": 1, "upcard": "7H"}, 1),
    ("null_deal", None, {}, None),
])
def test_the_actor_is_the_seat_that_acts(dealt, type_, seat, data, expected):
    assert game.actor(dealt.replay.state, Entry(9, type_, seat, AT, data)) == expected


def test_the_first_deal_without_a_dealer_is_the_hosts(play):
    assert game.actor(play.replay.state, Entry(2, "deal", None, AT, {"upcard": "7H"})) is None


@pytest.mark.parametrize("type_, seat, data", [
    ("draw", 2, {"from": "stock"}),  # C-3
    ("discard", 1, {"card": "KD"}),  # C-3
    ("exit", 3, {"runs": PLAIN_EXIT}),  # C-4, C-5
    ("deal", None, {"dealer": 1, "upcard": "7H"}),  # C-2
])
def test_a_refused_entry_leaves_the_table_as_it_was(dealt, type_, seat, data):
    state = dealt.replay.state
    before = game.view(state)
    with pytest.raises(Refusal):
        game.apply(state, Entry(3, type_, seat, AT, data))
    assert game.view(state) == before


def test_a_clone_is_independent_of_its_original(dealt):
    copy = game.clone(dealt.replay.state)
    game.apply(copy, Entry(3, "draw", 1, AT, {"from": "discard"}))
    assert dealt.deal_view["discard_count"] == 1 and game.view(copy)["deal"]["known"]["1"] == ["2D"]


def test_continental_owes_no_server_entries():
    assert game.due(Play().replay.state, datetime.now(UTC)) == []
