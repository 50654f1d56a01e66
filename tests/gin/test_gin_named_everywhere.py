"""`"game": "gin"` wherever the API names a game (API.md): a club night's refusal of tables a two-player game never
has (its evening is tests/gin/test_gin_evening.py), a table's export brought back by an import, the group's tables,
rulings and CSVs, and a member's copy. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (the `client`
fixture's database)."""

from __future__ import annotations

import csv
import io

from tests.groups.sunday import Group
from tests.tournaments.evening import Evening

FIVE = ["Ana", "Ben", "Chloé", "Dan", "Eve"]


def _play(table, hands) -> None:
    """A scorekeeping Gin table played to its end: each hand (knocker, deadwood, other's deadwood)."""
    dealer = 0
    for knocker, deadwood, other in hands:
        table.enter("deal", dealer=dealer)
        table.enter("knock", knocker, deadwood=deadwood, gin=deadwood == 0)
        dealer = table.enter("show", 1 - knocker, deadwood=other)["verdict"]["winner"]


def test_a_gin_club_night_refuses_tables_of_more_than_two_in_the_words_of_a_two_player_game(client):
    group = Group(client, "Café")
    body = {"name": "Café", "game": "gin", "tracking": "results", "players": FIVE, "rounds": 1, "table_size": 3}
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", json=body, headers=group.headers)
    assert answer.status_code == 422, answer.get_data(as_text=True)
    assert answer.json["detail"] == "5 players cannot sit at tables of 3: this game is played by exactly 2 players"


def test_a_gin_table_s_export_is_imported_as_the_same_game(client, tables):
    table = tables.create("gin", tracking="results")
    _play(table, [(0, 3, 20), (1, 0, 25), (0, 0, 30), (0, 0, 30)])
    exported = client.get(f"/api/v1/tables/{table.id}/export")
    assert exported.status_code == 200
    imported = client.post("/api/v1/tables/import", data=exported.get_data(), content_type="application/x-ndjson")
    assert imported.status_code == 201, imported.get_data(as_text=True)
    assert imported.json["verified"] is True
    again = tables.attach(imported.json).state()
    before = table.state()
    assert again["game"] == "gin" and again["target"] == 100
    for field in ("status", "winners", "players", "results"):
        assert again[field] == before[field], field


def test_a_group_names_its_gin_tables_rulings_csv_and_copies_gin(client, tables):
    evening = Evening(client, tables, players=["Ana", "Ben"], game="gin", table_size=2, rounds=1)
    evening.start()
    (table,) = evening.rounds[0]
    table.enter("adjust", scores={"0": -10}, reason="slow play")
    _play(table, [(0, 0, 30), (0, 0, 30)])
    group = evening.group.read()
    assert [t["game"] for t in group["tables"]] == ["gin"]
    assert [r["game"] for r in group["rulings"]] == ["gin"]
    rows = list(csv.DictReader(io.StringIO(evening.group.get("/export.csv").get_data(as_text=True))))
    assert rows and {r["game"] for r in rows} == {"gin"}
    member = evening.group.member("Ana")
    copy = evening.group.get(f"/players/{member}/copy").json
    assert [t["game"] for t in copy["tables"]] == ["gin"] and "gin" in copy["figures"]
    table_rows = list(csv.DictReader(io.StringIO(client.get(f"/api/v1/tables/{table.id}/export.csv")
                                                  .get_data(as_text=True))))
    assert {r["game"] for r in table_rows} == {"gin"}
