"""Forgetting a player (issue 21, item 2): after a member is forgotten her name is in no answer, page, CSV, export,
stream or database file of the group and its tables; every chain verifies, every export imports, the figures stay."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.groups.sunday import FIVE, HEAVY_HAND, SET_EXIT, Group, seq
from tests.live.sse import TestStream

NAME = "Zéphyrine"
LABEL = "Forgotten player 1"


def build(client, tables):
    """A group of a corrected continental table and a rami table where she plays, and an imported copy of the
    continental one outside the group."""
    group = Group(client, "Famille Quillebœuf")
    c = group.table(tables, "continental", ["Ana", NAME, "Ben", "Dan"], tracking="results")
    c.enter("deal", dealer=0)
    c.enter("exit", 1, runs=SET_EXIT)  # her invalid exit: a verdict
    c.enter("exit", 0, runs=FIVE)
    c.enter("deal", dealer=1)
    wrong = seq(c.enter("exit", 2, runs=FIVE))
    c.enter("replace", target=wrong, entry={"type": "exit", "seat": 1, "runs": FIVE})  # E-2: it was her
    c.enter("deal", dealer=2)
    c.enter("null_deal")
    c.enter("adjust", scores={"1": -3}, reason=f"{NAME} a montré ses cartes")  # her name, typed (issue 30)
    r = group.table(tables, "rami", [NAME, "Ben"], options={"turn_seconds": None})
    r.enter("deal", dealer=0)
    opening = r.enter("meld", 1, as_seat=1, melds=[["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"],
                                                   ["7C", "7D", "7S"]])
    r.enter("lay_off", 1, as_seat=1, meld=opening["verdict"]["melds"][0], cards=["KH"])
    r.enter("discard", 1, as_seat=1, card="2C")
    r.enter("hand", 0, as_seat=0, cards=HEAVY_HAND)
    copy = client.post("/api/v1/tables/import", data=client.get(f"/api/v1/tables/{c.id}/export").get_data(),
                       content_type="application/x-ndjson")
    assert copy.status_code == 201
    return group, [c, r, tables.attach(copy.json)]


def stream_text(client, table_id: str) -> str:
    """The table's stream from its first entry, read until it has sent the whole log (its first send): a stream
    sends nothing more until an entry or a heartbeat comes, and a wait for more would last a heartbeat."""
    version = client.get(f"/api/v1/tables/{table_id}").json["version"]
    response = client.get(f"/api/v1/tables/{table_id}/events?after=0", buffered=False)
    stream = TestStream(response)
    events, _ = stream.until(lambda events, _c: bool(events) and events[-1]["id"] >= version, seconds=3)
    assert events and events[-1]["id"] == version, "the stream did not send the whole log"
    response.close()
    return stream.text


def everything(client, group, listed) -> str:
    """Every answer, page, CSV, export and stream of the group and its tables, as one text."""
    out = []
    get = client.get
    out.append(group.get().get_data(as_text=True))
    members = group.read()["members"]
    for member in members:
        out.append(group.get(f"/players/{member['id']}").get_data(as_text=True))
    out.append(group.get("/export.csv").get_data(as_text=True))
    assert get(f"/g/{group.id}/k/{group.token}").status_code in (200, 302, 303)
    out.append(get(f"/g/{group.id}").get_data(as_text=True))
    for member in members:
        out.append(get(f"/g/{group.id}/p/{member['id']}").get_data(as_text=True))
    for table in listed:
        for path in ("", "/entries", "/export", "/export.csv"):
            answer = get(f"/api/v1/tables/{table.id}{path}")
            assert answer.status_code == 200, path
            out.append(answer.get_data(as_text=True))
        for page in ("", "/history", "/summary"):
            answer = get(f"/t/{table.id}{page}")
            if answer.status_code == 200:
                out.append(answer.get_data(as_text=True))
        out.append(stream_text(client, table.id))
    return "\n".join(out)


def raw_database(database_url: str) -> bytes:
    """The database's own bytes: SQLite's file and its WAL; PostgreSQL's dump of this test's schema."""
    if database_url.startswith("sqlite"):
        path = Path(database_url.removeprefix("sqlite:///"))
        return b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists())
    schema = database_url.rsplit("search_path%3D", 1)[1]
    url = database_url.split("?", 1)[0].replace("postgresql+psycopg://", "postgresql://")
    return subprocess.run(["pg_dump", "--schema", schema, url], check=True, capture_output=True,
                          env={**os.environ, "PGCONNECT_TIMEOUT": "10"}).stdout


def labelled(value):
    return json.loads(json.dumps(value, ensure_ascii=False).replace(NAME, LABEL))


def imported_alike(client, tables, listed) -> list[dict]:
    """Each table's export imported: its chain verified, the copy replaying as the table does; the answers."""
    copies = []
    for table in listed:
        copy = client.post("/api/v1/tables/import", data=client.get(f"/api/v1/tables/{table.id}/export").get_data(),
                           content_type="application/x-ndjson")
        assert copy.status_code == 201, copy.get_data(as_text=True)
        assert copy.json["verified"] is True
        assert without_ids(tables.attach(copy.json).state()) == without_ids(table.state())
        copies.append(copy.json)
    return copies


def without_ids(value: dict) -> dict:
    return {k: v for k, v in value.items() if k not in ("id",)}


def test_a_forgotten_member_leaves_no_name_anywhere(app, client, tables, database_url):
    group, listed = build(client, tables)
    assert NAME in everything(client, group, listed)  # the search finds her before
    her = group.member(NAME)
    before = {"group": group.read(), "player": group.get(f"/players/{her}").json,
              "tables": [t.state() for t in listed[:2]]}
    seat = client.delete(f"/api/v1/tables/{listed[2].id}/seats/1/name", headers={"Authorization": f"Bearer {listed[2].host}"})
    assert seat.status_code == 204  # the imported copy, outside the group: its host forgets her seat
    answer = client.delete(f"/api/v1/groups/{group.id}/players/{her}", headers=group.headers)
    assert answer.status_code == 204
    text = everything(client, group, listed)
    assert NAME not in text and LABEL in text
    assert NAME.encode() not in raw_database(database_url)
    after = {"group": group.read(), "player": group.get(f"/players/{her}").json,
             "tables": [t.state() for t in listed[:2]]}
    assert after == labelled(before)  # standings and statistics unchanged, but for her label
    for copy in imported_alike(client, tables, listed):  # every chain verifies, every export imports alike
        assert NAME not in json.dumps(copy, ensure_ascii=False)


def test_only_the_group_token_forgets_a_member(client, tables):
    group, _ = build(client, tables)
    her = group.member(NAME)
    assert client.delete(f"/api/v1/groups/{group.id}/players/{her}").status_code == 401
    assert client.delete(f"/api/v1/groups/{group.id}/players/nobody", headers=group.headers).status_code == 404
    assert NAME in json.dumps(group.read(), ensure_ascii=False)


def test_a_seat_of_a_group_table_is_forgotten_through_the_group(client, tables):
    group, listed = build(client, tables)
    table = listed[0]
    path = f"/api/v1/tables/{table.id}/seats/1/name"
    assert client.delete(path).status_code == 401
    assert client.delete(path, headers={"Authorization": f"Bearer {table.tokens[1]}"}).status_code == 403
    assert client.delete(path, headers={"Authorization": f"Bearer {table.host}"}).status_code == 409
    other = listed[2]
    assert client.delete(f"/api/v1/tables/{other.id}/seats/7/name",
                         headers={"Authorization": f"Bearer {other.host}"}).status_code == 404


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_table_from_before_the_migration_exported_migrated_then_forgotten_verifies_and_imports(kind, app, client,
                                                                                                  tables, tmp_path):
    from api import create_app
    from api.application import imports
    from events.db import dispose, upgrade
    from tests.forget.conftest import PG_URL, database_before
    from tests.forget.old_form import old_export, write_old_table

    if kind == "postgresql" and not PG_URL:
        pytest.skip("TEST_DATABASE_URL is not set")
    group, listed = build(client, tables)
    with app.app_context():
        old = old_export(client.get(f"/api/v1/tables/{listed[0].id}/export").get_data(as_text=True), imports.sealer())
    state = listed[0].state()
    with database_before(kind, tmp_path) as url:
        write_old_table(url, "t-old", "continental", old)
        upgrade(url)
        migrated = create_app({"TESTING": True, "DATABASE_URL": url})
        try:
            other = migrated.test_client()
            host = other.post("/api/v1/tables/import", data=old.encode(), content_type="application/x-ndjson").json
            for table_id, token in (("t-old", None), (host["id"], host["host_token"])):
                if token is None:  # the migrated table: its host token was never known; forget it as its store does
                    with migrated.app_context():
                        from api.application import context

                        assert context.current().names.forget_seat("t-old", 1) is not None
                else:
                    assert other.delete(f"/api/v1/tables/{table_id}/seats/1/name",
                                        headers={"Authorization": f"Bearer {token}"}).status_code == 204
                export = other.get(f"/api/v1/tables/{table_id}/export").get_data(as_text=True)
                assert NAME not in export
                copy = other.post("/api/v1/tables/import", data=export.encode(), content_type="application/x-ndjson")
                assert copy.status_code == 201 and copy.json["verified"] is True
                assert other.get(f"/api/v1/tables/{copy.json['id']}").json["players"] == \
                    labelled(state["players"])
            assert NAME.encode() not in raw_database(url)
        finally:
            dispose(migrated)
