"""The arrangement solver: a valid exit with the best settlement whenever one exists (C-6..C-10, C-12)."""

from collections import Counter

import pytest
from arrange_reference import exit_exists
from exit_strategies import hand_from, narrow_hands, random_hands, valid_exits
from hypothesis import HealthCheck, given, settings

from referee.cards import parse_cards
from referee.continental.exit import judge_exit
from referee.continental.solver import arrange

REFERENCE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_arrangement(cards, players=4, timing="later"):
    """Arrange the cards; if an exit comes back, it must be these cards and pass the judge as settled."""
    found = arrange(cards, players, timing)
    if found is not None:
        runs, settlement = found
        verdict = judge_exit(runs, players, timing)
        assert verdict.valid, (runs, verdict.violations)
        assert Counter(hand_from(runs)) == Counter(cards)
        assert settlement == verdict.settlement
    return found


def test_the_seed_s_hand_shuffled_is_arranged_for_eleven():
    runs, settlement = check_arrangement(parse_cards(
        ["JC", "AD", "9H", "3C", "KD", "4C", "10C", "5C", "6S", "QD", "7S", "8S", "9C", "10H", "JH"]))
    assert settlement.per_opponent == 11 and len(runs) == 5


def test_one_wild_among_scattered_naturals_has_no_exit():
    assert arrange(parse_cards(["2C", "3D", "5H", "7S", "9C", "JD", "KH", "AS", "4C", "6D", "8H", "10S", "QC",
                                "AD", "3H"])) is None


@pytest.mark.parametrize("hand", [
    "JK JK 2C 2C 2D 2D 2H 2H 2S 2S 5C 9D KH AS 7H",  # every wild, five lone naturals
    "AH AH KH KH QH QH JH JH 10H 10H 9H 9H 8H 8H 7H",  # one suit, every card twice
    "AH AH 3H 3H 4H 4H 5H 5H 6H 6H 2H 2H 7H 8H 9H",  # aces low twice, 2s at their own place
    "AS KS QS JS AS KS QS JS JK 2S 3S 4S 5S 6S 2D",  # aces high and low in one suit
])
def test_hard_hands_are_arranged(hand):
    assert check_arrangement(parse_cards(hand.split())) is not None


def test_a_2_that_can_stand_at_its_own_place_stays_unannounced():
    runs, _ = check_arrangement(parse_cards("AH 2H 3H 6S 7S 8S 9C 10C JC 4D 5D 6D QH KH JK".split()))
    assert ["AH", "2H", "3H"] in [[p.text for p in run] for run in runs]


def test_one_suit_is_settled_with_its_ten():
    _, settlement = check_arrangement(parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 9H 10H".split()))
    assert settlement.one_suit == 10 and settlement.wilds == 1


@pytest.mark.parametrize("hand", [
    "7H 7H 7H 8H 9H 3C 4C 5C 6S 7S 8S 9D 10D JD QD",  # a third 7H (K-2)
    "JK JK JK 8H 9H 3C 4C 5C 6S 7S 8S 9D 10D JD QD",  # a third joker (K-2)
    "3C 4C 5C 6S 7S 8S 9D 10D JD QD KD AD 2H 3H",  # 14 cards (C-6)
    "3C 9C 3D 9D 3H 9H 3S 9S KC KD KH KS 2C 2D JK",  # twelve lone naturals, too many runs (C-6)
])
def test_no_exit_for_impossible_hands(hand):
    assert arrange(parse_cards(hand.split())) is None


@pytest.mark.parametrize("players, timing, gain", [(4, "later", 33), (5, "first_turn", 72), (4, "without_drawing", 63)])
def test_the_settlement_follows_players_and_timing(players, timing, gain):
    _, settlement = check_arrangement(parse_cards(
        "3C 4C 5C 6S 7S 8S 9H 10H JH QD KD AD 9C 10C JC".split()), players, timing)
    assert settlement.winner_gain == gain


@REFERENCE
@given(narrow_hands)
def test_it_finds_an_exit_exactly_when_the_exhaustive_reference_does(cards):
    assert (check_arrangement(cards) is not None) == exit_exists(cards)


@REFERENCE
@given(valid_exits())
def test_the_cards_of_any_valid_exit_are_arranged_at_least_as_well(runs):
    cards = hand_from(runs)
    declared = judge_exit(runs).settlement
    found = check_arrangement(cards)
    assert found is not None and exit_exists(cards)
    assert found[1].per_opponent >= declared.per_opponent


@settings(max_examples=60, deadline=None)
@given(valid_exits(one_suit=True))
def test_one_suit_exits_are_rearranged_with_the_one_suit_ten(runs):
    _, settlement = check_arrangement(hand_from(runs))
    assert settlement.one_suit == 10


@settings(max_examples=300, deadline=None)
@given(random_hands)
def test_every_arrangement_of_a_random_hand_passes_the_judge(cards):
    check_arrangement(cards)


@REFERENCE
@given(random_hands)
def test_random_hands_agree_with_the_reference(cards):
    assert (arrange(cards) is not None) == exit_exists(cards)
