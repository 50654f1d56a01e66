"""The audit's records beside the log (events/repositories/audit.py, api/application/audit.py): an action recorded
by `audit.record` reads back newest first, its target ids only; a name or free text in a target is refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from api.application import audit, context
from tests.groups.sunday import Group


def test_recorded_actions_read_back_newest_first_with_who_did_them(app, client):
    group = Group(client, "Club")
    times = iter([datetime(2026, 12, 4, 20, 0, tzinfo=UTC) + timedelta(minutes=m) for m in range(3)])
    app.config["CLOCK"] = lambda: next(times)
    with app.app_context():
        audit.record(group.id, audit.LATE_ARRIVAL, audit.DIRECTOR, tournament="n1", member="m1")
        audit.record(group.id, audit.RELEASED_SEAT, audit.host("t1"), table="t1", seat=2)
        audit.record(group.id, audit.SWAP, audit.DIRECTOR, tournament="n1", round=2, members=["m1", "m2"])
        found = context.current().audit.actions(group.id)
    assert [(a.action, a.by, a.target) for a in found] == [
        ("swap", "director", {"tournament": "n1", "round": 2, "members": ["m1", "m2"]}),
        ("released_seat", "host of table t1", {"table": "t1", "seat": 2}),
        ("late_arrival", "director", {"tournament": "n1", "member": "m1"})]
    assert found[0].at == datetime(2026, 12, 4, 20, 2, tzinfo=UTC)


def test_a_target_holds_ids_only_and_an_action_is_one_the_audit_knows(app, client):
    group = Group(client, "Club")
    with app.app_context():
        with pytest.raises(ValueError, match="ids only"):
            audit.record(group.id, audit.WITHDRAWAL, audit.DIRECTOR, name="Ana")
        with pytest.raises(ValueError, match="not an action"):
            audit.record(group.id, "adjust", audit.DIRECTOR, table="t1")
        assert context.current().audit.actions(group.id) == []


def test_a_record_in_the_callers_transaction_commits_with_it(app, client):
    group = Group(client, "Club")
    with app.app_context():
        repository = context.current().audit
        with repository.engine.begin() as conn:
            audit.record(group.id, audit.WITHDRAWAL, audit.DIRECTOR, conn=conn, tournament="n1", member="m1")
            conn.rollback()
        assert repository.actions(group.id) == []
        with repository.engine.begin() as conn:
            audit.record(group.id, audit.WITHDRAWAL, audit.seat("t1", 2), conn=conn, tournament="n1", member="m1")
        assert [a.by for a in repository.actions(group.id)] == ["seat 2 of table t1"]
