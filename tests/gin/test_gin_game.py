"""G-11: the first to 100 wins the game, scores 100 more and 25 a hand won; a shutout is doubled."""

import pytest

from referee.gin.tally import Hand, tally
from referee.violations import Refusal


def test_a_game_under_100_has_no_winner_and_no_bonus_yet():
    game = tally([Hand(0, 30), Hand(1, 25), Hand(None)])
    assert game.winner is None and game.totals == (30, 25) and game.bonuses == (0, 0) and game.result == 0


def test_the_first_to_100_wins_and_scores_100_more_and_25_a_hand_won():
    game = tally([Hand(0, 60), Hand(1, 33), Hand(0, 45)])
    assert game.winner == 0 and game.points == (105, 33) and game.won == (2, 1)
    assert game.totals == (105 + 100 + 2 * 25, 33 + 25) and not game.shutout
    assert game.result == 255 - 58


def test_a_loser_who_won_no_hand_is_shut_out_and_the_winner_s_total_is_doubled():
    game = tally([Hand(1, 40), Hand(None), Hand(1, 70)])
    assert game.winner == 1 and game.shutout
    assert game.totals == (0, (110 + 100 + 2 * 25) * 2) and game.result == 520


def test_a_void_hand_scores_nothing_and_wins_nothing():
    assert tally([Hand(None), Hand(None)]).won == (0, 0)


def test_no_hand_is_scored_after_the_game_is_won():
    with pytest.raises(Refusal) as refused:
        tally([Hand(0, 101), Hand(1, 20)])
    assert refused.value.rules == ["G-11"] and "after hand 1" in str(refused.value)
