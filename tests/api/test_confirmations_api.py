"""E-6 through the JSON API (both databases): a table that asks, seats that confirm or dispute, the host settles."""

from __future__ import annotations

from api.application import confirmations


def _exit(table, winner: int = 1) -> int:
    table.enter("deal", dealer=0)
    return table.enter("exit", winner, counts={"twos": 0, "jokers": 0}, timing="later", as_seat=winner)["entry"]["seq"]


def _status(table, seq: int) -> dict:
    return next(c for c in table.state()["confirmations"] if c["seq"] == seq)


def test_a_table_asks_for_confirmation_and_another_seat_gives_it(client, tables):
    table = tables.create("continental", tracking="results", confirmation=True)
    seq = _exit(table)
    assert _status(table, seq)["status"] == "waiting"
    assert [p["score"] for p in table.state()["players"]] == [-11, 33, -11, -11]  # it counts while it waits
    refused = table.enter("confirm", 1, target=seq, as_seat=1, expect=422)  # Ben's own exit
    assert refused["rules"] == ["E-6"] and "Ben" in refused["detail"]
    table.enter("confirm", 2, target=seq, as_seat=3, expect=403)  # Dan's phone cannot confirm for Chloé
    table.enter("confirm", 2, target=seq, as_seat=2)
    assert _status(table, seq) == {"seq": seq, "type": "exit", "seat": 1, "by": None, "owner": 1, "deal": 1,
                                   "status": "confirmed", "confirmed_by": 2, "disputed_by": []}
    table.enter("dispute", 3, target=seq, as_seat=3, expect=422)  # final


def test_a_dispute_is_listed_for_the_director_and_the_host_settles_it(app, client, tables):
    table = tables.create("rami", ["Ana", "Ben", "Chloé"], tracking="results", confirmation=True)
    table.enter("deal", dealer=0)
    seq = table.enter("round", winner=0, points={"1": 20, "2": 45})["entry"]["seq"]
    table.enter("dispute", 2, target=seq, as_seat=2)
    with app.app_context():
        assert confirmations.pending(table.id) == [
            {"table": table.id, "seq": seq, "type": "round", "seat": 0, "player": "Ana", "deal": 1,
             "status": "disputed", "disputed_by": ["Chloé"]}]
    table.enter("confirm", 1, target=seq, as_seat=1, expect=422)  # a disputed result is the host's
    table.enter("confirm", target=seq)  # the host (a tournament's director) confirms
    assert _status(table, seq)["confirmed_by"] == "host"
    with app.app_context():
        assert confirmations.pending(table.id) == []


def test_a_replacement_waits_again(client, tables):
    table = tables.create("continental", tracking="results", confirmation=True)
    seq = _exit(table)
    table.enter("dispute", 0, target=seq, as_seat=0)
    table.enter("replace", target=seq, entry={"type": "exit", "seat": 1, "counts": {"twos": 1, "jokers": 0},
                                              "timing": "later"})
    assert _status(table, seq)["status"] == "waiting" and _status(table, seq)["disputed_by"] == []


def test_a_table_without_confirmation_refuses_it_and_says_so(client, tables):
    table = tables.create("continental", tracking="results")
    seq = _exit(table)
    assert table.state()["confirmations"] is None
    assert table.enter("confirm", 2, target=seq, as_seat=2, expect=422)["rules"] == ["E-6"]
    assert tables.create("rami", confirmation="yes", expect=400)["status"] == 400


def test_a_confirmed_tables_log_exports_and_imports(client, tables):
    table = tables.create("continental", tracking="results", confirmation=True)
    seq = _exit(table)
    table.enter("confirm", 0, target=seq, as_seat=0)
    export = client.get(f"/api/v1/tables/{table.id}/export").get_data(as_text=True)
    imported = client.post("/api/v1/tables/import", data=export, content_type="application/x-ndjson")
    assert imported.status_code == 201, imported.get_data(as_text=True)
    copy = client.get(f"/api/v1/tables/{imported.json['id']}").json
    assert copy["confirmations"] == table.state()["confirmations"]


def test_a_tournaments_tables_always_ask_and_the_director_confirms(client, tables):
    from tests.tournaments.evening import Evening

    evening = Evening(client, tables, players=["Ana", "Ben", "Chloé", "Dan"], rounds=1)
    evening.start()
    table = evening.rounds[0][0]
    seq = _exit(table, winner=1)
    assert _status(table, seq)["status"] == "waiting"
    table.enter("confirm", target=seq)  # the director's token is the host of the tournament's tables
    assert _status(table, seq)["confirmed_by"] == "host"


def test_the_directors_console_shows_a_disputed_table_first(app, client, tables):
    from api.application import tournament_pages
    from tests.tournaments.evening import Evening

    evening = Evening(client, tables, players=["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"],
                      rounds=1)
    evening.start()
    first, second = evening.rounds[0]
    _exit(first, winner=1)
    seq = _exit(second, winner=1)
    second.enter("dispute", 2, target=seq, as_seat=2)
    with app.app_context():
        rows = tournament_pages.console(evening.id, evening.director)["tables"]
    assert rows[0]["id"] == second.id and rows[0]["attention"] == ["disputed"]
    assert [w["status"] for w in rows[1]["waiting"]] == ["waiting"]
    page = client.get(f"/n/{evening.id}/k/{evening.director}", follow_redirects=True)
    text = page.get_data(as_text=True)
    assert "a disputed result" in text and "1 result waiting for confirmation" in text


def test_the_tournament_standings_mark_a_score_that_waits_until_it_is_confirmed(client, tables):
    from tests.tournaments.evening import Evening, play_out

    evening = Evening(client, tables, players=["Ana", "Ben", "Chloé", "Dan"], rounds=1)
    evening.start()
    table = evening.rounds[0][0]
    play_out(table, [1, 2, 3, 0])  # four quick exits, each waiting for another seat
    read = evening.read()
    assert read["tables"][0]["status"] == "finished" and read["tables"][0]["waiting"] == 4
    assert [row["waiting"] for row in read["standings"]] == [True] * 4  # counted, marked as waiting
    screen = client.get(f"/n/{evening.id}/screen").get_data(as_text=True)
    assert screen.count('<span class="badge">waiting</span>') == 4
    for result in table.state()["confirmations"]:
        table.enter("confirm", target=result["seq"])  # the director confirms each
    read = evening.read()
    assert read["tables"][0]["waiting"] == 0 and not any(row["waiting"] for row in read["standings"])
