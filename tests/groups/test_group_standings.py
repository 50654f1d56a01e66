"""A group's tables and standings, as a person adds them up from the entries (see conftest.py)."""

from __future__ import annotations

from datetime import UTC

from tests.groups.sunday import FIVE, Group


def by_player(rows: list[dict]) -> dict[str, dict]:
    return {row["player"]: row for row in rows}


def test_the_group_lists_its_three_tables_newest_first_with_game_status_and_winners_by_name(sunday):
    listed = sunday.read()["tables"]
    assert [t["id"] for t in listed] == [sunday.tables[k].id for k in ("R", "C2", "C")]
    assert [t["game"] for t in listed] == ["rami", "continental", "continental"]
    assert all(t["status"] == "finished" for t in listed)
    assert listed[0]["winners"] == ["Ben"]
    assert listed[1]["winners"] == ["Dan", "Chloé", "Ana"]  # "ana" at that table is Ana of the group
    assert listed[2]["winners"] == ["Dan"]


def test_continental_standings_sum_the_session_balances_and_count_the_sessions_won(sunday):
    rows = sunday.read()["standings"]["continental"]
    assert [r["player"] for r in rows] == ["Dan", "Ana", "Ben", "Chloé"]  # best balance first
    table = by_player(rows)
    assert {name: (r["sessions"], r["won"], r["balance"]) for name, r in table.items()} == {
        "Ana": (2, 1, -6 + 11), "Ben": (2, 0, 22 - 33), "Chloé": (2, 1, -50 + 11), "Dan": (2, 2, 34 + 11)}
    balances = [p["score"] for p in sunday.tables["C"].state()["players"]]
    assert balances == [-6, 22, -50, 34]


def test_rami_standings_count_games_won_the_average_final_total_and_rounds_won(sunday):
    table = by_player(sunday.read()["standings"]["rami"])
    assert (table["Ben"]["games"], table["Ben"]["won"], table["Ben"]["average_total"], table["Ben"]["rounds_won"]) \
        == (1, 1, 0, 1)
    assert (table["Ana"]["games"], table["Ana"]["won"], table["Ana"]["average_total"], table["Ana"]["rounds_won"]) \
        == (1, 0, 170, 0)


def test_a_seat_order_change_or_a_name_typed_in_lower_case_keeps_one_player(sunday):
    members = sunday.read()["members"]
    assert sorted(m["name"] for m in members) == ["Ana", "Ben", "Chloé", "Dan"]


def test_a_table_still_playing_is_listed_but_counts_in_no_standings(sunday, tables):
    playing = sunday.table(tables, "continental", ["Ana", "Ben", "Chloé", "Eve"], tracking="results")
    playing.enter("deal", dealer=0)
    playing.enter("exit", 3, runs=FIVE)
    read = sunday.read()
    assert read["tables"][0]["id"] == playing.id and read["tables"][0]["status"] == "playing"
    assert "Eve" not in by_player(read["standings"]["continental"])
    assert by_player(read["standings"]["continental"])["Ana"]["balance"] == 5


def test_a_renamed_player_keeps_her_history_and_her_old_name_still_finds_her(sunday, tables):
    ana = sunday.member("Ana")
    answer = sunday.client.patch(f"/api/v1/groups/{sunday.id}/players/{ana}", json={"name": "Ana María"},
                                 headers=sunday.headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert by_player(sunday.read()["standings"]["continental"])["Ana María"]["sessions"] == 2
    created = sunday.table(tables, "rami", ["Ben", "ANA"])
    assert created.created["members"] == [sunday.member("Ben"), ana]
    taken = sunday.client.patch(f"/api/v1/groups/{sunday.id}/players/{ana}", json={"name": "ben"},
                                headers=sunday.headers)
    assert taken.status_code == 409


def test_the_period_filter_keeps_the_tables_created_since_the_start_of_the_month_or_year(sunday):
    for period in ("month", "year", "all"):
        assert len(sunday.read(period=period)["tables"]) == 3  # all three were created today
    bad = sunday.get(expect=400, period="week")
    assert "period" in bad.json["detail"]


def test_the_period_starts_at_the_first_of_the_month_and_of_the_year():
    from datetime import datetime

    from api.application.group_service import start

    now = datetime(2026, 12, 1, 8, 30, tzinfo=UTC)
    assert start("month", now) == datetime(2026, 12, 1, tzinfo=UTC)
    assert start("year", now) == datetime(2026, 1, 1, tzinfo=UTC)
    assert start("all", now) is None


def test_a_correction_re_derives_the_standings(sunday):
    c = sunday.tables["C"]
    before = by_player(sunday.read()["standings"]["continental"])
    c.enter("void", target=sunday.seqs["ben_first_turn"], expect=422)  # would leave deal 2 open: refused
    assert by_player(sunday.read()["standings"]["continental"]) == before
    # Ana's exit of deal 1 was Ben's, in fact (the host replaces it): 11 each to Ben instead of Ana.
    c.enter("replace", target=sunday.seqs["ana_exit"], entry={"type": "exit", "seat": 1, "runs": FIVE})
    after = by_player(sunday.read()["standings"]["continental"])
    assert after["Ana"]["balance"] == before["Ana"]["balance"] - 44
    assert after["Ben"]["balance"] == before["Ben"]["balance"] + 44
    assert [p["score"] for p in c.state()["players"]] == [-50, 66, -50, 34]


def test_no_group_and_no_token_and_another_groups_token_are_told_apart(client, sunday):
    other = Group(client, "Club")
    assert client.get(f"/api/v1/groups/{sunday.id}").status_code == 401
    assert client.get(f"/api/v1/groups/{sunday.id}", headers=other.headers).status_code == 403
    assert client.get(f"/api/v1/groups/{sunday.id}/export.csv", headers=other.headers).status_code == 403
    member = sunday.member("Ana")
    assert client.get(f"/api/v1/groups/{sunday.id}/players/{member}", headers=other.headers).status_code == 403
    assert client.get(f"/api/v1/groups/{other.id}/players/{member}", headers=other.headers).status_code == 404
    assert client.get("/api/v1/groups/nope", headers=other.headers).status_code == 404
    refused = client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"], "group": sunday.id},
                          headers=other.headers)
    assert refused.status_code == 403 and refused.content_type == "application/problem+json"
    assert other.read()["tables"] == [] and len(sunday.read()["tables"]) == 3


def test_bad_group_requests_are_clear_4xx(client, sunday):
    assert client.post("/api/v1/groups", json={"name": "  "}).status_code == 400
    assert client.post("/api/v1/groups", data="not json", content_type="application/json").status_code == 400
    assert client.post("/api/v1/groups", data="not json").status_code == 415  # not sent as JSON (api/guard.py)
    assert client.post("/api/v1/groups", json={"name": "x" * 81}).status_code == 400
    assert client.post("/api/v1/groups", json={"name": "A", "colour": "red"}).status_code == 400
    twice = client.post("/api/v1/tables", json={"game": "rami", "players": ["Ana", "ana"], "group": sunday.id},
                        headers=sunday.headers)
    assert twice.status_code == 400 and "same player" in twice.json["detail"]
    assert sunday.get("/players/nobody", expect=404).json["title"] == "Unknown player"
    assert sunday.get(f"/players/{sunday.member('Ana')}", expect=400, last="0").status_code == 400
    rename = client.patch(f"/api/v1/groups/{sunday.id}/players/{sunday.member('Ana')}", json={"name": ""},
                          headers=sunday.headers)
    assert rename.status_code == 400
