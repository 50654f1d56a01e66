"""The CSV of a group and of a table: it reads back through Python's csv module to the same figures."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

from tests.groups.sunday import Group

HEADER = ["table", "game", "date", "deal", "player", "points"]


def rows_of(response) -> list[dict]:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/csv"
    text = response.get_data().decode("utf-8")
    reader = csv.reader(io.StringIO(text, newline=""))
    assert next(reader) == HEADER
    return [dict(zip(HEADER, row, strict=True)) for row in reader]


def test_the_group_csv_has_a_row_per_player_per_deal_and_sums_to_the_standings(sunday):
    rows = rows_of(sunday.get("/export.csv"))
    assert len(rows) == 4 * 4 + 4 * 4 + 1 * 2  # two sessions of four deals at four seats, one round of two
    balance = defaultdict(int)
    for row in rows:
        if row["game"] == "continental":
            balance[row["player"]] += int(row["points"])
    standings = {r["player"]: r["balance"] for r in sunday.read()["standings"]["continental"]}
    assert dict(balance) == standings
    assert {r["player"] for r in rows} == {"Ana", "Ben", "Chloé", "Dan"}  # "ana" is written as the group's Ana
    rami = [r for r in rows if r["game"] == "rami"]
    assert {(r["player"], r["deal"], r["points"]) for r in rami} == {("Ana", "1", "170"), ("Ben", "1", "0")}
    assert all(len(r["date"]) == 10 and r["date"][4] == "-" for r in rows)


def test_the_table_csv_gives_each_deal_of_one_table_as_the_table_names_its_players(sunday, client):
    c2 = sunday.tables["C2"]
    rows = rows_of(client.get(f"/api/v1/tables/{c2.id}/export.csv"))
    assert [r["player"] for r in rows[:4]] == ["Dan", "Chloé", "Ben", "ana"]
    assert [int(r["points"]) for r in rows[:4]] == [33, -11, -11, -11]
    assert {r["table"] for r in rows} == {c2.id} and [r["deal"] for r in rows[::4]] == ["1", "2", "3", "4"]
    assert client.get("/api/v1/tables/nope/export.csv").status_code == 404


def test_the_csv_is_utf8_and_a_byte_order_mark_is_there_on_request(sunday):
    plain = sunday.get("/export.csv").get_data()
    assert "Chloé".encode() in plain and not plain.startswith(b"\xef\xbb\xbf")
    marked = sunday.get("/export.csv", bom="1").get_data()
    assert marked.startswith(b"\xef\xbb\xbf") and marked[3:] == plain


def test_a_name_that_a_spreadsheet_would_run_as_a_formula_is_written_as_text(client, tables):
    group = Group(client, "Club")
    table = group.table(tables, "rami", ["=1+1", "Ben"], tracking="results")
    table.enter("deal", dealer=0)
    table.enter("round", winner=1, hands={"0": ["KS"]})
    rows = rows_of(group.get("/export.csv"))
    assert rows[0]["player"] == "'=1+1" and rows[0]["points"] == "10"


def test_the_csv_needs_the_groups_token(client, sunday):
    assert client.get(f"/api/v1/groups/{sunday.id}/export.csv").status_code == 401


def test_a_csv_bom_other_than_0_or_1_is_a_400_naming_it(client, tables):
    table = tables.create("continental")
    assert client.get(f"/api/v1/tables/{table.id}/export.csv?bom=1").get_data(as_text=True).startswith("\ufeff")
    for query in ("bom=null", "bom=1&bom=1", "bom=yes"):
        answer = client.get(f"/api/v1/tables/{table.id}/export.csv?{query}")
        assert answer.status_code == 400 and "`bom` is 0 or 1" in answer.json["detail"], query
