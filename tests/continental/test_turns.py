"""A turn takes one card and discards one (C-3); discards agree with what the table has seen (K-2, C-11)."""

from __future__ import annotations

import pytest

from referee.cards import CardError
from referee.violations import Malformed, Refusal

from .continental_log import PLAIN_EXIT, Play


def refused_rules(action) -> list[str]:
    with pytest.raises(Refusal) as refused:
        action()
    return refused.value.rules


def test_the_seat_after_the_dealer_takes_then_discards_and_the_turn_passes(dealt):
    dealt.enter("draw", 1, from_="stock")
    assert (dealt.deal_view["phase"], dealt.deal_view["stock"]) == ("discard", 44)
    dealt.enter("discard", 1, card="KD")
    deal = dealt.deal_view
    assert (deal["turn"], deal["phase"], deal["discard_top"], deal["discard_count"]) == (2, "take", "KD", 2)


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_a_player_out_of_turn_cannot_take(dealt, seat):
    assert refused_rules(lambda: dealt.enter("draw", seat, from_="stock")) == ["C-3"]


def test_a_player_discards_only_after_taking(dealt):
    assert refused_rules(lambda: dealt.enter("discard", 1, card="KD")) == ["C-3"]


def test_a_player_takes_only_one_card(dealt):
    dealt.enter("draw", 1, from_="stock")
    assert refused_rules(lambda: dealt.enter("draw", 1, from_="discard")) == ["C-3"]


def test_taking_the_top_of_the_discard_pile_makes_it_known_in_that_hand(dealt):
    dealt.enter("draw", 1, from_="discard")
    deal = dealt.deal_view
    assert deal["known"]["1"] == ["2D"] and deal["discard_count"] == 0 and deal["stock"] == 45


def test_the_card_taken_from_the_pile_cannot_be_discarded_in_the_same_turn(dealt):
    dealt.turn(1, "KD")
    dealt.enter("draw", 2, from_="discard")
    assert refused_rules(lambda: dealt.enter("discard", 2, card="KD")) == ["C-3"]


def test_a_card_drawn_from_the_stock_may_be_discarded_at_once(dealt):
    dealt.turn(1, "KD")
    dealt.enter("draw", 2, from_="stock")
    dealt.enter("discard", 2, card="KD")  # the other KD, just drawn
    assert dealt.deal_view["discard_top"] == "KD"


def test_a_card_taken_from_the_pile_and_discarded_later_is_no_longer_known(dealt):
    dealt.enter("draw", 1, from_="discard")
    dealt.enter("discard", 1, card="KD")
    for seat in (2, 3, 0):
        dealt.turn(seat)
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("discard", 1, card="2D")
    assert dealt.deal_view["known"]["1"] == []


def test_a_third_copy_of_a_card_on_the_pile_is_refused_by_k2(dealt):
    dealt.turn(1, "KD")
    dealt.turn(2, "KD")
    dealt.enter("draw", 3, from_="stock")
    assert refused_rules(lambda: dealt.enter("discard", 3, card="KD")) == ["K-2"]


def test_a_card_known_in_another_hand_counts_against_the_deck(dealt):
    dealt.turn(1, "KD")
    dealt.enter("draw", 2, from_="discard")  # seat 2 holds a KD the table has seen
    dealt.enter("discard", 2, card="QD")
    dealt.turn(3, "KD")
    dealt.enter("draw", 0, from_="stock")
    assert refused_rules(lambda: dealt.enter("discard", 0, card="KD")) == ["K-2"]


def test_a_hand_the_table_knows_entirely_can_only_discard_one_of_its_cards(dealt):
    # Seat 1 shows 15 cards in an exit that is not valid (a run of four in a 3+3+3+3+3 shape is fine, a gap is not).
    broken = [run[:] for run in PLAIN_EXIT]
    broken[4] = ["4H", "5H", "7H"]
    assert dealt.exit(1, broken)["valid"] is False
    dealt.enter("draw", 1, from_="discard")  # now 16 cards, every one known
    assert refused_rules(lambda: dealt.enter("discard", 1, card="KD")) == ["C-11"]
    dealt.enter("discard", 1, card="7H")
    assert "7H" not in dealt.deal_view["known"]["1"] and len(dealt.deal_view["known"]["1"]) == 15


def test_a_hand_known_but_for_a_stock_card_may_discard_the_unknown_card(dealt):
    broken = [PLAIN_EXIT[0], PLAIN_EXIT[1], PLAIN_EXIT[2], PLAIN_EXIT[3], ["4H", "5H", "7H"]]
    dealt.exit(1, broken)
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("discard", 1, card="KD")
    assert len(dealt.deal_view["known"]["1"]) == 15


@pytest.mark.parametrize("type_, seat, data, match", [
    ("draw", 1, {}, "from"),
    ("draw", 1, {"from": "table"}, "stock, discard"),
    ("draw", None, {"from": "stock"}, "seat"),
    ("draw", 7, {"from": "stock"}, "seats 0 to 3"),
    ("draw", 1, {"from": "stock", "card": "KD"}, "card"),
    ("discard", 1, {}, "card"),
    ("teleport", 1, {}, "teleport"),
])
def test_a_turn_entry_with_a_missing_unknown_or_mistyped_field_is_malformed(dealt, type_, seat, data, match):
    with pytest.raises(Malformed, match=match):
        dealt.enter(type_, seat, **data)


@pytest.mark.parametrize("card", ["1H", "KX", 12, None])
def test_a_discard_that_is_not_a_card_is_refused_as_k1(dealt, card):
    dealt.enter("draw", 1, from_="stock")
    with pytest.raises(CardError):
        dealt.enter("discard", 1, card=card)


def test_nothing_is_taken_or_discarded_before_the_first_deal(play):
    assert refused_rules(lambda: play.enter("draw", 1, from_="stock")) == ["C-2"]


def test_a_results_table_refuses_turns_naming_its_tracking():
    play = Play(tracking="results")
    play.enter("deal", dealer=0)
    with pytest.raises(Refusal, match="results") as refused:
        play.enter("draw", 1, from_="stock")
    assert refused.value.rules == ["C-3"]
