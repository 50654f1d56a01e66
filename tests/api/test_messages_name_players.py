"""Bug 2: the JSON's messages name the players ("Ana"), never "seat 0"; `key` and `params` keep the seat numbers."""

from __future__ import annotations


def test_a_turn_out_of_order_names_both_players(tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    refused = table.enter("draw", 2, from_="stock", expect=422)
    v = refused["violations"][0]
    assert v["message"] == "it is Ben's turn, not Chloé's" and "seat" not in refused["detail"]
    assert v["key"] == "it is %(turn)s's turn, not %(player)s's" and v["params"] == {"turn": 1, "player": 2}


def test_a_lay_off_before_the_opening_names_the_player(tables):
    table = tables.create("rami", ["Ana", "Ben"], options={"turn_seconds": None})
    table.enter("deal", dealer=0)
    table.enter("meld", 1, melds=[["QH", "KH", "AH"], ["10S", "JS", "QS"]], as_seat=1)
    table.enter("discard", 1, card="9C", as_seat=1)
    table.enter("draw", 0, from_="stock", as_seat=0)
    refused = table.enter("lay_off", 0, meld=31, cards=["JH"], as_seat=0, expect=422)
    v = refused["violations"][0]
    assert v["rule"] == "R-10" and v["message"] == "Ana has not opened yet: no lay-off before the opening"
    assert v["params"] == {"player": 0, "what": "lay-off"}


def test_a_hand_with_a_wrong_count_names_the_player(tables):
    """The issue's example: "seat 0 holds 14 cards, not 13" is now "Ana holds 14 cards, not 13"."""
    table = tables.create("rami", ["Ana", "Ben", "Chloé"], options={"turn_seconds": None})
    table.enter("deal", dealer=1)
    run = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    table.enter("meld", 2, melds=[run, ["7C", "7D", "7S"]], as_seat=2)
    table.enter("discard", 2, card="2C", as_seat=2)  # Chloé goes out on her first turn
    hand = ["2D", "2D", "2H", "2H", "2S", "2S", "3C", "3C", "3D", "3D", "4C", "4C", "4D"]
    refused = table.enter("hand", 0, cards=hand, as_seat=0, expect=422)
    assert refused["violations"][0]["message"] == "Ana holds 14 cards, not 13"
    assert refused["detail"] == "R-14: Ana holds 14 cards, not 13"
