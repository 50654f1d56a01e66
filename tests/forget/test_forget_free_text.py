"""Free text is forgettable (issue 30, item 3): her name typed into a ruling's reason, a corrected ruling, the group's
name, a tournament's name or the director's message reads as her label once she is forgotten, in every answer,
page, CSV, export, stream and database file; every chain verifies and every export imports. Her copy names nobody
else. The reasons stay beside the chain (its salted digest in their place)."""

from __future__ import annotations

import json
import re
import unicodedata

from tests.forget.test_forget import LABEL, NAME, everything, imported_alike, raw_database, without_ids
from tests.groups.sunday import FIVE, Group, seq
from tests.live.sse import TestStream
from tests.web.conftest import Phone

OTHERS = ["Anatole", "Bérénice", "Dagobert"]
NFD = unicodedata.normalize("NFD", NAME)  # "Ze\u0301phyrine": the same name to a reader


def found(text: str) -> bool:
    """Whether her name is in `text`, as names are compared (case, NFC, zero-width characters)."""
    tidy = unicodedata.normalize("NFC", text.replace("\u200b", "")).casefold()
    return NAME.casefold() in tidy


def build(client, tables, app=None):
    group = Group(client, f"Les jeudis de {NAME}")
    c = group.table(tables, "continental", [OTHERS[0], NAME, OTHERS[1], OTHERS[2]], tracking="results")
    c.enter("deal", dealer=0)
    c.enter("exit", 0, runs=FIVE)
    c.enter("adjust", scores={"1": -10}, reason=f"{NAME} a montré une carte à {OTHERS[1]}")
    wrong = seq(c.enter("adjust", scores={"2": -5}, reason="retard"))
    c.enter("replace", target=wrong, entry={"type": "adjust", "scores": {"1": -5},
                                            "reason": f"retard de {NFD.upper()}, pas de {OTHERS[1]}"})
    other = group.table(tables, "continental", OTHERS + ["Eulalie"], tracking="results")
    other.enter("adjust", scores={"0": 5}, reason=f"le téléphone de zé\u200bphyrine a sonné ({OTHERS[0]})")
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", headers=group.headers,
                         json={"name": f"Soirée {NAME}", "game": "continental", "tracking": "results",
                               "players": [NAME, *OTHERS, "Eulalie", "Fulbert", "Gaspard", "Hortense"],
                               "rounds": 2, "table_size": 4, "seating": "random"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    tournament, director = answer.json["id"], answer.json["director_token"]
    started = client.post(f"/api/v1/tournaments/{tournament}/rounds", json={},
                          headers={"Authorization": f"Bearer {director}"})
    assert started.status_code == 201
    if app is not None:  # the director's message, from her console
        phone = Phone(app)
        phone.get(f"/n/{tournament}/k/{director}", status=303)
        phone.post(f"/n/{tournament}/d/message", {"text": f"{NAME} attend à la table 2"})
    round_tables = [tables.attach({**t, "host_token": director, "version": 1}) for t in started.json["tables"]]
    return group, [c, other, *round_tables], tournament


def tournament_text(client, tournament: str) -> str:
    out = [client.get(f"/api/v1/tournaments/{tournament}").get_data(as_text=True)]
    for path in ("screen", "results", "results.csv", "d"):
        answer = client.get(f"/n/{tournament}/{path}")
        if answer.status_code == 200:
            out.append(answer.get_data(as_text=True))
    response = client.get(f"/api/v1/tournaments/{tournament}/events", buffered=False)
    stream = TestStream(response)
    stream.until(lambda events, _c: len(events) >= 1, seconds=3)
    response.close()
    out.append(stream.text)
    return "\n".join(out)


def test_her_name_typed_anywhere_is_forgotten_with_her(app, client, tables, database_url):
    group, listed, tournament = build(client, tables, app)
    text = everything(client, group, listed) + tournament_text(client, tournament)
    assert f"{NAME} attend à la table 2" in text and found(text.replace(NAME, ""))  # typed in other forms too: upper case, NFD, zero-width
    assert NAME.encode() in raw_database(database_url)
    entries = listed[0].entries()
    assert any(e["type"] == "adjust" and NAME in e["reason"] for e in entries)  # /entries reads the reason
    her = group.member(NAME)
    before = [without_ids(t.state()) for t in listed[:2]]
    assert client.delete(f"/api/v1/groups/{group.id}/players/{her}", headers=group.headers).status_code == 204
    text = everything(client, group, listed) + tournament_text(client, tournament)
    assert not found(text), [m.start() for m in re.finditer("phyrine", text, re.IGNORECASE)]
    assert f"Les jeudis de {LABEL}" in text and f"Soirée {LABEL}" in text
    assert f"{LABEL} a montré une carte à {OTHERS[1]}" in text  # the rest of the reason and others' names stay
    assert f"retard de {LABEL}, pas de {OTHERS[1]}" in text and f"le téléphone de {LABEL} a sonné" in text
    raw = raw_database(database_url)
    for form in (NAME, NFD, NAME.upper(), NFD.upper(), "zé\u200bphyrine"):
        assert form.encode() not in raw, form
    after = [without_ids(t.state()) for t in listed[:2]]
    assert [a["players"] for a in after] == [[{**p, "name": LABEL} if p["name"] == NAME else p for p in b["players"]]
                                             for b in before]  # the scores stay
    imported_alike(client, tables, listed)  # every chain verifies, every export imports and replays alike


def test_a_reason_is_kept_beside_the_chain_as_a_salted_digest(app, client, tables):
    group, listed, _ = build(client, tables)
    export = client.get(f"/api/v1/tables/{listed[0].id}/export").get_data(as_text=True)
    lines = [json.loads(line) for line in export.splitlines()]
    ruling = next(line for line in lines if line["type"] == "adjust")
    assert set(ruling["reason"]) == {"digest"} and NAME not in json.dumps(ruling["reason"])
    assert ruling["texts"][ruling["reason"]["digest"]]["text"].startswith(NAME)  # beside the chain
    changed = export.replace("a montré une carte", "a triché")
    answer = client.post("/api/v1/tables/import", data=changed.encode(), content_type="application/x-ndjson")
    assert answer.status_code == 422, answer.get_data(as_text=True)  # a text changed under its salt: caught


def test_her_copy_names_nobody_else(client, tables):
    group, _, _ = build(client, tables)
    copy = group.get(f"/players/{group.member(NAME)}/copy").json
    text = json.dumps(copy, ensure_ascii=False)
    assert NAME in text and "another player" in text
    assert not any(other in text for other in OTHERS), [o for o in OTHERS if o in text]
