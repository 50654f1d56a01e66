"""Results tracking: a Gin hand entered by its deadwood counts is checked as far as counts allow, then scored."""

import pytest

from referee.cards import parse_cards
from referee.gin.arrange import arrange
from referee.gin.quick import MOST_DEADWOOD, knock_violations, quick_score, read_count, read_knock
from referee.gin.values import count
from referee.violations import Malformed, Refusal


def test_the_most_deadwood_ten_cards_leave_is_98():
    hand = parse_cards("9S 10S QS KS 9H 10H QH KH JC JD".split())
    assert arrange(hand).melds == () and count(hand) == MOST_DEADWOOD == 98


@pytest.mark.parametrize("value", [-1, 99, 7.5, "7", True, None])
def test_a_count_that_no_hand_leaves_is_malformed(value):
    with pytest.raises(Malformed) as refused:
        read_count(value, "deadwood")
    assert refused.value.rules == ["G-6"] and refused.value.status == 400


def test_a_gin_with_deadwood_is_refused_and_deadwood_0_is_a_gin_said_or_not():
    with pytest.raises(Refusal) as refused:
        read_knock(3, gin=True)
    assert refused.value.rules == ["G-7"]
    assert read_knock(0, gin=False) == 0 and quick_score(0, 40).gin


def test_a_knock_over_10_is_judged_not_valid_and_scores_nothing():
    (why,) = knock_violations(12)
    assert why.rule == "G-12" and why.params == {"deadwood": 12, "limit": 10}
    assert quick_score(12, 40) is None and knock_violations(10) == []


def test_a_valid_knock_is_scored_from_the_two_counts():
    assert quick_score(4, 30).to_dict() == {"winner": "knocker", "points": 26, "undercut": False}
    assert quick_score(8, 8).to_dict() == {"winner": "other", "points": 25, "undercut": True}
