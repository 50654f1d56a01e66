"""The solver's pruning rules, on hands at their boundaries (referee.continental.solver, C-6, C-8).

The largest suit is searched for one length multiset only among those whose run count its naturals
can reach (one natural a run, C-8) and whose places are at least its naturals; the wilds get no
budget of their own there, since a multiset's length less the naturals is what it spends.
"""

import pytest
from arrange_reference import exit_exists
from test_arrange_solver import check_arrangement

from referee.cards import parse_cards
from referee.continental import solver


@pytest.mark.parametrize("hand", [
    "5H 5H 9H 9H KH JK JK 2C 2C 2D 2D 2H 2H 2S 2S",  # one natural a run: as many runs as naturals
    "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 3S 4S 5S",  # no wild: the places are the naturals
    "AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 3H 4H 5H",  # one suit, no wild, an ace high
    "3C 4C 5C 9H 10H JK JK 2C 2C 2D 2D 2H 2H 2S 2S",  # the largest suit takes most wilds
    "QS KS AS AS 3S 4S 5S 9S 10S JS 2S 2D 6D 7D 8D",  # one ace low and one high in the last suit
])
def test_hands_at_the_pruning_boundaries_are_arranged(hand):
    cards = parse_cards(hand.split())
    assert exit_exists(cards)
    assert check_arrangement(cards) is not None


@pytest.mark.parametrize("hand", [
    "AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 3H 4H 6H",  # one suit, no wild, a second 3 and 4 with no 5
    "3C 9C 3D 9D 3H 9H 3S KC KD KH KS 2C 2D JK 5S",  # more lone naturals than runs
])
def test_hands_just_past_the_boundaries_have_no_exit(hand):
    cards = parse_cards(hand.split())
    assert not exit_exists(cards)
    assert check_arrangement(cards) is None


def test_the_memos_give_the_same_answer_cold_and_warm():
    cards = parse_cards("AS KS 5S 3S 9S 7S 10S 8S 6S 2H 2D JK 2D 2C 2H".split())
    solver.forget()
    cold = check_arrangement(cards)
    warm = check_arrangement(cards)
    assert cold is not None and cold == warm
