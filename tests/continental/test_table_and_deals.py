"""A table is created for 4 or 5 players (C-1); deals pass round the table once each (C-2, C-15)."""

from __future__ import annotations

import pytest

from referee.continental import table as game
from referee.log import Entry
from referee.violations import Malformed, Refusal

from .continental_log import AT, Play


def create(players, **data) -> Entry:
    fields = {"game": "continental", "players": players, "options": {}, "tracking": "full"} | data
    return Entry(1, "create", None, AT, fields)


@pytest.mark.parametrize("count", [4, 5])
def test_a_table_seats_four_or_five_players_with_zero_balances(count):
    table = game.start(create([f"P{i}" for i in range(count)]))
    view = game.view(table)
    assert [p["score"] for p in view["players"]] == [0] * count
    assert view["status"] == "playing" and view["winners"] is None


@pytest.mark.parametrize("count", [2, 3, 6])
def test_a_table_of_another_size_is_refused_by_c1(count):
    with pytest.raises(Refusal) as refused:
        game.start(create([f"P{i}" for i in range(count)]))
    assert refused.value.rules == ["C-1"]


@pytest.mark.parametrize("options", [{"ceiling": 100}, {"opening": 51}])
def test_continental_takes_no_option_and_names_the_one_given(options):
    with pytest.raises(Malformed, match=next(iter(options))):
        game.normalise_options(options)


def test_no_options_normalise_to_an_empty_object():
    assert game.normalise_options(None) == {} and game.normalise_options({}) == {}


def test_the_deal_hands_out_fifteen_each_and_turns_one_card_up(dealt):
    deal = dealt.deal_view
    assert (deal["number"], deal["dealer"], deal["turn"], deal["phase"]) == (1, 0, 1, "take")
    assert (deal["stock"], deal["discard_top"], deal["discard_count"]) == (45, "2D", 1)


def test_five_players_leave_thirty_cards_in_the_stock():
    play = Play(players=5)
    play.deal(dealer=4, upcard="9C")
    assert play.deal_view["stock"] == 30
    assert play.deal_view["turn"] == 0  # the dealer's next seat plays first


def test_the_first_deal_may_name_any_dealer_and_then_the_deal_passes_in_seat_order(play):
    play.deal(dealer=2)
    play.exit(3)  # C-5: seat 3 goes out before taking
    assert play.deal_view["next_dealer"] == 3
    with pytest.raises(Refusal) as refused:
        play.deal(dealer=0)
    assert {"C-2", "C-15"} <= set(refused.value.rules)
    play.deal(dealer=3)
    assert play.deal_view["number"] == 2 and play.deal_view["turn"] == 0


def test_no_new_deal_while_a_deal_is_being_played(dealt):
    with pytest.raises(Refusal) as refused:
        dealt.deal(dealer=1)
    assert refused.value.rules == ["C-2"]


@pytest.mark.parametrize("data, message", [
    ({"dealer": 0}, "upcard"),
    ({"upcard": "7H"}, "dealer"),
    ({"dealer": 4, "upcard": "7H"}, "seats 0 to 3"),
    ({"dealer": "0", "upcard": "7H"}, "dealer"),
    ({"dealer": True, "upcard": "7H"}, "dealer"),
    ({"dealer": 0, "upcard": "7H", "stock": 45}, "stock"),
])
def test_a_deal_with_a_missing_unknown_or_mistyped_field_is_malformed(play, data, message):
    with pytest.raises(Malformed, match=message):
        play.enter("deal", **data)


def test_an_upcard_that_is_not_a_card_is_refused_naming_it(play):
    from referee.cards import CardError

    with pytest.raises(CardError, match="11H"):
        play.deal(upcard="11H")


def test_every_player_deals_once_then_the_session_is_over_and_refuses_more(play):
    for dealer in (1, 2, 3, 0):
        play.deal(dealer=dealer)
        play.exit((dealer + 1) % 4)  # C-5 exit, 1 + 10 + 10 = 21 from each opponent
    view = play.view
    assert view["status"] == "finished" and view["deal"]["phase"] == "over"
    assert [p["score"] for p in view["players"]] == [63 - 3 * 21] * 4  # each won once: all tied
    assert view["winners"] == [0, 1, 2, 3]
    for attempt in (lambda: play.deal(dealer=1), lambda: play.enter("draw", 2, from_="stock")):
        with pytest.raises(Refusal) as refused:
            attempt()
        assert refused.value.rules == ["C-15"]


def test_the_highest_balance_wins_the_session_alone():
    play = Play(tracking="results")
    play.enter("deal", dealer=0)
    play.exit(2)  # 11 from each opponent
    for dealer in (1, 2, 3):
        play.enter("deal", dealer=dealer)
        play.enter("null_deal")
    assert play.balances() == [-11, -11, 33, -11]
    assert play.view["winners"] == [2] and play.view["status"] == "finished"
