"""R-13..R-16: going out, the hands left, the blocked round, the game's end at the ceiling."""

from itertools import cycle

from rami_log import Game

from referee.cards import full_deck

LOW_HAND = ["2D", "2D", "2H", "2H", "2S", "2S", "3C", "3C", "3D", "3D", "4C", "4C", "4D", "4D"]  # 40
HEAVY_HAND = ["JK", "JK", "KS", "KS", "KD", "KD", "KC", "KC", "QS", "QS", "QD", "QD", "QC", "QC"]  # 170


def won_by_the_starter(players: int = 2, dealer: int = 0, **options) -> Game:
    game = Game(players=players, **options)
    game.deal(dealer)
    game.go_out_on_first_turn((dealer + 1) % players)
    return game


def test_discarding_the_last_card_wins_the_round_and_the_others_owe_their_hands():
    game = Game(players=3)
    game.deal(0)
    game.meld(1, ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"], ["7C", "7D", "7S"])
    verdict = game.discard(1, "2C")
    deal = game.deal_view
    assert verdict == {"winner": 1, "rules": ["R-13"]}
    assert deal["phase"] == "hands" and deal["winner"] == 1 and deal["awaiting"] == [0, 2] and deal["may"] == ["hand"]
    assert deal["hand_sizes"]["1"] == 0 and deal["deadline"] is None
    assert game.refused("draw", 2, **{"from": "stock"}).rules == ["R-4"]


def test_each_hand_is_scored_when_the_last_one_is_entered():
    game = won_by_the_starter(players=3, ceiling=200)
    assert game.hand(0, LOW_HAND) is None
    assert game.view["players"][0]["score"] == 0  # not scored until every hand is in
    result = game.hand(2, ["AS", "JK", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "KH", "QH", "JH", "AC"])
    assert result == {"deal": 1, "winner": 1, "scores": {"0": 40, "1": 0, "2": 11 + 25 + 10 + 42 + 30 + 11},
                      "rules": ["R-13", "R-14"]}
    assert [p["score"] for p in game.view["players"]] == [40, 0, 129]
    assert game.view["results"] == [result] and game.deal_view["phase"] == "deal" and game.deal_view["may"] == ["deal"]


def test_a_hand_with_another_count_than_the_referee_knows_is_refused():
    game = won_by_the_starter()
    error = game.refused("hand", 0, cards=LOW_HAND[:13])
    assert error.rules == ["R-14"] and "14" in str(error)


def test_the_winner_enters_no_hand_and_no_hand_is_entered_twice():
    game = won_by_the_starter(players=3)
    assert game.refused("hand", 1, cards=["2C"]).rules == ["R-14"]
    game.hand(0, LOW_HAND)
    assert game.refused("hand", 0, cards=LOW_HAND).rules == ["R-14"]


def test_a_hand_with_a_card_the_table_cannot_have_is_refused():
    game = won_by_the_starter()  # 7C 7D 7S and 3H..KH are on the table, 2C on the pile
    hand = ["7C", "7C", *LOW_HAND[2:]]
    error = game.refused("hand", 0, cards=hand)
    assert error.rules == ["K-2"] and error.violations[0].card == "7C"


def test_hands_are_not_entered_while_the_round_is_played():
    game = Game()
    game.deal(0)
    assert game.refused("hand", 0, cards=LOW_HAND).rules == ["R-14"]


def test_the_lowest_total_wins_once_a_round_ends_at_or_over_the_ceiling():
    game = won_by_the_starter()
    result = game.hand(0, ["JK", "JK", "JK", "JK", *LOW_HAND[:10]])  # 100 + 24
    assert result["rules"] == ["R-13", "R-14", "R-16"]
    view = game.view
    assert view["status"] == "finished" and view["winners"] == [1] and view["deal"]["phase"] == "over"
    assert view["deal"]["may"] == []
    assert game.refused("deal", dealer=1).rules == ["R-16"]


def test_players_tied_for_the_lowest_total_all_win():
    game = won_by_the_starter(players=3, dealer=1, ceiling=200)  # seat 2 goes out
    game.hand(0, LOW_HAND)
    game.hand(1, HEAVY_HAND)
    assert game.view["status"] == "playing" and [p["score"] for p in game.view["players"]] == [40, 170, 0]
    game.deal(2)
    game.go_out_on_first_turn(0)
    game.hand(1, HEAVY_HAND)
    game.hand(2, LOW_HAND)
    view = game.view
    assert [p["score"] for p in view["players"]] == [40, 340, 40]
    assert view["status"] == "finished" and view["winners"] == [0, 2]


def play_stock_turns(game: Game, until) -> None:
    """Take from the stock and discard, turn after turn, until `until(game)`; discards fit the deck."""
    discards = cycle(c.text for c in full_deck(jokers=4) if not c.is_joker)
    while not until(game):
        seat = game.deal_view["turn"]
        if game.deal_view["phase"] == "take":
            game.draw(seat)
            if game.deal_view["phase"] == "hands":
                return
        game.discard(seat, next(discards))


def test_an_empty_stock_is_refilled_from_the_pile_but_its_top():
    game = Game()
    game.deal(0)
    play_stock_turns(game, lambda g: g.deal_view["stock"] == 0 and g.deal_view["phase"] == "take")
    pile = game.deal_view["discard_count"]
    top = game.deal_view["discard_top"]
    assert pile == 80 and game.deal_view["reshuffles"] == 0
    game.draw(game.deal_view["turn"])
    deal = game.deal_view
    assert deal["reshuffles"] == 1 and deal["stock"] == pile - 2 and deal["discard_count"] == 1
    assert deal["discard_top"] == top


def test_a_fourth_reshuffle_blocks_the_round_and_everyone_adds_their_hand():
    game = Game(step=1, turn_seconds=None, ceiling=300)
    game.deal(0)
    play_stock_turns(game, lambda g: g.deal_view["phase"] == "hands")
    deal = game.deal_view
    assert deal["reshuffles"] == 3 and deal["blocked"] and deal["winner"] is None
    assert deal["awaiting"] == [0, 1] and deal["hand_sizes"] == {"0": 14, "1": 14}
    assert game.entries[-1].type == "draw"  # the draw that found the stock empty a fourth time
    # The pile holds 80 cards: these 28 are all the table has not seen.
    game.hand(0, ["2D", "2H", "3D", "3H", "4D", "5D", "6C", "6D", "7C", "7D", "8C", "8D", "9C", "9D"])
    result = game.hand(1, ["10C", "10D", "AD", "AH", "JC", "JD", "JK", "JK", "JK", "JK", "KC", "KD", "QC", "QD"])
    assert result == {"deal": 1, "winner": None, "scores": {"0": 79, "1": 20 + 22 + 20 + 100 + 40},
                      "rules": ["R-14", "R-15"]}
    assert game.deal_view["phase"] == "deal"


def test_with_nothing_to_recycle_a_stock_draw_blocks_the_round():
    game = Game()
    game.deal(0)
    game.discard(1, "9S")
    game.state.deal.stock = 0  # as if every stock card were drawn and the pile taken card by card
    verdict = game.draw(0, "stock")
    assert verdict == {"blocked": True, "rules": ["R-15"]}
    assert game.deal_view["phase"] == "hands" and game.deal_view["reshuffles"] == 0
