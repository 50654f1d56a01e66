"""Migration 0012: a table closed the old way (only `tournament_tables.closed_seq`, beside the log) gets its
`close` entry (E-7), so it reads as closed and refuses a seat; nothing recorded is lost and the chain verifies."""

from __future__ import annotations

import sqlalchemy as sa

from api import create_app
from events.chain import read_export
from events.db import dispose, upgrade
from tests.conftest import Tables
from tests.tournaments.evening import Evening
from tests.tournaments.migrating import unmigrated  # noqa: F401 (a fixture)


def test_a_table_closed_before_e7_reads_as_closed_after_the_upgrade(unmigrated):  # noqa: F811
    url = unmigrated
    upgrade(url, "0011_append_function")
    later = sa.create_engine(url)
    with later.begin() as conn:  # today's code writes a group's members' token (0014): its column, for a while
        conn.execute(sa.text("ALTER TABLE groups ADD COLUMN members_hash VARCHAR(64)"))
    old = create_app({"TESTING": True, "DATABASE_URL": url})
    client = old.test_client()
    evening = Evening(client, Tables(client), players=["Ana", "Ben", "Chloé", "Dan"], rounds=2)
    evening.start()
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0)
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # what closing a table wrote before E-7: a mark beside the log, nothing in it
        conn.execute(sa.text("UPDATE tournament_tables SET closed_seq = 2, closed_hash = "
                             "(SELECT head_hash FROM tables WHERE id = :id) WHERE table_id = :id"), {"id": table.id})
    table.enter("exit", 1, counts={"twos": 0, "jokers": 0}, as_seat=1)  # taken after the mark (the old bug)
    kept = [(e["seq"], e["type"]) for e in table.entries()]
    dispose(old)
    with later.begin() as conn:  # the schema of 0011 again, as 0014 finds it
        conn.execute(sa.text("ALTER TABLE groups DROP COLUMN members_hash"))
    later.dispose()

    upgrade(url)
    engine.dispose()
    new = create_app({"TESTING": True, "DATABASE_URL": url})
    client = new.test_client()
    table = Tables(client).attach({**table.created, "version": 1})
    entries = table.entries()
    assert [(e["seq"], e["type"]) for e in entries] == [*kept, (len(kept) + 1, "close")]  # nothing lost
    assert entries[-1]["seat"] is None
    state = table.state()
    assert state["status"] == "closed"
    table.version = state["version"]
    assert table.enter("deal", dealer=1, as_seat=1, expect=409)["rules"] == ["E-7"]
    export = client.get(f"/api/v1/tables/{table.id}/export").get_data(as_text=True)
    assert [line["type"] for line in read_export(export)][-1] == "close"  # the chain verifies (E-4)
    seen = client.get(f"/api/v1/tournaments/{evening.id}").json
    assert seen["tables"][0]["status"] == "closed"
    assert {s["player"]: s["score"] for s in seen["standings"]} == {p["name"]: p["score"] for p in state["players"]}
    dispose(new)
