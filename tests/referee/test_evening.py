"""An evening's seating planned whole: no pair meets twice whenever a plan allows it, rounds drawn one by one fail."""

from __future__ import annotations

import random

import pytest

from referee.evening import drawn_alone, next_round, plan, repeats
from referee.seating import again, met_pairs, table_sizes


def evening(count: int, size: int, rounds: int, seed: str, seat=next_round):
    sizes = table_sizes(count, size, range(2, 6))
    played: list = []
    for _ in range(rounds):
        tables = seat(range(count), sizes, played, rounds, seed)
        assert sorted(p for t in tables for p in t) == list(range(count))
        assert sorted(len(t) for t in tables) == sorted(sizes)
        played.append(tables)
    return played


@pytest.mark.parametrize("seed", [f"club-{n}" for n in range(8)])
def test_sixteen_players_at_tables_of_four_meet_nobody_twice_over_five_rounds(seed):
    assert repeats(evening(16, 4, 5, seed)) == 0


def test_rounds_drawn_one_by_one_repeat_pairs_where_the_planned_evening_does_not():
    seeds = [f"club-{n}" for n in range(8)]
    assert sum(repeats(evening(16, 4, 5, seed, drawn_alone)) for seed in seeds) > 0
    assert sum(repeats(evening(16, 4, 5, seed)) for seed in seeds) == 0


@pytest.mark.parametrize("count, size, rounds", [(40, 4, 5), (20, 4, 5), (13, 4, 4), (36, 4, 8), (9, 3, 4)])
def test_larger_and_uneven_evenings_meet_nobody_twice(count, size, rounds):
    assert repeats(evening(count, size, rounds, "friday")) == 0


def test_the_same_evening_is_planned_the_same_way_for_the_same_seed():
    assert evening(16, 4, 5, "same") == evening(16, 4, 5, "same")
    assert evening(16, 4, 5, "same") != evening(16, 4, 5, "other")


def test_an_evening_that_leaves_its_plan_is_planned_again_around_the_rounds_played():
    # Round 1 was not the plan's (a swap at the console, say): the four rounds left still meet nobody twice.
    first = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    played = [first]
    for _ in range(4):
        played.append(next_round(range(16), [4, 4, 4, 4], played, 5, "left"))
    assert repeats(played) == 0


def test_rounds_played_that_repeat_pairs_still_get_their_next_round_with_no_repeat_of_its_own():
    # The director seated round 2 as round 1 (the console lets her): every pair of it met twice, which no plan of
    # the rounds to come can undo. The search once kept looking for a plan without repeats, forever, once the
    # rounds to come had none; now the next rounds come, and add no repeat to those played.
    first = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    played = [first, [list(table) for table in first]]
    for _ in range(3):
        played.append(next_round(range(16), [4, 4, 4, 4], played, 5, "again"))
    assert repeats(played) == repeats(played[:2]) == 24


def test_when_no_plan_avoids_every_repeat_it_meets_fewer_than_rounds_drawn_one_by_one():
    # 12 players at three tables of four over three rounds: each meets 9 of 11, yet no plan avoids all repeats.
    planned = plan(range(12), [4, 4, 4], {}, 3, random.Random(1))
    one_by_one = evening(12, 4, 3, "twelve", drawn_alone)
    assert 0 < repeats(planned) < repeats(one_by_one)


def test_a_plan_counts_the_pairs_that_met_before_it():
    met = met_pairs([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]])
    rounds = plan(range(16), [4, 4, 4, 4], met, 4, random.Random(5))
    assert all(again(tables, met) == 0 for tables in rounds)
    assert repeats(rounds) == 0


def test_an_evening_longer_than_any_plan_without_repeats_is_drawn_a_round_at_a_time():
    # 8 players at two tables of four over 20 rounds: each would meet 60 others, there are 7; no plan helps, and
    # each round is drawn as the round-by-round draw would (the console's rounds stay quick).
    played = evening(8, 4, 20, "long")
    assert repeats(played) == repeats(evening(8, 4, 20, "long", drawn_alone))
