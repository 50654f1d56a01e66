"""E-5 through the JSON API (both databases): the host's ruling counts in the scores, the CSV and the group."""

from __future__ import annotations

import csv
import io

from tests.groups.sunday import Group


def _deal_won(table, dealer: int, winner: int) -> None:
    table.enter("deal", dealer=dealer)
    table.enter("exit", winner, counts={"twos": 0, "jokers": 0}, timing="later")


def test_the_host_rules_and_the_table_counts_it(client, tables):
    table = tables.create("continental", tracking="results")
    _deal_won(table, 0, 1)
    answer = table.enter("adjust", scores={"0": -5, "3": 2}, reason="talked about the hands")
    assert answer["verdict"] is None
    state = table.state()
    assert [p["score"] for p in state["players"]] == [-11 - 5, 33, -11, -11 + 2]
    assert state["adjustments"][0]["reason"] == "talked about the hands"
    assert state["adjustments"][0]["scores"] == {"0": -5, "3": 2}


def test_a_seat_cannot_rule_and_a_bad_ruling_is_a_400(client, tables):
    table = tables.create("rami", tracking="results")
    refused = table.enter("adjust", scores={"0": 5}, reason="r", as_seat=1, expect=403)
    assert "host" in refused["detail"]
    refused = table.enter("adjust", scores={"0": 5}, expect=400)
    assert "reason" in refused["detail"]
    refused = table.enter("adjust", scores={"7": 5}, reason="r", expect=400)
    assert "scores" in refused["detail"]
    assert table.state()["adjustments"] == []


def test_the_host_voids_a_ruling_and_a_seat_cannot(client, tables):
    table = tables.create("rami", tracking="results")
    seq = table.enter("adjust", scores={"1": 30}, reason="late")["entry"]["seq"]
    table.enter("void", target=seq, as_seat=1, expect=403)
    table.enter("void", target=seq)
    assert [p["score"] for p in table.state()["players"]] == [0, 0]


def test_the_csv_has_a_row_per_seat_ruled_and_the_points_add_up(client, tables):
    table = tables.create("continental", tracking="results")
    _deal_won(table, 0, 1)
    table.enter("adjust", scores={"2": -7}, reason="=SUM(A1)")
    rows = list(csv.reader(io.StringIO(client.get(f"/api/v1/tables/{table.id}/export.csv").get_data(as_text=True))))
    ruled = [r for r in rows if r[3].startswith("E-5")]
    assert ruled == [[table.id, "continental", ruled[0][2], "E-5: =SUM(A1)", "Chloé", "-7"]]
    totals = {}
    for row in rows[1:]:
        totals[row[4]] = totals.get(row[4], 0) + int(row[5])
    assert totals == {p["name"]: p["score"] for p in table.state()["players"]}


def test_the_group_standings_count_a_ruling_and_name_it(client, tables):
    group = Group(client, "Friday")
    table = group.table(tables, "rami", ["Ana", "Ben"], tracking="results")
    table.enter("deal", dealer=0)
    table.enter("round", winner=0, points={"1": 60})
    table.enter("adjust", scores={"1": -30, "0": 50}, reason="Ana looked at the stock")
    table.enter("deal", dealer=1)
    table.enter("round", winner=1, points={"0": 55})  # Ana 50 + 55 = 105: the ceiling; Ben 30
    read = group.read()
    rows = {r["player"]: r for r in read["standings"]["rami"]}
    state = table.state()
    assert state["status"] == "finished"
    assert rows["Ben"]["won"] == 1 and rows["Ana"]["won"] == 0
    assert rows["Ana"]["average_total"] == 105.0 and rows["Ben"]["average_total"] == 30.0
    assert read["rulings"] == [{"table": table.id, "game": "rami", "seq": 4, "reason": "Ana looked at the stock",
                                "scores": [{"player": "Ana", "member": group.member("Ana"), "points": 50},
                                           {"player": "Ben", "member": group.member("Ben"), "points": -30}]}]
    csv_text = client.get(f"/api/v1/groups/{group.id}/export.csv", headers=group.headers).get_data(as_text=True)
    assert "E-5: Ana looked at the stock" in csv_text
