"""Corrections (E-2): void and replace; everything is what the corrected log replays to."""

from __future__ import annotations

import pytest

from referee.continental import table as game
from referee.log import Entry
from referee.violations import Malformed, Refusal

from .continental_log import AT, PLAIN_EXIT, Play


def seq_of_last(play: Play, type_: str) -> int:
    return max(e.seq for e in play.entries if e.type == type_)


def test_replacing_a_mistyped_discard_changes_the_pile(dealt):
    dealt.turn(1, "KD")
    dealt.enter("replace", target=4, entry={"type": "discard", "seat": 1, "card": "QD"})
    assert dealt.deal_view["discard_top"] == "QD"
    assert dealt.replay.replaced == {4: 5}


def test_voiding_a_whole_mistaken_turn_gives_the_turn_back(dealt):
    dealt.turn(1)
    dealt.enter("void", target=4)
    dealt.enter("void", target=3)
    deal = dealt.deal_view
    assert (deal["turn"], deal["phase"], deal["stock"]) == (1, "take", 45)


def test_a_correction_that_breaks_a_later_entry_is_refused_naming_it_and_its_rule(dealt):
    dealt.turn(1)
    dealt.turn(2)
    with pytest.raises(Refusal) as refused:
        dealt.enter("void", target=3)  # seat 1's draw: its discard no longer follows a take
    violation = refused.value.violations[0]
    assert (violation.entry, violation.rule) == (4, "C-3")
    assert "entry 4" in violation.message
    assert len(dealt.entries) == 6  # nothing written


def test_voiding_the_deal_under_a_played_turn_is_refused_by_c2(dealt):
    dealt.turn(1)
    with pytest.raises(Refusal) as refused:
        dealt.enter("void", target=2)
    assert refused.value.rules == ["C-2"] and refused.value.violations[0].entry == 3


def test_correcting_an_earlier_take_flips_the_verdict_of_an_exit(dealt):
    dealt.turn(1, "KD")
    dealt.turn(2, source="discard")  # entered by mistake: seat 2 took from the stock
    for seat in (3, 0, 1):
        dealt.turn(seat)
    dealt.turn(2)
    exit_seq = len(dealt.entries) + 1
    assert dealt.exit(2)["valid"] is False  # C-11: the KD seat 2 "took" is not shown
    dealt.enter("replace", target=5, entry={"type": "draw", "seat": 2, "from": "stock"})
    assert dealt.replay.verdicts[exit_seq]["valid"] is True
    assert dealt.balances() == [-11, -11, 33, -11]


def test_replacing_an_exit_that_was_judged_valid_can_make_it_invalid(dealt):
    dealt.exit(1)
    assert dealt.balances()[1] == 63
    dealt.enter("replace", target=3, entry={"type": "exit", "seat": 1, "runs": [["3C", "4C", "6C"]]})
    assert dealt.replay.verdicts[3]["valid"] is False and dealt.balances() == [0, 0, 0, 0]


@pytest.mark.parametrize("target, rule", [(1, "E-2"), (99, "E-2")])
def test_creation_and_unknown_entries_cannot_be_corrected(dealt, target, rule):
    with pytest.raises(Refusal) as refused:
        dealt.enter("void", target=target)
    assert refused.value.rules == [rule]


def test_a_voided_entry_cannot_be_voided_again(dealt):
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("void", target=3)
    with pytest.raises(Refusal, match="already voided"):
        dealt.enter("void", target=3)


def test_a_malformed_replacement_is_malformed_not_a_rule_refusal(dealt):
    dealt.enter("draw", 1, from_="stock")
    with pytest.raises(Malformed, match="replacement for entry 3"):
        dealt.enter("replace", target=3, entry={"type": "draw", "seat": 1})


def correction(type_: str, **data) -> Entry:
    return Entry(99, type_, None, AT, data)


def test_a_seat_may_correct_its_own_entries_and_only_the_host_others(dealt):
    dealt.turn(1)
    state = dealt.replay.state
    assert game.actor(state, correction("void", target=3)) == 1
    assert game.actor(state, correction("void", target=2)) == 0  # the deal is the dealer's
    own = {"type": "discard", "seat": 1, "card": "QD"}
    assert game.actor(state, correction("replace", target=4, entry=own)) == 1
    assert game.actor(state, correction("replace", target=4, entry=own | {"seat": 2})) is None
    assert game.actor(state, correction("void", target="4")) is None


def test_a_correction_cannot_itself_be_corrected(dealt):
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("void", target=3)
    with pytest.raises(Refusal, match="is a correction") as refused:
        dealt.enter("void", target=4)
    assert refused.value.rules == ["E-2"]


@pytest.mark.parametrize("type_, data, match", [
    ("void", {}, "target"),
    ("void", {"target": "2"}, "target"),
    ("replace", {"target": 2}, "entry"),
    ("replace", {"target": 2, "entry": {"type": "void", "target": 2}}, "void"),
    ("replace", {"target": 2, "entry": {"type": "create"}}, "create"),
])
def test_a_correction_without_a_proper_target_or_entry_is_malformed(dealt, type_, data, match):
    with pytest.raises(Malformed, match=match):
        dealt.enter(type_, **data)


def test_a_replaced_deal_replays_everything_after_it_on_the_new_upcard(dealt):
    dealt.enter("draw", 1, from_="discard")
    dealt.enter("discard", 1, card="KD")
    dealt.enter("replace", target=2, entry={"type": "deal", "dealer": 0, "upcard": "9S"})
    assert dealt.deal_view["known"]["1"] == ["9S"]


def test_an_exit_valid_or_invalid_is_corrected_by_the_host_only(dealt):
    """E-2 *Reading*: a seat voiding its own invalid exit would erase the cards C-11 keeps known."""
    from .test_exits import GAPPED

    dealt.turn(1)
    assert dealt.exit(1, GAPPED)["valid"] is False  # entry 5
    dealt.turn(2)
    assert dealt.exit(2)["valid"] is True  # entry 8
    state = dealt.replay.state
    for target in (5, 8):
        assert game.actor(state, correction("void", target=target)) is None
        shown = {"type": "exit", "seat": 1, "runs": [list(r) for r in GAPPED]}
        assert game.actor(state, correction("replace", target=target, entry=shown)) is None
    assert game.actor(state, correction("void", target=7)) == 2  # the seat's own discard stays its own


def test_a_seat_that_voids_its_own_draw_cannot_then_go_out_without_drawing(dealt):
    """E-2 *Reading*, issue 18 §20: the card was seen; the +10 of C-5 would follow the void."""
    dealt.enter("draw", 1, from_="stock")  # entry 3: Ben's first take
    dealt.enter("void", target=3, by=1)  # Ben's own phone takes it back
    with pytest.raises(Refusal) as refused:
        dealt.exit(1)
    assert {v.rule for v in refused.value.violations} == {"C-4", "C-5"}
    assert "took back their own draw" in refused.value.violations[1].message
    assert not [w for w in dealt.deal_view["exit_window"] if w["seat"] == 1]  # not offered either
    dealt.turn(1)  # Ben takes a card and plays on


def test_a_seat_cannot_replace_its_own_draw_by_an_exit_without_drawing(dealt):
    dealt.enter("draw", 1, from_="stock")
    with pytest.raises(Refusal) as refused:
        dealt.enter("replace", target=3, by=1, entry={"type": "exit", "seat": 1, "runs": PLAIN_EXIT})
    assert "C-5" in {v.rule for v in refused.value.violations}


@pytest.mark.parametrize("by", ["host", None])
def test_the_hosts_void_of_a_draw_reopens_going_out_without_drawing(dealt, by):
    """Only the host's correction (the table agrees nothing was taken) reopens C-5; a log written before the
    server kept `by` replays as it did."""
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("void", target=3, **({} if by is None else {"by": by}))
    assert dealt.deal_view["exit_window"] == [{"seat": 1, "rule": "C-5", "timing": "without_drawing"}]
    assert dealt.exit(1)["valid"] is True


def test_a_seat_voiding_another_draw_of_its_own_changes_nothing_of_the_first_turn(dealt):
    dealt.round()  # entries 3..10
    dealt.enter("draw", 1, from_="stock")  # entry 11: Ben's second take
    dealt.enter("void", target=11, by=1)
    dealt.turn(1)
    assert dealt.exit(1)["valid"] is True  # a later exit (C-4), settled as any


def test_a_correction_says_who_wrote_it_as_a_seat_or_the_host(dealt):
    dealt.enter("draw", 1, from_="stock")
    with pytest.raises(Malformed, match="`by` is the seat that wrote it, or host"):
        dealt.enter("void", target=3, by="Ben")
