"""A random club night is planned whole: 16 players at tables of 4 over 5 rounds never meet a pair twice."""

from __future__ import annotations

import pytest

from tests.tournaments.evening import Evening

SIXTEEN = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana", "Ivo", "Jun", "Kim", "Léa", "Max", "Noé",
           "Oli", "Pia"]


def pairs_met(evening: Evening) -> list[tuple[str, str]]:
    met = []
    for table in evening.read()["tables"]:
        players = sorted(table["players"])
        met += [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
    return met


@pytest.mark.parametrize("attempt", range(3))
def test_five_rounds_of_sixteen_at_tables_of_four_meet_no_pair_twice(client, tables, attempt):
    evening = Evening(client, tables, players=SIXTEEN, rounds=5)
    evening.start()
    for _ in range(4):
        evening.start(close=True)
    met = pairs_met(evening)
    assert len(evening.read()["tables"]) == 20
    assert len(met) == len(set(met)) == 5 * 4 * 6  # 120 pairs, each once: every pair of the 16 exactly once


def test_a_swiss_evening_still_seats_every_player_each_round(client, tables):
    evening = Evening(client, tables, players=SIXTEEN, rounds=3, seating="swiss")
    evening.start()
    evening.start(close=True)
    seated = [p for t in evening.read()["tables"] if t["round"] == 2 for p in t["players"]]
    assert sorted(seated) == sorted(SIXTEEN)
