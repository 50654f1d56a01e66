"""Retention: `flask arbitre purge` deletes whole the tables of no group untouched for RETENTION_MONTHS (12)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.forget.test_forget import NAME, build


def test_purge_deletes_old_tables_of_no_group_and_keeps_the_others(app, client, tables, runner):
    group, listed = build(client, tables)
    alone = tables.create("continental")
    old = tables.create("continental", ["Ana", NAME, "Ben", "Dan"])
    late = datetime.now(UTC) + timedelta(days=400)  # a year and a month from now, nobody touched them
    app.config["CLOCK"] = lambda: late
    alone.enter("deal", dealer=0, upcard="7H")  # touched then: kept
    result = runner.invoke(args=["arbitre", "purge"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2 tables untouched for")  # the old one and the imported copy
    assert client.get(f"/api/v1/tables/{old.id}").status_code == 404
    assert client.get(f"/api/v1/tables/{alone.id}").status_code == 200
    for table in listed[:2]:  # a group's tables stay while the group does
        assert client.get(f"/api/v1/tables/{table.id}").status_code == 200
    assert client.get(f"/api/v1/tables/{listed[2].id}").status_code == 404  # the imported copy belonged to no group
    assert runner.invoke(args=["arbitre", "purge", "--months", "0"]).exit_code == 0
    assert client.get(f"/api/v1/tables/{alone.id}").status_code == 200  # its last entry is "now" for this clock
