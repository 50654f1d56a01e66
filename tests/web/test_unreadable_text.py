"""Every free text and every name refuses control and bidi characters with a 400 that names the field and the
character, in English and French (a right-to-left override made the director read a reason backwards; NUL cannot
be stored in PostgreSQL's text); a name's zero-width characters are dropped, so "Ana" with a zero-width space is
Ana, never a second member who looks the same."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from events.chain import entry_hash
from tests.groups.sunday import Group
from tests.tournaments.evening import Evening
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]
HOSTILE = [("late \u202e10 ,on", "U+202E, a bidi control"), ("a\x00b", "U+0000, a control character"),
           ("\x1b[2J", "U+001B, a control character"), ("x\u2066y", "U+2066, a bidi control"),
           ("\u200fbad", "U+200F, a bidi control"), ("\u061cx", "U+061C, a bidi control"),
           ("x\u202ay", "U+202A, a bidi control"), ("x\u2069", "U+2069, a bidi control")]


@pytest.mark.parametrize(("reason", "said"), HOSTILE)
def test_a_rulings_reason_refuses_control_and_bidi_characters(tables, reason, said):
    table = tables.create()
    refused = table.enter("adjust", scores={"1": -10}, reason=reason, expect=400)
    assert f"`reason` cannot hold {said}" in refused["detail"]
    assert refused["params"] == {"field": "reason", "char": said.split(",")[0]}
    assert len(table.entries()) == 1  # nothing written
    table.enter("adjust", scores={"1": -10}, reason="late by 10 minutes")


def test_the_directors_message_refuses_them_on_the_console_in_english_and_french(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=1)
    director, french = Phone(app), Phone(app, "fr")
    for phone in (director, french):
        phone.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    page = director.post(f"/n/{evening.id}/d/message", {"text": "Pause \u202e01 setunim"}, status=400)
    assert "`text` cannot hold U+202E, a bidi control" in page.get_data(as_text=True)
    page = french.post(f"/n/{evening.id}/d/message", {"text": "Pause\x00"}, status=400)
    assert "`text` ne peut pas contenir U+0000, un caractère de contrôle" in page.get_data(as_text=True)
    page = french.post(f"/n/{evening.id}/d/message", {"text": "\u2067Pause"}, status=400)
    assert "U+2067, une commande bidirectionnelle" in page.get_data(as_text=True)
    assert evening.read().get("message") in (None, {})
    director.post(f"/n/{evening.id}/d/message", {"text": "Pause de 10 minutes"})


def test_names_refuse_bidi_characters(app, client, tables):
    answer = client.post("/api/v1/groups", json={"name": "Club \u202eevil"})
    assert answer.status_code == 400 and "`name` cannot hold U+202E, a bidi control" in answer.json["detail"]
    answer = client.post("/api/v1/tables", json={"game": "continental", "players": ["Ana\u2066", "Ben"]})
    assert answer.status_code == 400 and "U+2066, a bidi control" in answer.get_data(as_text=True)
    group = Group(client, "Friday club")
    body = {"name": "Fri\u200fday", "game": "continental", "tracking": "results", "players": EIGHT, "rounds": 1,
            "table_size": 4}
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", json=body, headers=group.headers)
    assert answer.status_code == 400 and "U+200F, a bidi control" in answer.get_data(as_text=True)
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", json={**body, "name": "Friday",
                                                                         "players": [*EIGHT[:7], "Ivo\u061c"]},
                         headers=group.headers)
    assert answer.status_code == 400 and "U+061C, a bidi control" in answer.get_data(as_text=True)
    group.table(tables, "continental", EIGHT[:4])
    answer = client.patch(f"/api/v1/groups/{group.id}/players/{group.member('Ana')}", json={"name": "An\u202ea"},
                          headers=group.headers)
    assert answer.status_code == 400 and "U+202E, a bidi control" in answer.json["detail"]
    phone = Phone(app, "fr")  # the group's page says it in French
    phone.get(f"/g/{group.id}/k/{group.token}", status=303)
    page = phone.post(f"/g/{group.id}/p/{group.member('Ana')}/name", {"name": "An\u202ea"}, status=400)
    assert "U+202E, une commande bidirectionnelle" in page.get_data(as_text=True)
    assert [m["name"] for m in group.read()["members"]] == EIGHT[:4]


def test_a_zero_width_character_never_makes_a_second_member(client, tables):
    group = Group(client, "Sunday\u200b table")
    first = group.table(tables, "continental", ["Ana", "Ben", "Chloé", "Dan"]).created["members"]
    again = group.table(tables, "continental", ["Ana\u200b", "\ufeffBen", "Chlo\u00e9\u2060", "Dan\u200d"])
    assert again.created["members"] == first
    answer = client.patch(f"/api/v1/groups/{group.id}/players/{group.member('Ben')}", json={"name": "A\u200cna"},
                          headers=group.headers)
    assert answer.status_code == 409  # Ana's name, with a zero-width non-joiner: taken
    answer = client.patch(f"/api/v1/groups/{group.id}/players/{group.member('Ben')}",
                          json={"name": "Be\u0301n\u200b"}, headers=group.headers)  # NFC, zero-width dropped
    assert answer.status_code == 200 and answer.json["name"] == "B\u00e9n"
    read = group.read()
    assert read["name"] == "Sunday table"
    assert [m["name"] for m in read["members"]] == ["Ana", "B\u00e9n", "Chloé", "Dan"]
    body = {"name": "Friday", "game": "continental", "tracking": "results", "rounds": 1, "table_size": 4,
            "players": ["Ana\u200b", "B\u00e9n", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]}
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", json=body, headers=group.headers)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert len(group.read()["members"]) == 8  # Ana is Ana: four new members, not five


def test_an_import_refuses_a_reason_that_holds_a_bidi_control(client, tables):
    table = tables.create()
    table.enter("adjust", scores={"1": -10}, reason="late")
    answer = client.get(f"/api/v1/tables/{table.id}/export")
    lines = [json.loads(line) for line in answer.get_data(as_text=True).splitlines()]
    lines[-1]["reason"] = "late \u202e01"  # as a log written before reasons were checked (and left the chain)
    lines[-1].pop("texts")
    prev = None
    for line in lines:  # a chain that holds: the reason is what is refused, not the hashes
        data = {k: v for k, v in line.items() if k not in ("seq", "type", "at", "seat", "hash", "seal", "names")}
        prev = line["hash"] = entry_hash(line["seq"], line["type"], line["seat"], datetime.fromisoformat(line["at"]),
                                         data, prev)
        line.pop("seal", None)
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)
    answer = client.post("/api/v1/tables/import", data=text.encode(), content_type="application/x-ndjson")
    assert answer.status_code == 400, answer.get_data(as_text=True)
    assert answer.json["line"] == 2 and "`reason` cannot hold U+202E, a bidi control" in answer.json["detail"]
