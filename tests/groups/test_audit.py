"""The group's audit (issue 30, item 2): every forgetting, rename, ruling, correction by a host or director, closed
table, swap, released seat, late arrival and withdrawal, newest first, with which role and phone did it; a
forgotten member is never named in it, on the API or on the admin's page."""

from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime, timedelta

from tests.groups.sunday import FIVE, Group, seq

NAME = "Zéphyrine"
START = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)


def ticking(app) -> None:
    """Each reading of the server's clock a second after the last: the actions' order is their times'."""
    seconds = itertools.count()
    app.config["CLOCK"] = lambda: START + timedelta(seconds=next(seconds))


def evening(app, client, tables) -> tuple[Group, dict]:
    """A group's table with a ruling and the host's corrections, a rename, an evening whose first round is closed,
    an evening's swap, released seat, late arrival and withdrawal, and her forgetting, in that order."""
    ticking(app)
    group = Group(client, "Sunday")
    c = group.table(tables, "continental", [NAME, "Ana", "Ben", "Dan", "Eve"], tracking="results")
    c.enter("deal", dealer=0)
    wrong = seq(c.enter("exit", 2, runs=FIVE))
    c.enter("replace", target=wrong, entry={"type": "exit", "seat": 1, "runs": FIVE})  # the host's E-2
    dealt = seq(c.enter("deal", dealer=1))
    c.enter("void", target=dealt)  # the host's E-2
    c.enter("adjust", scores={"0": -10}, reason="late")  # E-5, about her (seat 0)
    ids = {m["name"]: m["id"] for m in group.read()["members"]}
    assert group.client.patch(f"/api/v1/groups/{group.id}/players/{ids['Ana']}", headers=group.headers,
                              json={"name": "Anaïs"}).status_code == 200
    made = client.post(f"/api/v1/groups/{group.id}/tournaments", headers=group.headers,
                       json={"name": "Friday", "game": "continental", "tracking": "results", "rounds": 3,
                             "table_size": 4, "players": [NAME, "Anaïs", "Ben", "Dan"]}).json
    director = {"Authorization": f"Bearer {made['director_token']}"}
    first = client.post(f"/api/v1/tournaments/{made['id']}/rounds", json={}, headers=director).json["tables"][0]
    played = tables.attach({**first, "host_token": made["director_token"], "version": 1})
    played.enter("deal", dealer=0)
    second = client.post(f"/api/v1/tournaments/{made['id']}/rounds", json={"close": True}, headers=director)
    assert second.status_code == 201  # round 1's table closed (E-7) by the director
    evening_ = f"/api/v1/tournaments/{made['id']}"
    assert client.post(f"{evening_}/rounds/2/swap", json={"players": [NAME, "Ben"]},
                       headers=director).status_code == 200
    assert app.test_client().get(f"{made['page']}/0").status_code == 303  # her phone taps her name: her seat
    now = client.get(evening_).json["tables"]
    table = next(t for t in now if t["round"] == 2)
    assert client.delete(f"/api/v1/tables/{table['id']}/seats/{table['players'].index(NAME)}/phone",
                         headers=director).status_code == 204  # the director releases it
    assert client.post(f"{evening_}/players", json={"name": "Eve"}, headers=director).status_code == 201
    assert client.delete(f"{evening_}/players/{NAME}", headers=director).status_code == 204
    assert client.delete(f"/api/v1/groups/{group.id}/players/{ids[NAME]}", headers=group.headers).status_code == 204
    return group, {"table": c.id, "round_table": played.id, "round_2": table["id"], "wrong": wrong, "dealt": dealt,
                   "ids": ids}


def test_the_audit_lists_every_kind_of_action_newest_first_with_who_did_it(app, client, tables):
    group, seen = evening(app, client, tables)
    listed = group.get("/audit").json["actions"]
    host, table, ids = f"host of table {seen['table']}", seen["table"], seen["ids"]
    assert [(a["action"], a["by"]) for a in listed] == [
        ("forget", "admin"),
        ("withdrawal", "director"),
        ("late_arrival", "director"),
        ("released_seat", "director"),
        ("swap", "director"),
        ("close", "director"),
        ("rename", "admin"),
        ("adjust", host),
        ("void", host),
        ("replace", host)]
    assert [a["at"] for a in listed] == sorted((a["at"] for a in listed), reverse=True)
    by_action = {a["action"]: a["target"] for a in listed}
    assert by_action["adjust"] == {"table": table, "entry": 7, "members": [ids[NAME]], "names": ["Forgotten player 1"]}
    assert by_action["replace"]["corrects"] == seen["wrong"] and by_action["void"]["corrects"] == seen["dealt"]
    assert by_action["rename"] == {"member": ids["Ana"], "name": "Anaïs"}
    assert by_action["close"]["table"] == seen["round_table"] and by_action["close"]["round"] == 2
    assert by_action["released_seat"]["table"] == seen["round_2"]
    assert by_action["released_seat"]["name"] == "Forgotten player 1"  # the member at that seat
    assert by_action["swap"]["names"] == ["Forgotten player 1", "Ben"]
    assert by_action["late_arrival"]["name"] == "Eve" and by_action["withdrawal"]["name"] == "Forgotten player 1"
    assert listed[0]["at"].endswith("Z")


def test_a_forgotten_member_is_not_named_in_the_audit(app, client, tables):
    group, _seen = evening(app, client, tables)
    answer = group.get("/audit").get_data(as_text=True)
    assert NAME not in answer and NAME not in json.dumps(json.loads(answer), ensure_ascii=False)
    assert "Forgotten player 1" in answer
    phone = app.test_client()
    phone.get(f"/g/{group.id}/k/{group.token}")
    for lang, label in (("en", "Forgotten player 1"), ("fr", "Personne oubliée 1")):
        page = phone.get(f"/g/{group.id}/audit", headers={"Accept-Language": lang}).get_data(as_text=True)
        assert NAME not in page and label in page, lang
