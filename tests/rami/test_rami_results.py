"""Results tracking: deals and their `round` entries, scored by R-14 up to the ceiling (R-16)."""

from rami_log import Game

from referee.violations import Malformed

LOW = ["2D", "3D", "4D"]  # 9
TWENTY = ["KS", "QS"]  # 20


def scorekeeping(players=3, **options) -> Game:
    game = Game(players=players, tracking="results", **options)
    game.deal(0)
    return game


def test_a_results_table_waits_for_the_round_of_each_deal():
    game = scorekeeping()
    deal = game.deal_view
    assert deal["phase"] == "result" and deal["may"] == ["round"] and deal["stock"] is None
    assert deal["deadline"] is None and game.due(game.now.replace(year=2030)) == []


def test_a_round_scores_every_hand_but_the_winners():
    game = scorekeeping()
    result = game.add("round", winner=1, hands={"0": LOW, "2": ["JK", "AS"]})
    assert result == {"deal": 1, "winner": 1, "scores": {"0": 9, "1": 0, "2": 36}, "rules": ["R-13", "R-14"]}
    assert [p["score"] for p in game.view["players"]] == [9, 0, 36] and game.deal_view["phase"] == "deal"


def test_a_blocked_round_has_no_winner_and_scores_every_hand():
    game = scorekeeping()
    result = game.add("round", winner=None, hands={"0": LOW, "1": TWENTY, "2": ["AC"]})
    assert result["scores"] == {"0": 9, "1": 20, "2": 11} and result["rules"] == ["R-14", "R-15"]


def test_a_round_must_give_the_hand_of_every_player_but_the_winner():
    game = scorekeeping()
    assert game.refused("round", winner=1, hands={"0": LOW}).rules == ["R-14"]
    assert game.refused("round", winner=1, hands={"0": LOW, "1": LOW, "2": LOW}).rules == ["R-14"]
    assert game.refused("round", winner=None, hands={"0": LOW, "2": LOW}).rules == ["R-14"]
    assert game.refused("round", winner=1, hands={"0": [], "2": LOW}).rules == ["R-13"]


def test_the_hands_of_a_round_fit_in_the_deck():
    game = scorekeeping()
    error = game.refused("round", winner=1, hands={"0": ["7H", "7H"], "2": ["7H", "JK"]})
    assert error.rules == ["K-2"]


def test_a_round_needs_its_deal_and_well_formed_fields():
    game = Game(players=2, tracking="results")
    assert game.refused("round", winner=1, hands={"0": LOW}).rules == ["R-3"]
    game.deal(0)
    for data in ({"hands": {"0": LOW}}, {"winner": 3, "hands": {"0": LOW}}, {"winner": 1, "hands": ["2D"]},
                 {"winner": 1, "hands": {"seat0": LOW}}, {"winner": 1, "hands": {"0": "2D"}}):
        assert isinstance(game.refused("round", **data), Malformed)
    assert isinstance(game.refused("draw", 1, **{"from": "stock"}), Malformed)
    assert isinstance(game.refused("hand", 0, cards=LOW), Malformed)


def test_a_results_game_runs_to_the_ceiling_and_the_lowest_total_wins():
    game = scorekeeping(players=3, ceiling=100)
    game.add("round", winner=1, hands={"0": LOW, "2": ["JK", "JK", "KS"]})  # 9, 0, 60
    game.deal(1)
    game.add("round", winner=0, hands={"1": TWENTY, "2": ["QH", "QD"]})  # 9, 20, 80
    game.deal(2)
    assert game.refused("deal", dealer=0).rules == ["R-3"]
    result = game.add("round", winner=2, hands={"0": TWENTY, "1": ["AS", "9S"]})  # 29, 40, 80
    assert result["rules"] == ["R-13", "R-14"] and game.view["status"] == "playing"
    game.deal(0)
    result = game.add("round", winner=1, hands={"0": LOW, "2": ["JH", "QH"]})  # 38, 40, 100
    view = game.view
    assert result["rules"] == ["R-13", "R-14", "R-16"]
    assert [p["score"] for p in view["players"]] == [38, 40, 100]
    assert view["status"] == "finished" and view["winners"] == [0] and view["deal"]["phase"] == "over"
    assert [r["deal"] for r in view["results"]] == [1, 2, 3, 4]
    assert game.refused("deal", dealer=1).rules == ["R-16"]
