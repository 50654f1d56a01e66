"""G-2 the deal, G-3 the upcard, G-4 a turn and G-10 a void hand, as the table will check them."""

import pytest

from referee.cards import Card
from referee.gin.deal import STOCK, check_dealer, is_void, next_dealer
from referee.gin.turn import check_discard, check_draw
from referee.gin.upcard import check_first_draw, check_upcard, chooser, play_starts
from referee.gin.values import DECK
from referee.violations import Refusal


def test_a_deal_of_ten_each_and_an_upcard_leaves_31_in_the_one_deck_s_stock():
    assert len(set(DECK)) == 52 and STOCK == 31


def test_the_winner_of_a_hand_deals_the_next_and_after_a_void_hand_the_same_dealer_deals_again():
    assert next_dealer(0, winner=1) == 1 and next_dealer(0, winner=0) == 0 and next_dealer(1, winner=None) == 1


def test_a_deal_by_the_loser_of_the_last_hand_is_refused_naming_the_dealer():
    with pytest.raises(Refusal) as refused:
        check_dealer(0, dealer=0, winner=1)
    assert refused.value.rules == ["G-2"] and refused.value.violations[0].params == {"dealer": 1}
    check_dealer(1, dealer=1, winner=None)


def test_the_non_dealer_decides_on_the_upcard_first_then_the_dealer_if_she_passed():
    assert chooser(0, []) == 1 and chooser(0, [False]) == 0
    assert chooser(0, [True]) is None and chooser(0, [False, False]) is None


def test_the_dealer_may_not_decide_on_the_upcard_before_the_non_dealer():
    with pytest.raises(Refusal) as refused:
        check_upcard(0, [], seat=0)
    assert refused.value.rules == ["G-3"] and refused.value.violations[0].params == {"turn": 1, "player": 0}


def test_no_one_decides_on_an_upcard_already_settled():
    with pytest.raises(Refusal):
        check_upcard(0, [True], seat=0)


def test_who_took_the_upcard_discards_next_and_if_both_passed_the_non_dealer_draws():
    assert play_starts(0, [True]) == (1, "discard")
    assert play_starts(0, [False, True]) == (0, "discard")
    assert play_starts(0, [False, False]) == (1, "draw")
    assert play_starts(0, [False]) is None


def test_once_both_passed_the_non_dealer_s_first_draw_is_from_the_stock_not_the_upcard():
    with pytest.raises(Refusal) as refused:
        check_first_draw([False, False], first=True, source="discard", seat=1)
    assert refused.value.rules == ["G-3"] and refused.value.violations[0].params == {"player": 1}
    check_first_draw([False, False], first=True, source="stock", seat=1)
    check_first_draw([False, False], first=False, source="discard", seat=0)  # later turns draw from either
    check_first_draw([False, True], first=True, source="discard", seat=1)  # the dealer took it and discarded


def test_a_turn_draws_once_then_discards_but_not_the_card_taken_from_the_discard_pile():
    with pytest.raises(Refusal) as twice:
        check_draw(1, drawn=True)
    with pytest.raises(Refusal) as early:
        check_discard(1, Card(5, "H"), drawn=False)
    with pytest.raises(Refusal) as taken:
        check_discard(1, Card(5, "H"), drawn=True, taken=Card(5, "H"))
    assert {twice.value.rules[0], early.value.rules[0], taken.value.rules[0]} == {"G-4"}
    assert taken.value.violations[0].card == "5H"
    check_discard(1, Card(6, "H"), drawn=True, taken=Card(5, "H"))


def test_two_cards_left_in_the_stock_after_a_discard_and_no_knock_void_the_hand():
    assert is_void(2) and not is_void(3) and not is_void(2, knocked=True)
