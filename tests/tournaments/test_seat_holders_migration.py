"""Migration 0016: a seat opened on two phones before E-6's holding (both rows of `seat_phones` held it) is held by
the earlier phone after the upgrade; the later one is refused, a third too, and the director's release frees it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from api import create_app
from events.db import dispose, upgrade
from tests.conftest import Tables
from tests.tournaments.evening import Evening
from tests.tournaments.migrating import unmigrated  # noqa: F401 (a fixture)
from tests.web.conftest import Phone


def _phone_of(app, phone_id: str) -> Phone:
    phone = Phone(app)
    with phone.client.session_transaction() as session:
        session["phone"] = phone_id
    return phone


def test_a_seat_on_two_phones_before_the_upgrade_is_the_earlier_ones(unmigrated):  # noqa: F811
    url = unmigrated
    upgrade(url, "0015_texts_apart")
    old = create_app({"TESTING": True, "DATABASE_URL": url})
    client = old.test_client()
    evening = Evening(client, Tables(client), players=["Ana", "Ben", "Chloé", "Dan"], rounds=1)
    evening.start()
    table = evening.rounds[0][0]
    engine = sa.create_engine(url)
    at = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
    with engine.begin() as conn:  # what 0009 wrote: every phone that opened seat 0, the later one shown twice
        for phone, minutes in (("aaaa", 0), ("bbbb", 5)):
            conn.execute(sa.text("INSERT INTO seat_phones (table_id, seat, phone, taken_at) VALUES (:t, 0, :p, :at)"),
                         {"t": table.id, "p": phone, "at": at + timedelta(minutes=minutes)})
    engine.dispose()
    dispose(old)

    upgrade(url)
    new = create_app({"TESTING": True, "DATABASE_URL": url})
    client = new.test_client()
    name = [s["name"] for s in table.created["seats"]][0]
    player = evening.created["page"] + "/" + str(["Ana", "Ben", "Chloé", "Dan"].index(name))
    _phone_of(new, "bbbb").get(player, status=409)  # the later phone: refused now
    Phone(new).get(player, status=409)
    assert _phone_of(new, "aaaa").get(player, status=303).headers["Location"].endswith(f"/t/{table.id}")
    answer = client.delete(f"/api/v1/tables/{table.id}/seats/0/phone",
                           headers={"Authorization": f"Bearer {evening.director}"})
    assert answer.status_code == 204
    _phone_of(new, "bbbb").get(player, status=303)
    dispose(new)
