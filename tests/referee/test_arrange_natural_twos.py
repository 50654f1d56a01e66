"""Arrange for me keeps a 2 at its own place when it can (C-9): 2♦ 3♦ 4♦, not 3♦ 4♦ 2♦=5♦ (issue 8, bug 13)."""

from referee.cards import parse_cards
from referee.continental.exit import judge_exit
from referee.continental.solver import arrange

REST = "3C 4C 5C 8D 9D 10D JS QS KS 4S 5S 6S"


def texts(cards: str):
    runs, settlement = arrange(parse_cards(cards.split()))
    assert judge_exit(runs).valid
    return [[p.text for p in run] for run in runs], settlement


def test_a_two_of_the_run_s_suit_stands_at_its_own_place():
    runs, settlement = texts("2D 3D 4D " + REST)
    assert ["2D", "3D", "4D"] in runs
    assert settlement.wilds == 1  # it still counts as a two (C-12)


def test_an_ace_low_run_keeps_its_two_in_place():
    runs, _ = texts("AH 2H 3H " + REST)
    assert ["AH", "2H", "3H"] in runs


def test_a_two_that_cannot_reach_its_place_is_announced():
    runs, _ = texts("2H 3H 5H " + REST)
    assert ["3H", "2H=4H", "5H"] in runs

