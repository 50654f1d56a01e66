"""The empty stock (C-14): the pile but its top is shuffled into a new stock; nothing to recycle nulls the deal."""

from __future__ import annotations

from referee.continental import table as game
from referee.log import Entry

from .continental_log import AT, Play


def play_turns(play: Play, count: int, first: int = 1) -> None:
    for i in range(count):
        play.turn((first + i) % 4)


def test_after_45_stock_draws_the_stock_is_empty_and_the_pile_holds_46(dealt):
    play_turns(dealt, 45)
    deal = dealt.deal_view
    assert (deal["stock"], deal["discard_count"], deal["reshuffles"]) == (0, 46, 0)


def test_a_stock_draw_on_an_empty_stock_reshuffles_the_pile_but_its_top(dealt):
    play_turns(dealt, 45)
    top = dealt.deal_view["discard_top"]
    dealt.enter("draw", 2, from_="stock")  # turn 46 falls to seat 2
    deal = dealt.deal_view
    assert (deal["stock"], deal["discard_count"], deal["discard_top"], deal["reshuffles"]) == (44, 1, top, 1)


def test_reshuffled_cards_no_longer_count_as_seen(dealt):
    dealt.turn(1, "2S")
    dealt.turn(2, "2S")
    play_turns(dealt, 43, first=3)
    dealt.enter("draw", 2, from_="stock")  # reshuffle: both 2S go back into the stock
    dealt.enter("discard", 2, card="2S")  # and one of them may come out again
    assert dealt.deal_view["discard_top"] == "2S"


def test_taking_the_top_instead_of_the_empty_stock_needs_no_reshuffle(dealt):
    play_turns(dealt, 45)
    dealt.turn(2, source="discard")
    assert (dealt.deal_view["stock"], dealt.deal_view["reshuffles"]) == (0, 0)


def test_a_stock_draw_with_only_the_top_left_makes_the_deal_null(dealt):
    # With 15 cards in every hand the pile holds 46 whenever the stock is empty, so this
    # state is reached only by building it: the engine still reads C-14 to the letter.
    deal = dealt.replay.state.deal
    deal.stock, deal.pile = 0, deal.pile[-1:]
    verdict = game.apply(dealt.replay.state, stock_draw(dealt))
    assert verdict == {"null_deal": True, "rules": ["C-14"]}
    view = game.view(dealt.replay.state)
    assert view["results"] == [{"deal": 1, "winner": None, "scores": {"0": 0, "1": 0, "2": 0, "3": 0},
                                "rules": ["C-14"]}]
    assert view["deal"]["phase"] == "deal" and view["deal"]["next_dealer"] == 1


def stock_draw(play: Play) -> Entry:
    return Entry(len(play.entries) + 1, "draw", 1, AT, {"from": "stock"})
