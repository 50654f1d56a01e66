"""C-12: what each opponent transfers to the winner of a valid exit."""

import pytest

from referee.continental.exit import judge_exit, parse_exit, settle

SEED = [["3C", "4C", "5C"], ["6S", "7S", "8S"], ["9H", "10H", "JH"], ["QD", "KD", "AD"], ["9C", "10C", "JC"]]
HEARTS = [["AH", "2H", "3H", "4H", "5H"], ["6H", "7H", "8H", "9H"], ["10H", "JH", "QH"], ["9H", "10H", "JH"]]


def parts(runs, players=4, timing="later"):
    verdict = judge_exit(parse_exit(runs), players, timing)
    assert verdict.valid, verdict.violations
    return verdict.settlement.to_dict()


def test_no_2_and_no_joker_is_worth_ten():
    assert parts(SEED) == {"per_opponent": 11, "winner_gain": 33,
                           "parts": {"out": 1, "wilds": 10, "first_turn": 0, "one_suit": 0}}


@pytest.mark.parametrize("runs, wilds", [
    ([["JK=3C", "4C", "5C"]] + SEED[1:], 2),
    ([["3C", "2D=4C", "5C"]] + SEED[1:], 1),
    ([["AC", "2C", "3C"], ["6S", "JK=7S", "8S"]] + SEED[2:], 3),
    ([["JK=3C", "4C", "5C"], ["6S", "JK=7S", "8S"]] + SEED[2:], 4),
])
def test_each_2_counts_one_and_each_joker_two_even_at_its_own_place(runs, wilds):
    assert parts(runs)["parts"]["wilds"] == wilds


@pytest.mark.parametrize("timing, bonus", [("later", 0), ("first_turn", 7), ("without_drawing", 10)])
def test_going_out_on_the_first_turn_adds_seven_or_ten_without_drawing(timing, bonus):
    assert parts(SEED, timing=timing)["parts"]["first_turn"] == bonus
    assert parts(SEED, timing=timing)["per_opponent"] == 11 + bonus


def test_fifteen_cards_of_one_suit_add_ten_and_wilds_count_as_their_suit():
    assert parts(HEARTS)["parts"]["one_suit"] == 10
    with_joker = [["AH", "2H", "3H", "4H", "5H"], ["6H", "7H", "JK=8H", "9H"], HEARTS[2], HEARTS[3]]
    assert parts(with_joker) == {"per_opponent": 14, "winner_gain": 42,
                                 "parts": {"out": 1, "wilds": 3, "first_turn": 0, "one_suit": 10}}


def test_every_opponent_pays_so_the_balances_sum_to_zero():
    for players in (4, 5):
        settlement = parts(SEED, players=players)
        assert settlement["winner_gain"] == settlement["per_opponent"] * (players - 1)


def test_settle_agrees_with_the_judge():
    runs = parse_exit([["JK=3C", "4C", "5C"]] + SEED[1:])
    assert settle(runs, 5, "first_turn") == judge_exit(runs, 5, "first_turn").settlement
