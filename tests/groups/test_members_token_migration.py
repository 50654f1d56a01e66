"""Migration 0014: a group made with one token keeps it as its admin token (whoever held the link keeps every power
it had), and its admin's phone then gives the members' link to share, which opens the group and nothing more."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

import sqlalchemy as sa

from api import create_app
from events.db import dispose, upgrade
from tests.tournaments.migrating import unmigrated  # noqa: F401 (a fixture)

OLD_TOKEN = "the-one-token-the-group-had-before-0014"


def test_an_existing_groups_token_becomes_its_admin_token(unmigrated):  # noqa: F811
    url = unmigrated
    upgrade(url, "0013_audit_actions")  # the head before the members' token
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # a group as the server made it then: one token, its hash
        conn.execute(sa.text("INSERT INTO groups (id, name, token_hash, created_at) VALUES ('old', 'Sunday', :h, :at)"),
                     {"h": hashlib.sha256(OLD_TOKEN.encode()).hexdigest(), "at": datetime(2026, 11, 1, tzinfo=UTC)})
    upgrade(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    client = app.test_client()
    admin = {"X-Group-Token": OLD_TOKEN}
    made = client.post("/api/v1/tables", headers=admin, json={"game": "rami", "players": ["Ana", "Ben"],
                                                               "group": "old"})
    assert made.status_code == 201
    ana = made.json["members"][0]

    read = client.get("/api/v1/groups/old", headers=admin).json  # the admin's phone: the members' link to share
    assert read["role"] == "admin" and read["members_page"] == f"/g/old/k/{read['members_token']}"
    members = {"X-Group-Token": read["members_token"]}
    assert client.get("/api/v1/groups/old", headers=members).json["role"] == "members"
    assert client.get("/api/v1/groups/old/audit", headers=members).status_code == 403
    assert client.delete(f"/api/v1/groups/old/players/{ana}", headers=members).status_code == 403
    assert client.get("/api/v1/groups/old/audit", headers=admin).status_code == 200
    assert client.delete(f"/api/v1/groups/old/players/{ana}", headers=admin).status_code == 204
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT token_hash, members_hash FROM groups")).one()
    assert row.token_hash == hashlib.sha256(OLD_TOKEN.encode()).hexdigest()
    assert row.members_hash == hashlib.sha256(read["members_token"].encode()).hexdigest()

    page = client.get("/g/old/k/" + OLD_TOKEN, follow_redirects=True).get_data(as_text=True)  # and on its page
    assert f"/g/old/k/{read['members_token']}" in page and "Share the members" in page
    engine.dispose()
    dispose(app)
