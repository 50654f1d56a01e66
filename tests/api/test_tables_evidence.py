"""Export, tamper detection and import (E-4)."""

import json

import pytest


@pytest.fixture
def played(tables):
    """A continental table a few turns in, with a voided entry."""
    table = tables.create("continental", ["Ana", "Ben", "Chloé", "Dan", "Eve"])
    table.enter("deal", dealer=4, upcard="KD")
    table.enter("draw", 0, from_="discard")
    table.enter("discard", 0, card="2C")
    table.enter("draw", 1, from_="stock")
    table.enter("discard", 1, card="QH")
    table.enter("void", target=6)
    table.enter("discard", 1, card="JH")
    return table


def export(table):
    response = table.client.get(f"/api/v1/tables/{table.id}/export")
    assert response.status_code == 200 and response.mimetype == "application/x-ndjson"
    return response.get_data(as_text=True)


def import_(client, text, expect=201):
    response = client.post("/api/v1/tables/import", data=text.encode(), content_type="application/x-ndjson")
    assert response.status_code == expect, response.get_data(as_text=True)
    return response.json


def without_id(state):
    return {k: v for k, v in state.items() if k != "id"}


def test_the_export_is_one_entry_a_line_with_its_hash(played):
    lines = [json.loads(line) for line in export(played).splitlines()]
    assert [line["seq"] for line in lines] == list(range(1, 9))
    assert [{k: v for k, v in line.items() if k not in ("seal", "names")} for line in lines] == played.entries()
    assert [n["name"] for n in lines[0]["names"]] == [p["name"] for p in played.state()["players"]]  # beside the chain
    assert "seal" in lines[-1] and not any("seal" in line for line in lines[:-1])  # the server's seal on the head
    assert all(len(line["hash"]) == 64 for line in lines)


def test_an_imported_log_replays_to_the_same_state_with_new_tokens(played, client, tables):
    created = import_(client, export(played))
    assert created["id"] != played.id and created["version"] == 8
    assert created["host_token"] != played.host
    copy = tables.attach(created)
    assert without_id(copy.state()) == without_id(played.state())
    assert export(copy) == export(played)
    copy.enter("draw", 2, from_="stock", as_seat=2)


def test_a_changed_line_is_refused_naming_the_first_bad_line(played, client):
    lines = export(played).splitlines()
    lines[3] = lines[3].replace('"2C"', '"3C"')  # entry 4: seat 0's discard
    problem = import_(client, "\n".join(lines), expect=422)
    assert problem["rules"] == ["E-4"] and problem["line"] == 4 and "line 4" in problem["detail"]


def test_a_removed_line_is_refused(played, client):
    lines = export(played).splitlines()
    del lines[3]
    problem = import_(client, "\n".join(lines), expect=422)
    assert problem["line"] == 4


def test_a_line_rehashed_without_its_successors_breaks_the_chain_after_it(played, client):
    from datetime import datetime

    from events.chain import entry_hash

    lines = [json.loads(line) for line in export(played).splitlines()]
    changed = lines[3] | {"card": "3C"}  # entry 4, rehashed: its successor still names the old hash
    data = {k: v for k, v in changed.items() if k not in ("seq", "type", "at", "seat", "hash")}
    changed["hash"] = entry_hash(4, "discard", 0, datetime.fromisoformat(changed["at"]), data, lines[2]["hash"])
    lines[3] = changed
    problem = import_(client, "\n".join(json.dumps(line) for line in lines), expect=422)
    assert problem["line"] == 5


def test_an_unreadable_export_is_a_400(client):
    assert import_(client, "", expect=400)["status"] == 400
    assert import_(client, "{not json\n", expect=400)["line"] == 1


def test_a_log_that_does_not_replay_is_refused_naming_the_entry(played, client):
    from datetime import datetime

    from events.chain import entry_hash

    lines = [json.loads(line) for line in export(played).splitlines()][:3]
    bad = {"seq": 4, "type": "draw", "at": lines[2]["at"], "seat": 3, "from": "stock"}
    bad["hash"] = entry_hash(4, "draw", 3, datetime.fromisoformat(bad["at"]), {"from": "stock"}, lines[2]["hash"])
    problem = import_(client, "\n".join(json.dumps(line) for line in [*lines, bad]), expect=422)
    assert problem["rules"] == ["C-3"] and problem["violations"][0]["entry"] == 4
