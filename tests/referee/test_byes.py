"""Byes, pure: tables of the size ± 1 within the game's seats, whoever is left over sits out in turn, and a bye
neither helps nor hurts her standing (README, "Byes"; RULES, "Tournament byes")."""

from __future__ import annotations

import random

import pytest

from referee.evening import next_round
from referee.seating import byes, seated_sizes, table_sizes
from referee.stats.tournament import standings

CONTINENTAL, RAMI = range(4, 6), range(2, 5)


def test_thirteen_at_continental_sit_at_tables_of_four_and_one_of_five_with_no_bye():
    assert table_sizes(13, 4, CONTINENTAL) == [5, 4, 4]  # refused before: 4 + 3 + 3 + 3 is below four
    assert seated_sizes(13, 4, CONTINENTAL) == [5, 4, 4]
    assert table_sizes(9, 4, CONTINENTAL) == [5, 4]


def test_seven_at_continental_seat_one_table_of_five_and_two_byes():
    assert table_sizes(7, 4, CONTINENTAL) is None
    assert seated_sizes(7, 4, CONTINENTAL) == [5]
    assert seated_sizes(11, 4, CONTINENTAL) == [5, 5]  # one bye
    assert seated_sizes(6, 5, CONTINENTAL) == [5]


def test_five_at_rami_tables_of_four_give_one_bye_and_tables_of_three_none():
    assert seated_sizes(5, 4, RAMI) == [4]
    assert seated_sizes(5, 3, RAMI) == [3, 2]


def test_fewer_players_than_one_table_seats_nobody():
    assert seated_sizes(3, 4, CONTINENTAL) is None
    assert seated_sizes(12, 6, CONTINENTAL) is None  # a table of six is beyond the game


def test_the_size_or_one_fewer_comes_before_one_more():
    assert table_sizes(13, 4, RAMI) == [4, 3, 3, 3]
    assert table_sizes(14, 5, CONTINENTAL) == [5, 5, 4]


@pytest.mark.parametrize("count,size,seats", [(7, 4, CONTINENTAL), (11, 4, CONTINENTAL), (5, 4, RAMI),
                                              (6, 4, CONTINENTAL), (7, 5, CONTINENTAL)])
def test_nobody_gets_a_second_bye_before_everyone_had_one(count, size, seats):
    sizes = seated_sizes(count, size, seats)
    out = count - sum(sizes)
    assert out > 0
    rng = random.Random(f"{count}/{size}")
    had: dict[int, int] = {}
    for _ in range(3 * count):
        chosen = byes(range(count), out, had, rng)
        assert len(chosen) == out == len(set(chosen))
        for p in chosen:
            had[p] = had.get(p, 0) + 1
        assert max(had.values()) - min(had.get(p, 0) for p in range(count)) <= 1


def test_a_late_arrival_with_no_bye_yet_is_among_the_next_to_sit_out():
    assert {6, 7} <= set(byes(range(8), 3, {0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 0, 7: 0}, random.Random(1)))


def test_an_evening_of_seven_at_continental_seats_five_each_round_and_rotates_the_byes():
    rng = random.Random(5)
    played, had = [], {}
    for _ in range(7):
        out = byes(range(7), 2, had, rng)
        seated = [p for p in range(7) if p not in out]
        tables = next_round(seated, [5], played, 7, "seven")
        assert sorted(p for t in tables for p in t) == seated
        played.append(tables)
        for p in out:
            had[p] = had.get(p, 0) + 1
    assert sorted(had.values()) == [2, 2, 2, 2, 2, 2, 2]


def test_a_bye_neither_helps_nor_hurts_her_standing():
    # Ana plays two tables (+30, +10) and sits out a third round; Ben plays all three at the same average.
    tables = [(["Ana", "Cy"], [30, -30]), (["Ana", "Cy"], [10, -10]),
              (["Ben", "Dee"], [30, -30]), (["Ben", "Dee"], [10, -10]), (["Ben", "Dee"], [20, -20])]
    rows = {r["player"]: r for r in standings(["Ana", "Ben", "Cy", "Dee"], tables, "balance", {"Ana": 1})}
    assert rows["Ana"]["score"] == rows["Ben"]["score"] == 60  # her average table, 20, for the round she sat out
    assert (rows["Ana"]["tables"], rows["Ana"]["byes"]) == (2, 1)
    assert rows["Ana"]["rank"] == rows["Ben"]["rank"]
    # At a penalty game (lowest total first) the bye does not spare her a round's points either.
    rami = [(["Ana", "Cy"], [40, 90]), (["Ben", "Dee"], [40, 90]), (["Ben", "Dee"], [40, 90])]
    rows = {r["player"]: r for r in standings(["Ana", "Ben", "Cy", "Dee"], rami, "penalty", {"Ana": 1})}
    assert rows["Ana"]["score"] == rows["Ben"]["score"] == 80


def test_a_bye_before_her_first_table_counts_nothing_and_rounds_halves_away_from_zero():
    rows = {r["player"]: r for r in standings(["Ana", "Ben"], [], "balance", {"Ana": 1})}
    assert rows["Ana"]["score"] == 0 and rows["Ana"]["byes"] == 1
    rows = {r["player"]: r for r in standings(["Ana", "Ben"], [(["Ana", "Ben"], [-7, 7]), (["Ana", "Ben"], [0, 0])],
                                              "balance", {"Ana": 1})}
    assert rows["Ana"]["score"] == -11  # -7 × 3 / 2 = -10.5
