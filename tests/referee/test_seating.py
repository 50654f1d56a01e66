"""A tournament's seating, pure: the tables' sizes, the draw avoiding pairs that met, swiss by standing."""

from __future__ import annotations

import random

from referee.seating import again, draw, met_pairs, table_sizes


def test_tables_seat_the_size_or_one_fewer_or_one_more_within_the_games_seats():
    assert table_sizes(12, 4, range(4, 6)) == [4, 4, 4]
    assert table_sizes(13, 4, range(2, 5)) == [4, 3, 3, 3]
    assert table_sizes(14, 5, range(4, 6)) == [5, 5, 4]
    assert table_sizes(9, 4, range(4, 6)) == [5, 4]  # 3 + 3 + 3 would be below continental's four: one more
    assert table_sizes(12, 6, range(4, 6)) is None  # a table of six is beyond the game
    assert table_sizes(7, 4, range(2, 5)) == [4, 3]


def test_a_draw_seats_everyone_once_and_avoids_every_pair_that_met():
    rng = random.Random(7)
    players = range(120)
    met: dict = {}
    for _ in range(3):
        tables = draw(players, [4] * 30, met, rng)
        assert sorted(p for t in tables for p in t) == list(players)
        assert again(tables, met) == 0
        for pair, times in met_pairs(tables).items():
            met[pair] = met.get(pair, 0) + times


def test_a_draw_that_cannot_avoid_meeting_again_meets_as_little_as_it_must():
    # 12 players at three tables of four: in round 2 the four of each first table spread over three tables, so
    # at least one pair of each meets again (three pairs in all), and no more.
    rng = random.Random(3)
    first = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    second = draw(range(12), [4, 4, 4], met_pairs(first), rng)
    assert again(second, met_pairs(first)) == 3


def test_a_swiss_draw_seats_close_standings_together_when_no_pair_met():
    ranking = [5, 3, 11, 0, 7, 9, 1, 2, 4, 6, 8, 10]
    tables = draw(range(12), [4, 4, 4], {}, random.Random(1), ranking)
    assert [sorted(t) for t in tables] == [sorted(ranking[0:4]), sorted(ranking[4:8]), sorted(ranking[8:12])]
