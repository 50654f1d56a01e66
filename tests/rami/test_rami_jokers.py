"""R-10, R-12: retrieving a joker with the exact card it stands for, and laying it down again."""

from rami_log import Game

from referee.log import replay
from referee.rami import table as rami


def joker_on_the_table() -> Game:
    """Seat 1 opened with JK=JH; seat 0 has taken a card and opened too."""
    game = Game()
    game.deal(0)
    game.meld(1, ["10H", "JK=JH", "QH"], ["7C", "7D", "7S"])
    game.discard(1, "4C")
    game.draw(0)
    return game


def test_a_joker_is_not_retrieved_before_opening():
    game = joker_on_the_table()
    assert game.refused("retrieve_joker", 0, meld=31, card="JH").rules == ["R-10"]


def test_a_joker_is_retrieved_only_with_the_exact_card_it_stands_for():
    game = joker_on_the_table()
    game.meld(0, ["QS", "KS", "AS"], ["10D", "JD", "QD"])
    assert game.refused("retrieve_joker", 0, meld=31, card="JD").rules == ["R-12"]
    assert game.refused("retrieve_joker", 0, meld=32, card="7H").rules == ["R-12"]  # no joker there


def test_a_retrieved_joker_goes_to_the_hand_and_must_be_laid_again_before_the_discard():
    game = joker_on_the_table()
    game.meld(0, ["QS", "KS", "AS"], ["10D", "JD", "QD"])
    game.retrieve(0, 31, "JH")
    deal = game.deal_view
    assert deal["melds"][0]["cards"] == ["10H", "JH", "QH"]
    assert deal["known"]["0"] == ["JK"] and deal["hand_sizes"]["0"] == 15 - 6
    assert game.refused("discard", 0, card="5C").rules == ["R-12"]
    game.lay_off(0, 32, "JK=7H")
    assert game.deal_view["known"]["0"] == []
    game.discard(0, "5C")
    assert game.deal_view["turn"] == 1


def test_a_retrieved_joker_may_go_into_a_new_meld():
    game = joker_on_the_table()
    game.meld(0, ["QS", "KS", "AS"], ["10D", "JD", "QD"])
    game.retrieve(0, 31, "JH")
    game.meld(0, ["JK=4S", "5S", "6S"])
    game.discard(0, "5C")
    assert game.deal_view["melds"][-1] == {"id": 81, "owner": 0, "kind": "run", "cards": ["JK=4S", "5S", "6S"]}


def test_a_joker_retrieval_replays_to_the_same_table():
    game = joker_on_the_table()
    game.meld(0, ["QS", "KS", "AS"], ["10D", "JD", "QD"])
    game.retrieve(0, 31, "JH")
    game.lay_off(0, 62, "JK=9D")
    game.discard(0, "5C")
    assert rami.view(replay(game.entries).state) == game.view
    assert game.view["deal"]["melds"][3]["cards"] == ["JK=9D", "10D", "JD", "QD"]
    assert game.view["deal"]["melds"][0]["cards"] == ["10H", "JH", "QH"]


def test_the_joker_laid_again_must_keep_its_new_meld_valid():
    game = joker_on_the_table()
    game.meld(0, ["QS", "KS", "AS"], ["10D", "JD", "QD"])
    game.retrieve(0, 31, "JH")
    assert "R-11" in game.refused("lay_off", 0, meld=62, cards=["JK=8D"]).rules
