"""R-5 and K-2: a card taken from the discard pile is laid that turn; no card beyond the deck."""

from rami_log import Game


def opened_game() -> Game:
    """Seat 1 opened and discarded 9C; seat 0 is to take."""
    game = Game()
    game.deal(0)
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    game.discard(1, "9C")
    return game


def test_a_pickup_not_laid_down_refuses_the_discard_not_the_meld():
    game = opened_game()
    game.draw(0, "discard")
    assert game.deal_view["known"]["0"] == ["9C"]
    error = game.refused("discard", 0, card="4D")
    assert error.rules == ["R-5"] and "9C" in str(error)
    game.meld(0, ["5D", "6D", "7D", "8D", "9D", "10D", "JD"])  # the pickup is not in it
    assert game.refused("discard", 0, card="4D").rules == ["R-5"]


def test_a_pickup_laid_in_the_opening_frees_the_discard():
    game = opened_game()
    game.draw(0, "discard")
    game.meld(0, ["9C", "10C", "JC", "QC", "KC"], ["AD", "AC", "AS"])
    assert game.deal_view["known"]["0"] == []
    game.discard(0, "4D")
    assert game.deal_view["turn"] == 1 and game.deal_view["discard_top"] == "4D"


def test_a_pickup_laid_off_on_a_table_meld_counts_as_laid():
    game = opened_game()
    game.draw(1 - 1, "stock")
    game.meld(0, ["5D", "6D", "7D", "8D", "9D", "10D", "JD"])
    game.discard(0, "9S")
    game.draw(1, "discard")
    game.lay_off(1, 32, "9S")
    game.discard(1, "3C")
    assert game.deal_view["melds"][1]["cards"] == ["9S", "10S", "JS", "QS"]


def test_the_picked_up_card_cannot_be_discarded_again():
    game = opened_game()
    game.draw(0, "discard")
    error = game.refused("discard", 0, card="9C")
    assert error.rules == ["R-5"]


def test_the_twin_of_a_pickup_still_in_hand_is_refused_as_the_pickup_itself():
    game = opened_game()
    game.draw(0, "discard")
    error = game.refused("discard", 0, card="9C")  # the 9C taken, or its twin: the referee cannot tell
    assert error.rules == ["R-5"] and "not even its twin" in error.violations[0].message


def test_once_the_pickup_is_laid_its_twin_may_be_discarded_that_turn():
    """R-5 *Reading*: the 9C taken is on the table; a 9C discarded now is the other deck's."""
    game = opened_game()
    game.draw(0, "discard")
    game.meld(0, ["9C", "10C", "JC", "QC", "KC"], ["AD", "AC", "AS"])
    game.discard(0, "9C")
    assert game.deal_view["discard_top"] == "9C" and game.deal_view["turn"] == 1


def test_no_card_is_seen_more_often_than_the_deck_holds_it():
    game = opened_game()  # QH and QS are on the table
    game.draw(0)
    game.meld(0, ["QC", "QD", "QS"], ["JK=2H", "3H", "4H"], ["10H", "JH", "QH", "KH"])  # QS and QH twice: fine
    error = game.refused("meld", 0, melds=[["QS", "KS", "AS"]])
    assert error.rules == ["K-2"] and error.violations[0].card == "QS"
    assert game.refused("discard", 0, card="QH").rules == ["K-2"]


def test_a_fifth_joker_is_refused():
    game = Game(opening="free")
    game.deal(0)
    game.meld(1, ["JK=2H", "3H", "4H"], ["JK=2D", "3D", "4D"], ["JK=2S", "3S", "4S"])
    game.discard(1, "JK")
    game.draw(0)
    assert game.refused("meld", 0, melds=[["JK=5C", "6C", "7C"]]).rules == ["K-2"]
