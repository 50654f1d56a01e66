"""E-7: a table closed by the next round ends with the server's `close` entry; no seat writes after it, the host
and the director still correct and rule, and every standing counts the table's own replay."""

from __future__ import annotations

from tests.tournaments.evening import Evening, names

FOUR = ["Ana", "Ben", "Chloé", "Dan"]


def closed_evening(client, tables, game: str = "continental"):
    """A one-table evening of two rounds whose round-1 table played one deal (seat 0 won) and was closed."""
    players = FOUR if game == "continental" else FOUR[:2]
    evening = Evening(client, tables, players=players, game=game, rounds=2, table_size=len(players))
    evening.start()
    table = evening.rounds[0][0]
    if game == "continental":
        table.enter("deal", dealer=0)
        table.enter("exit", 0, counts={"twos": 0, "jokers": 0}, as_seat=0)
    else:
        table.enter("deal", dealer=0)
        table.enter("round", winner=0, points={"1": 40})
    evening.start(close=True, round=2)
    table.version = table.state()["version"]
    return evening, table


def test_a_closed_table_ends_with_the_servers_close_entry_and_says_closed(client, tables):
    _evening, table = closed_evening(client, tables)
    last = table.entries()[-1]
    assert (last["type"], last["seat"], last["data"] if "data" in last else {k: last[k] for k in ("round",)}) \
        == ("close", None, {"round": 2})
    assert table.state()["status"] == "closed"


def test_a_closed_table_refuses_a_seats_deal_exit_and_confirmation_with_409_e7(client, tables):
    _evening, table = closed_evening(client, tables)
    before = len(table.entries())
    for type_, seat, fields in (("deal", None, {"dealer": 1}), ("exit", 1, {"counts": {"twos": 0, "jokers": 0}}),
                                ("confirm", 1, {"target": 3})):
        refused = table.enter(type_, seat, as_seat=1 if seat is not None else 1, expect=409, **fields)
        assert refused["rules"] == ["E-7"], refused
        assert "closed" in refused["detail"] and "E-7" in refused["detail"]
    refused = table.enter("void", target=2, as_seat=0, expect=409)  # seat 0's own deal: no seat corrects now
    assert refused["rules"] == ["E-7"]
    assert table.enter("deal", dealer=1, expect=409)["rules"] == ["E-7"]  # nor the host deals again
    assert len(table.entries()) == before


def test_a_refusal_at_a_closed_table_names_e7_in_english_and_in_french(app, client, tables):
    from api.web.words.messages import violation_text

    _evening, table = closed_evening(client, tables)
    refused = table.enter("deal", dealer=1, as_seat=1, expect=409)
    assert refused["title"] == "Table closed" and "E-7" in refused["detail"]
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        said = violation_text(refused["violations"][0])
    assert "a fermé cette table" in said and "(E\u20117)" in said, said  # the rule id held whole (U+2011)


def test_the_director_still_voids_and_adjusts_at_a_closed_table(client, tables):
    evening, table = closed_evening(client, tables)
    exit_seq = next(e["seq"] for e in table.entries() if e["type"] == "exit")
    ruled = table.enter("adjust", scores={"1": 1000}, reason="ruling after the close")
    assert ruled["entry"]["type"] == "adjust"
    table.enter("void", target=exit_seq)
    state = table.state()
    assert state["status"] == "closed"
    assert [p["score"] for p in state["players"]] == [0, 1000, 0, 0]
    close_seq = next(e["seq"] for e in table.entries() if e["type"] == "close")
    assert table.enter("void", target=close_seq, expect=409)["rules"] == ["E-7"]  # the close stays


def test_the_standings_are_the_closed_tables_replay_in_the_tournament_and_in_the_group(client, tables):
    evening, table = closed_evening(client, tables)
    table.enter("adjust", scores={"1": 1000}, reason="ruling after the close")  # seat 1 above seat 0, by the replay
    scores = {p["name"]: p["score"] for p in table.state()["players"]}
    seen = evening.read()
    counted = {s["player"]: s["score"] for s in seen["standings"]}
    assert counted == scores
    assert seen["tables"][0]["status"] == "closed"
    group = evening.group.read()
    row = next(t for t in group["tables"] if t["id"] == table.id)
    assert row["status"] == "closed"
    rating = {r["player"]: r["rating"] for r in group["rating"]["rows"]}
    ruled, winner = names(table)[1], names(table)[0]
    assert max(scores, key=scores.get) == ruled
    assert rating[ruled] == max(rating.values()) and rating[ruled] > rating[winner]  # the group rates the replay


def test_get_of_a_frozen_tournament_gives_the_real_standings_the_screen_hides_the_last_round(app, client, tables):
    from api.application import tournaments

    evening, first = closed_evening(client, tables)
    last = evening.rounds[1][0]
    last.enter("deal", dealer=0)
    last.enter("exit", 1, counts={"twos": 0, "jokers": 0}, as_seat=1)
    url, headers = f"/api/v1/tournaments/{evening.id}/rounds", {"Authorization": f"Bearer {evening.director}"}
    finished = client.post(url, json={"close": True, "round": 3}, headers=headers)  # after the last round
    assert finished.status_code == 200 and finished.json["closed"] == [last.id]
    again = client.post(url, json={"close": True, "round": 3}, headers=headers)  # a double tap: nothing more
    assert again.status_code == 200 and last.entries()[-1]["type"] == "close"
    assert [e["type"] for e in last.entries()].count("close") == 1
    with app.app_context():
        tournaments.freeze(evening.id, evening.director, True)  # the console's "hide the last round"
    seen = evening.read()
    assert (seen["status"], seen["frozen"]) == ("finished", True)
    both = {}
    for table in (first, last):
        for p in table.state()["players"]:
            both[p["name"]] = both.get(p["name"], 0) + p["score"]
    assert {s["player"]: s["score"] for s in seen["standings"]} == both
    assert all(s["tables"] == 2 for s in seen["standings"])
    assert all(s["tables"] == 1 for s in seen["screen_standings"])  # the screen's: round 2 off until the results


def test_a_rami_table_closed_refuses_a_seat_too(client, tables):
    _evening, table = closed_evening(client, tables, game="rami")
    assert table.state()["status"] == "closed"
    assert table.enter("deal", dealer=1, as_seat=1, expect=409)["rules"] == ["E-7"]
    table.enter("adjust", scores={"1": 5}, reason="late")


def test_a_closed_tables_phone_is_offered_no_confirmation_nor_undo_it_would_be_refused(app, client, tables):
    """Seen at a club night: after the next round was seated, a round-1 phone was still asked to confirm Ana's
    exit and offered « Annuler », both refused (409, E-7). It is told the director settles it instead."""
    import html

    from tests.web.conftest import Phone

    _evening, table = closed_evening(client, tables)  # Ana's exit still waits: nobody confirmed it
    for seat, lang, said in ((1, "en", "the director confirms or corrects this result"),
                             (2, "fr", "le directeur confirme ou corrige ce résultat")):
        ben = Phone(app, lang)  # one phone a seat: Ben's in English, Chloé's in French
        ben.post("/join", {"code": table.created["seats"][seat]["code"]})
        page = html.unescape(ben.page(f"/t/{table.id}"))
        assert said in page, page
        assert 'value="confirm"' not in page and 'value="dispute"' not in page
        assert f"/t/{table.id}/undo/" not in page
