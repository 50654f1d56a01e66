"""R-3, R-4: the deal, the starter's 15th card, taking a card, whose turn it is."""

import pytest
from rami_log import Game

from referee.violations import Malformed


def test_a_deal_gives_the_starter_15_cards_and_leaves_51_in_the_stock_at_four():
    game = Game(players=4)
    game.deal(dealer=2)
    deal = game.deal_view
    assert deal["number"] == 1 and deal["dealer"] == 2 and deal["starter"] == 3 and deal["turn"] == 3
    assert deal["stock"] == 51 and deal["discard_top"] is None and deal["discard_count"] == 0
    assert deal["hand_sizes"] == {"0": 14, "1": 14, "2": 14, "3": 15}
    assert deal["phase"] == "play" and "draw" not in deal["may"]


def test_the_stock_holds_108_minus_14_per_player_minus_1():
    game = Game(players=2)
    game.deal(0)
    assert game.deal_view["stock"] == 108 - 28 - 1


def test_the_starter_takes_no_card_on_its_first_turn():
    game = Game()
    game.deal(0)
    assert game.refused("draw", 1, **{"from": "stock"}).rules == ["R-3"]


def test_the_first_deal_names_any_seat_and_then_the_deal_passes_to_the_next_seat():
    game = Game(players=3)
    game.deal(dealer=1)
    game.go_out_on_first_turn(starter=2)
    game.hand(0, game.unseen()[:14])
    assert game.refused("deal", dealer=2).rules == ["R-3"]  # seat 1 still owes its hand
    game.hand(1, game.unseen()[:14])
    assert game.refused("deal", dealer=0).rules == ["R-3"]  # seat 2 deals next
    game.deal(dealer=2)
    assert game.deal_view["number"] == 2 and game.deal_view["turn"] == 0 and game.deal_view["melds"] == []


def test_a_deal_is_refused_while_the_round_is_being_played():
    game = Game()
    game.deal(0)
    assert game.refused("deal", dealer=1).rules == ["R-3"]


def test_turns_follow_the_seats_and_each_turn_takes_one_card_then_discards():
    game = Game(players=3)
    game.deal(0)
    game.discard(1, "9S")
    assert game.deal_view["turn"] == 2 and game.deal_view["phase"] == "take"
    assert game.refused("draw", 0, **{"from": "stock"}).rules == ["R-4"]
    assert game.refused("discard", 2, card="9D").rules == ["R-4"]  # no card taken yet
    game.draw(2)
    assert game.refused("draw", 2, **{"from": "discard"}).rules == ["R-4"]
    game.discard(2, "9D")
    assert game.deal_view["turn"] == 0 and game.deal_view["stock"] == 108 - 42 - 1 - 1
    assert game.deal_view["hand_sizes"] == {"0": 14, "1": 14, "2": 14}


def test_the_discard_pile_is_taken_from_its_top():
    game = Game()
    game.deal(0)
    game.discard(1, "QS")
    game.draw(0, "discard")
    assert game.deal_view["discard_top"] is None and game.deal_view["known"]["0"] == ["QS"]
    assert game.deal_view["hand_sizes"]["0"] == 15


@pytest.mark.parametrize("kind, data", [
    ("draw", {"from": "pile"}), ("draw", {}), ("discard", {}), ("discard", {"card": "1H"}),
    ("discard", {"card": ["7H"]}), ("meld", {"melds": []}), ("meld", {"melds": [["7H", "XX", "9H"]]}),
    ("lay_off", {"meld": "1", "cards": ["7H"]}), ("retrieve_joker", {"meld": 1}), ("hand", {}),
    ("shuffle", {}),
])
def test_missing_or_wrong_fields_are_malformed(kind, data):
    game = Game()
    game.deal(0)
    error = game.refused(kind, 1, **data)
    assert isinstance(error, Malformed)


def test_an_entry_without_a_seat_is_malformed():
    game = Game()
    game.deal(0)
    assert isinstance(game.refused("discard", None, card="7H"), Malformed)
    assert isinstance(game.refused("discard", 2, card="7H"), Malformed)
