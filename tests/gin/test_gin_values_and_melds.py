"""G-1 values and G-5 melds: what a card counts, which cards make a set or a run."""

import pytest
from gin_cards import cards, texts

from referee.gin.arrange import arrange
from referee.gin.melds import candidates, kind_of
from referee.gin.values import count, value


def test_an_ace_counts_one_numbers_their_number_and_faces_ten():
    assert [value(c) for c in cards("AS 2H 7D 10C JS QH KD")] == [1, 2, 7, 10, 10, 10, 10]


def test_a_hand_of_faces_and_tens_counts_ten_a_card():
    assert count(cards("10C JC QC KC 10D JD QD KD 10H JH")) == 100


@pytest.mark.parametrize("meld, kind", [
    ("7C 7D 7H", "set"), ("7C 7D 7H 7S", "set"),
    ("AH 2H 3H", "run"), ("9S 10S JS QS KS", "run"), ("3D 5D 4D", "run"),
])
def test_three_or_four_of_a_rank_make_a_set_and_three_in_sequence_of_a_suit_a_run(meld, kind):
    assert kind_of(cards(meld)) == kind


@pytest.mark.parametrize("meld", [
    "QH KH AH",  # the ace is low only (G-1)
    "KH AH 2H",  # no run turns the corner
    "7C 7D",  # two cards are no meld
    "4C 5C 6D",  # a run keeps to one suit
    "4C 5C 7C",  # a run has no gap
])
def test_these_cards_make_no_meld(meld):
    assert kind_of(cards(meld)) is None


def test_queen_king_ace_of_hearts_is_no_run_so_the_three_are_deadwood():
    arranged = arrange(cards("QH KH AH 2C 3C 4C 5S 6S 7S 8D"))
    assert texts(arranged.melds) == [["2C", "3C", "4C"], ["5S", "6S", "7S"]]
    assert arranged.points == 10 + 10 + 1 + 8


def test_four_of_a_rank_offer_their_set_of_four_and_each_set_of_three():
    found = [m.meld.texts for m in candidates(cards("9C 9D 9H 9S"))]
    assert sorted(found) == sorted([["9C", "9D", "9H"], ["9C", "9D", "9S"], ["9C", "9H", "9S"], ["9D", "9H", "9S"],
                                    ["9C", "9D", "9H", "9S"]])


def test_a_run_of_five_offers_every_stretch_of_three_or_more():
    found = [m.meld.texts for m in candidates(cards("3D 4D 5D 6D 7D"))]
    assert len(found) == 3 + 2 + 1 and ["4D", "5D", "6D", "7D"] in found


def test_a_card_belongs_to_one_meld_at_most():
    # 7H could end the run 5H-7H or complete the set of 7s, not both: the set leaves 5H 6H (11), the run 7C 7D (14).
    arranged = arrange(cards("5H 6H 7H 7C 7D KS KC QD JD 10S"))
    assert texts(arranged.melds) == [["7C", "7D", "7H"]]
    assert arranged.points == 10 * 5 + 5 + 6
