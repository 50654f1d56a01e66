"""Names out of the chain (issue 21, item 1): entry 1 names seats by ids; migration 0008 moves older logs to that form
without changing what they mean, and an export made before it still imports."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from api import create_app
from api.application import imports
from events.db import dispose, upgrade
from tests.forget.old_form import old_export, write_old_table
from tests.groups.sunday import FIVE, SET_EXIT

NAME = "Zéphyrine Quillebœuf"


def played(tables):
    """A continental table (results) with an invalid exit (a verdict naming her) and a correction (E-2)."""
    table = tables.create("continental", ["Ana", NAME, "Ben", "Dan"], tracking="results")
    table.enter("deal", dealer=0)
    invalid = table.enter("exit", 1, runs=SET_EXIT)
    table.enter("exit", 0, runs=FIVE)
    table.enter("deal", dealer=1)
    table.enter("exit", 2, runs=FIVE)
    table.enter("replace", target=table.version, entry={"type": "exit", "seat": 1, "runs": FIVE})
    return table, invalid["entry"]["seq"], invalid["verdict"]


def export(client, table_id: str) -> str:
    answer = client.get(f"/api/v1/tables/{table_id}/export")
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def imported(client, text: str, expect: int = 201) -> dict:
    answer = client.post("/api/v1/tables/import", data=text.encode(), content_type="application/x-ndjson")
    assert answer.status_code == expect, answer.get_data(as_text=True)
    return answer.json


def without_id(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "id"}


def test_new_tables_keep_names_out_of_the_chain(app, client, tables):
    table, _, _ = played(tables)
    for entry in table.entries():  # what the log and the stream hold
        assert NAME not in json.dumps(entry, ensure_ascii=False)
    text = export(client, table.id)
    first = json.loads(text.splitlines()[0])
    assert NAME in [n.get("name") for n in first["names"]]  # beside the chain, on line 1
    copy = imported(client, text)
    assert copy["verified"] is True and [s["name"] for s in copy["seats"]][1] == NAME
    assert export(client, copy["id"]).splitlines()[1:] == text.splitlines()[1:]  # the same chain, the same seal


def test_an_export_made_before_the_migration_still_imports(app, client, tables):
    table, _, _ = played(tables)
    with app.app_context():
        old = old_export(export(client, table.id), imports.sealer())
    assert NAME in old.splitlines()[0]  # the old form: names inside entry 1
    copy = imported(client, old)
    assert copy["verified"] is True  # this server's seal holds on the old chain
    assert without_id(tables.attach(copy).state()) == without_id(table.state())
    assert NAME not in json.dumps(tables.attach(copy).entries(), ensure_ascii=False)  # moved out on the way in
    with app.app_context():
        from api.application import context

        old_head = json.loads(old.splitlines()[-1])
        assert context.current().names.reseal(copy["id"]) == (old_head["seq"], old_head["hash"])


def test_the_migration_moves_names_out_and_reseals_without_changing_the_log(app, client, tables, old_database):
    kind, url = old_database
    table, invalid_seq, verdict = played(tables)
    state, listed = table.state(), table.entries()
    with app.app_context():
        old = old_export(export(client, table.id), imports.sealer())
    # The code of then kept verdicts as the API said them, naming the players.
    named = {**verdict, "violations": [{**v, "message": f"{NAME} may not: {v['message']}"} for v in verdict["violations"]]}
    write_old_table(url, "t-old", "continental", old, verdicts={invalid_seq: named})
    upgrade(url)
    migrated = create_app({"TESTING": True, "DATABASE_URL": url})
    try:
        other = migrated.test_client()
        answer = other.get("/api/v1/tables/t-old")
        assert without_id(answer.json) == without_id(state)  # the log means what it meant
        moved = other.get("/api/v1/tables/t-old/entries").json["entries"]
        assert [{k: v for k, v in e.items() if k not in ("hash", "seats")} for e in moved] == \
            [{k: v for k, v in e.items() if k not in ("hash", "seats")} for e in listed]
        text = export(other, "t-old")
        assert NAME not in "".join(json.dumps(e, ensure_ascii=False) for e in moved)
        copy = imported(other, text)  # the re-sealed chain verifies (E-4)
        assert without_id(other.get(f"/api/v1/tables/{copy['id']}").json) == without_id(state)
        assert imported(other, old)["id"]  # and the export made before still imports
        engine = sa.create_engine(url)
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT payload, verdict FROM entries WHERE table_id = 't-old'")).all()
            reseal = conn.execute(sa.text("SELECT old_seq, old_hash FROM reseals WHERE table_id = 't-old'")).one()
        engine.dispose()
        assert not any(NAME in (payload + (verdict_ or "")) for payload, verdict_ in rows)  # nor the verdicts
        old_head = json.loads(old.splitlines()[-1])
        assert tuple(reseal) == (old_head["seq"], old_head["hash"])
    finally:
        dispose(migrated)


@pytest.mark.parametrize("names", [None, [], [{"person": "x", "name": "Ana"}]])
def test_an_export_whose_names_do_not_fit_its_seats_is_a_400(app, client, tables, names):
    table, _, _ = played(tables)
    lines = [json.loads(line) for line in export(client, table.id).splitlines()]
    if names is None:
        del lines[0]["names"]
    else:
        lines[0]["names"] = names
    problem = imported(client, "".join(json.dumps(line) + "\n" for line in lines), expect=400)
    assert "names" in problem["detail"]
