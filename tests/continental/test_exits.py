"""Going out: at the two moments (C-4, C-5), judged (C-6..C-11), settled (C-12), or taken back (C-13)."""

from __future__ import annotations

import pytest

from referee.cards import CardError
from referee.violations import Malformed, Refusal

from .continental_log import PLAIN_EXIT

GAPPED = PLAIN_EXIT[:4] + [["4H", "5H", "7H"]]  # 15 cards, but 4H 5H 7H is no run (C-7)


def rules(verdict: dict) -> set[str]:
    return {v["rule"] for v in verdict["violations"]}


@pytest.mark.parametrize("turns, timing, per_opponent", [
    ((), "without_drawing", 1 + 10 + 10),  # C-5: before taking on the first turn
    ((1,), "first_turn", 1 + 10 + 7),  # C-4 after the first turn's discard
    ((1, 2, 3, 0, 1), "later", 1 + 10),  # C-4 on a later turn
])
def test_a_valid_exit_is_settled_by_its_moment(dealt, turns, timing, per_opponent):
    for seat in turns:
        dealt.turn(seat)
    verdict = dealt.exit(1)
    assert verdict["valid"] is True and verdict["settlement"]["per_opponent"] == per_opponent
    assert dealt.balances() == [-per_opponent, 3 * per_opponent, -per_opponent, -per_opponent]
    rule = "C-5" if timing == "without_drawing" else "C-4"
    assert dealt.view["results"] == [{"deal": 1, "winner": 1, "rules": [rule, "C-12"], "scores": {
        "0": -per_opponent, "1": 3 * per_opponent, "2": -per_opponent, "3": -per_opponent}}]


def test_wilds_in_a_valid_exit_pay_one_per_two_and_two_per_joker(dealt):
    runs = [["3C", "4C", "5C"], ["6D", "JK=7D", "8D"], ["9H", "10H", "2H=JH"], ["QS", "KS", "AS"], ["4H", "5H", "6H"]]
    dealt.turn(1)
    verdict = dealt.exit(1, runs)
    assert verdict["settlement"]["parts"] == {"out": 1, "wilds": 3, "first_turn": 7, "one_suit": 0}
    assert sum(dealt.balances()) == 0


def test_a_valid_exit_ends_the_deal_and_the_next_seat_deals(dealt):
    dealt.exit(1)
    deal = dealt.deal_view
    assert (deal["phase"], deal["turn"], deal["next_dealer"], deal["may"]) == ("deal", None, 1, ["deal"])
    with pytest.raises(Refusal) as refused:
        dealt.enter("draw", 1, from_="stock")
    assert refused.value.rules == ["C-2"]


@pytest.mark.parametrize("setup, seat", [
    ([], 2),  # not this player's turn
    ([("draw", 1)], 1),  # taken, not discarded yet
    ([("draw", 1), ("discard", 1), ("draw", 2)], 1),  # the moment after the discard has passed
    ([("draw", 1), ("discard", 1), ("draw", 2), ("discard", 2), ("draw", 3), ("discard", 3),
      ("draw", 0), ("discard", 0)], 1),  # a later turn, before taking
])
def test_an_exit_at_any_other_moment_is_refused_naming_c4_and_c5(dealt, setup, seat):
    for type_, who in setup:
        if type_ == "draw":
            dealt.enter("draw", who, from_="stock")
        else:
            dealt.enter("discard", who, card=dealt.filler())
    with pytest.raises(Refusal) as refused:
        dealt.exit(seat)
    assert refused.value.rules == ["C-4", "C-5"]


def test_after_a_discard_both_the_discarder_and_a_first_timer_may_go_out(dealt):
    dealt.turn(1)
    assert dealt.deal_view["exit_window"] == [
        {"seat": 1, "rule": "C-4", "timing": "first_turn"},
        {"seat": 2, "rule": "C-5", "timing": "without_drawing"},
    ]
    assert dealt.exit(2)["settlement"]["parts"]["first_turn"] == 10


def test_an_invalid_exit_after_the_discard_is_written_and_the_next_player_plays(dealt):
    dealt.turn(1)
    verdict = dealt.exit(1, GAPPED)
    assert verdict == {"valid": False, "violations": verdict["violations"], "settlement": None}
    assert rules(verdict) == {"C-7"}
    deal = dealt.deal_view
    assert (deal["turn"], deal["phase"]) == (2, "take") and dealt.balances() == [0, 0, 0, 0]
    assert sorted(deal["known"]["1"]) == sorted(c for run in GAPPED for c in run)  # C-13: seen cards stay known
    with pytest.raises(Refusal):
        dealt.exit(1, PLAIN_EXIT)  # the moment passed with the attempt
    dealt.turn(2)


def test_an_invalid_exit_before_taking_leaves_the_same_player_to_take(dealt):
    assert dealt.exit(1, GAPPED)["valid"] is False
    assert (dealt.deal_view["turn"], dealt.deal_view["phase"]) == (1, "take")
    with pytest.raises(Refusal) as refused:
        dealt.exit(1, PLAIN_EXIT)  # one attempt per moment
    assert "C-5" in refused.value.rules
    dealt.enter("draw", 1, from_="stock")


def test_a_card_that_the_pile_already_shows_twice_cannot_be_in_the_hand(dealt):
    dealt.turn(1, "3C")
    dealt.turn(2, "3C")
    verdict = dealt.exit(3)  # C-5 with a 3C: a third one
    assert verdict["valid"] is False and rules(verdict) == {"C-11"}
    assert verdict["violations"][0]["card"] == "3C"
    assert dealt.deal_view["known"]["3"] == []  # a hand that cannot be real teaches nothing


def test_a_card_known_in_another_hand_counts_against_the_revealed_hand(dealt):
    dealt.turn(1, "3C")
    dealt.turn(2, source="discard")  # seat 2 holds that 3C
    dealt.turn(3, "3C")  # the other 3C is on the pile
    dealt.turn(0)
    verdict = dealt.exit(0)  # a third 3C
    assert verdict["valid"] is False and rules(verdict) == {"C-11"}


def test_a_card_taken_from_the_pile_must_be_in_the_revealed_hand(dealt):
    dealt.turn(1, "KD")
    dealt.turn(2, source="discard")  # seat 2 is known to hold KD
    for seat in (3, 0, 1):
        dealt.turn(seat)
    dealt.turn(2)
    verdict = dealt.exit(2)  # five runs without the KD
    assert verdict["valid"] is False and rules(verdict) == {"C-11"}
    assert verdict["violations"][0]["card"] == "KD"
    assert dealt.balances() == [0, 0, 0, 0] and dealt.deal_view["known"]["2"] == ["KD"]


def test_a_card_taken_from_the_pile_and_shown_in_the_exit_is_fine(dealt):
    dealt.turn(1, "3C")
    dealt.turn(2, source="discard")
    assert dealt.exit(2)["valid"] is True


def test_a_card_shown_in_an_invalid_exit_must_be_shown_again(dealt):
    dealt.exit(1, GAPPED)  # the table now knows 7H is in seat 1's hand
    dealt.turn(1, "KD")
    for seat in (2, 3, 0):
        dealt.turn(seat)
    dealt.turn(1, "7H")
    for seat in (2, 3, 0):
        dealt.turn(seat)
    dealt.turn(1, "KD")  # the stock card just drawn: 14 of the 15 cards are still known
    verdict = dealt.exit(1, PLAIN_EXIT)  # shows 6H instead of 7H: fine, 7H was discarded
    assert verdict["valid"] is True


def test_an_invalid_exit_names_every_rule_it_breaks_with_its_run(dealt):
    runs = [["3C", "4C", "5C"], ["2D", "JK", "8D"], ["9H", "9H", "JH"], ["QS", "KS", "AS"]]
    verdict = dealt.exit(1, runs)
    assert {"C-6", "C-9", "C-10"} <= rules(verdict)
    assert {v.get("run") for v in verdict["violations"] if v["rule"] != "C-6"} >= {2, 3}


def test_full_tracking_works_the_timing_out_itself(dealt):
    with pytest.raises(Malformed, match="timing"):
        dealt.exit(1, timing="later")


@pytest.mark.parametrize("runs", ["3C 4C 5C", [["3C", "4C", "XX"]], [None]])
def test_runs_that_are_not_lists_of_cards_are_refused_as_k1(dealt, runs):
    with pytest.raises(CardError):
        dealt.exit(1, runs)


def test_an_exit_without_runs_is_malformed(dealt):
    with pytest.raises(Malformed, match="runs"):
        dealt.enter("exit", 1)


def test_a_card_shown_in_an_invalid_exit_and_kept_cannot_vanish_from_the_next_exit(dealt):
    dealt.exit(1, GAPPED)
    dealt.turn(1, "KD")  # discards the stock card: the hand is still known entirely
    verdict = dealt.exit(1, PLAIN_EXIT)  # 6H where the table saw 7H
    assert rules(verdict) == {"C-11"} and verdict["violations"][0]["card"] == "7H"


def test_a_first_turn_after_a_failed_exit_without_drawing_still_earns_the_first_turn_bonus(dealt):
    dealt.exit(1, GAPPED)
    dealt.turn(1, "7H")  # the stock gave the 6H
    verdict = dealt.exit(1, PLAIN_EXIT)
    assert verdict["valid"] is True and verdict["settlement"]["parts"]["first_turn"] == 7
