"""The group's rating: an Elo-like fold of its finished tables' rankings, pairwise (referee.stats.rating)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from referee.stats.group import Played
from referee.stats.rating import START, K, board, expected, fold
from referee.stats.table import Summary

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def played(n: int, game: str, seats: tuple[str, ...], scores: list[int], status: str = "finished",
           deals: int = 1) -> Played:
    summary = Summary(game, list(seats), "results", status=status, scores=scores)
    summary.deals = [object()] * deals  # only their count matters here
    return Played(f"t{n}", T0 + timedelta(hours=n), seats, summary)


def test_two_equal_players_move_by_half_of_k_and_the_changes_sum_to_zero():
    ratings = fold([played(1, "rami", ("a", "b"), [40, 120])])["ratings"]  # rami: the lower total is better
    assert ratings["a"] == pytest.approx(START + K / 2) and ratings["b"] == pytest.approx(START - K / 2)


def test_a_five_player_table_is_ten_comparisons_weighted_by_k_over_four():
    seats = ("a", "b", "c", "d", "e")
    ratings = fold([played(1, "continental", seats, [40, 10, 10, -20, -40])])["ratings"]  # balances: higher wins
    # a wins her 4 comparisons: 32/4 × 4 × (1 - 1/2); b and c tie (1/2 each), beat d and e, lose to a.
    assert ratings["a"] == pytest.approx(START + 16)
    assert ratings["b"] == pytest.approx(START + 8 * (0 + 0.5 + 1 + 1 - 2))
    assert ratings["b"] == ratings["c"]
    assert ratings["e"] == pytest.approx(START - 16)
    assert sum(ratings.values()) == pytest.approx(5 * START)


def test_later_tables_use_the_ratings_the_earlier_ones_left():
    first = played(1, "rami", ("a", "b"), [0, 100])
    second = played(2, "rami", ("a", "c"), [100, 0])  # a (1516) loses to c (1500): more than 16 lost
    ratings = fold([second, first])["ratings"]  # in the order the tables were made, whatever the order given
    lost = K * expected(START + 16, START)
    assert ratings["a"] == pytest.approx(START + 16 - lost)
    assert ratings["c"] == pytest.approx(START + lost)


def test_tables_still_playing_do_not_count_closed_ones_count_as_they_stand():
    playing = played(1, "rami", ("a", "b"), [0, 50], status="playing")
    closed = played(2, "rami", ("a", "b"), [0, 50], status="closed")
    empty = played(3, "rami", ("a", "b"), [0, 0], status="closed", deals=0)
    folded = fold([playing, closed, empty])
    assert folded["tables"] == ["t2"]
    assert folded["ratings"]["a"] == pytest.approx(START + 16)


def test_the_board_is_best_first_rounded_with_each_members_history():
    out = board([played(1, "rami", ("a", "b"), [0, 50]), played(2, "rami", ("b", "c"), [0, 50])],
                {"a": "Ana", "b": "Ben", "c": "Chloé"})
    assert [(r["player"], r["rating"], r["tables"]) for r in out["rows"]] == [
        ("Ana", 1516, 1), ("Ben", 1501, 2), ("Chloé", 1483, 1)]
    assert out["rows"][1]["history"] == [{"table": "t1", "rating": 1484}, {"table": "t2", "rating": 1501}]
    assert out["tables"] == ["t1", "t2"] and out["start"] == 1500
