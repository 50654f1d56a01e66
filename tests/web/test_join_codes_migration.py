"""Migrations 0017 and 0018: a database whose join codes hold their seats' tokens in clear, and its tournaments
their players' keys, has them sealed under the server's secret; each code still gives the phone that types it its
seat, each players' link still opens (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from api import create_app
from events import sealing
from events.db import dispose, upgrade
from tests.conftest import Tables
from tests.groups.test_members_token_migration import unmigrated  # noqa: F401  (the fixture)
from tests.tournaments.evening import Evening
from tests.web.conftest import Phone

SECRET = "the-servers-secret-key-for-this-test"


def test_codes_held_in_clear_are_sealed_and_keep_working(unmigrated):  # noqa: F811
    url = unmigrated
    upgrade(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": SECRET})
    host = Phone(app)
    host.start()
    codes = host.codes()
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # the database as it was before 0017: each code's token in clear
        rows = conn.execute(sa.text("SELECT code, token FROM join_codes")).all()
        clear = {code: sealing.unseal(SECRET, code, kept) for code, kept in rows}
        for code, token in clear.items():
            conn.execute(sa.text("UPDATE join_codes SET token = :t WHERE code = :c"), {"t": token, "c": code})
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0016_seat_holders'"))
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        upgrade(url)  # no secret given: stops, leaving every code as it was
    upgrade(url, secret=SECRET)
    with engine.connect() as conn:
        kept = dict(conn.execute(sa.text("SELECT code, token FROM join_codes")).all())
    assert len(kept) == 4 and not set(clear.values()) & set(kept.values())
    ben = Phone(app)
    ben.post("/join", {"code": codes[1]})
    with ben.client.session_transaction() as session:
        assert session["tables"][0][2:] == [1, clear[codes[1]]]  # seat 1, its very token
    host.enter(type="deal", dealer="0", upcard="7H")
    ben.table = host.table
    ben.enter(type="draw", seat="1", from_="stock")
    engine.dispose()
    dispose(app)


def test_a_players_key_held_in_clear_is_sealed_and_its_link_keeps_working(unmigrated):  # noqa: F811
    url = unmigrated
    upgrade(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": SECRET})
    client = app.test_client()
    evening = Evening(client, Tables(client), players=["Ana", "Ben", "Chloé", "Dan"], rounds=1)
    evening.start()
    key = evening.created["page"].rsplit("/", 1)[1]
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # the database as it was before 0018: the key in clear
        conn.execute(sa.text("UPDATE tournaments SET player_key = :k"), {"k": key})
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0017_sealed_join_codes'"))
    upgrade(url, secret=SECRET)
    with engine.connect() as conn:
        kept = conn.execute(sa.text("SELECT player_key FROM tournaments")).scalar_one()
    assert kept != key and key not in kept
    assert Phone(app).get(evening.created["page"] + "/0", status=303).headers["Location"].startswith("/t/")
    Phone(app).get(evening.created["page"][:-1] + "/0", status=404)
    engine.dispose()
    dispose(app)
