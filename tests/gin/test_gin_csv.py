"""A Gin game's CSVs, the group's and the table's: each hand's points in its own row, the game's bonuses (G-11) in
rows of their own after its last hand, a ruling in its place; every player's rows add up to her total. A member's
"points won by a hand" averages her hands, not the game's bonuses."""

from __future__ import annotations

import csv
import io

from tests.groups.sunday import Group


def _rows(text: str) -> list[tuple[str, str, int]]:
    return [(r["deal"], r["player"], int(r["points"])) for r in csv.DictReader(io.StringIO(text))]


def test_a_gin_game_s_csv_gives_each_hand_then_the_bonuses_and_adds_up(client, tables):
    group = Group(client, "Café")
    table = group.table(tables, "gin", ["Ana", "Ben"], tracking="results")
    dealer = 0
    for knocker, deadwood, other in [(1, 2, 12), (0, 0, 60)]:
        table.enter("deal", dealer=dealer)
        table.enter("knock", knocker, deadwood=deadwood, gin=deadwood == 0)
        dealer = table.enter("show", 1 - knocker, deadwood=other)["verdict"]["winner"]
    table.enter("adjust", scores={"1": 5}, reason="slow play")
    table.enter("deal", dealer=dealer)
    table.enter("knock", 0, deadwood=0, gin=True)
    table.enter("show", 1, deadwood=30)
    assert [p["score"] for p in table.state()["players"]] == [290, 40]  # 85 + 55 + 100 + 2 × 25; 10 + 5 + 25
    expected = [("1", "Ana", 0), ("1", "Ben", 10), ("2", "Ana", 85), ("2", "Ben", 0),
                ("E-5: slow play", "Ben", 5), ("3", "Ana", 55), ("3", "Ben", 0), ("G-11", "Ana", 150),
                ("G-11", "Ben", 25)]
    assert _rows(client.get(f"/api/v1/tables/{table.id}/export.csv").get_data(as_text=True)) == expected
    assert _rows(group.get("/export.csv").get_data(as_text=True)) == expected
    for name, total in (("Ana", 290), ("Ben", 40)):
        assert sum(points for _, who, points in expected if who == name) == total
    figures = group.player("Ana")["gin"]
    assert figures["points_won"]["count"] == 2 and figures["points_won"]["average"] == 70  # (85 + 55) / 2
