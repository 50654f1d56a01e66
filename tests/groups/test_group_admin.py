"""A group's two tokens (issue 30, item 1): the members' token opens the group, its tables and evenings; only the
admin token forgets, copies, renames (a member, the group) and reads the audit. None is 401, another group's 403."""

from __future__ import annotations

import hashlib

import pytest
import sqlalchemy as sa

from tests.groups.sunday import Group

ROLES = ("admin", "members", "none", "other")
# endpoint: (method, path under the group, body, the admin's answer, the members')
ENDPOINTS = {
    "read": ("GET", "", None, 200, 200),
    "csv": ("GET", "/export.csv", None, 200, 200),
    "player": ("GET", "/players/{ana}", None, 200, 200),
    "evening": ("POST", "/tournaments", {"name": "Friday", "game": "rami", "players": ["Ana", "Ben"], "rounds": 1,
                                         "table_size": 2}, 201, 201),
    "rename": ("PATCH", "/players/{ana}", {"name": "Anaïs"}, 200, 403),
    "rename_group": ("PATCH", "", {"name": "Le club"}, 200, 403),
    "forget": ("DELETE", "/players/{ana}", None, 204, 403),
    "copy": ("GET", "/players/{ana}/copy", None, 200, 403),
    "audit": ("GET", "/audit", None, 200, 403),
}
ADMIN_ONLY = [name for name, (*_, members) in ENDPOINTS.items() if members == 403]


def _headers(role: str, group: Group, other: Group) -> dict:
    token = {"admin": group.token, "members": group.members_token, "other": other.token}.get(role)
    return {} if token is None else {"X-Group-Token": token}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", [*ENDPOINTS, "table"])
def test_who_may_do_what_in_a_group(client, tables, endpoint, role):
    group, other = Group(client, "Sunday"), Group(client, "Another club")
    group.table(tables, "rami", ["Ana", "Ben"], options={"turn_seconds": None})
    headers = _headers(role, group, other)
    if endpoint == "table":  # a table of the group, started with either token
        answer = client.post("/api/v1/tables", headers=headers, json={"game": "rami", "players": ["Ana", "Ben"],
                                                                       "group": group.id})
        expected = {"admin": 201, "members": 201, "none": 401, "other": 403}[role]
    else:
        method, path, body, admin, members = ENDPOINTS[endpoint]
        url = f"/api/v1/groups/{group.id}" + path.format(ana=group.member("Ana"))
        answer = client.open(url, method=method, json=body, headers=headers)
        expected = {"admin": admin, "members": members, "none": 401, "other": 403}[role]
    assert answer.status_code == expected, answer.get_data(as_text=True)
    if expected == 403 and role == "members":  # problem+json saying why
        assert answer.content_type == "application/problem+json"
        assert "members' token" in answer.json["detail"] and "admin token" in answer.json["detail"]


def test_the_members_token_changes_nothing_an_admin_may_alone(client, tables):
    group = Group(client, "Sunday")
    group.table(tables, "rami", ["Ana", "Ben"], options={"turn_seconds": None})
    ana, members = group.member("Ana"), {"X-Group-Token": group.members_token}
    client.patch(f"/api/v1/groups/{group.id}/players/{ana}", json={"name": "Zoé"}, headers=members)
    client.delete(f"/api/v1/groups/{group.id}/players/{ana}", headers=members)
    client.patch(f"/api/v1/groups/{group.id}", json={"name": "Renamed"}, headers=members)
    read = group.read()
    assert read["name"] == "Sunday" and [m["name"] for m in read["members"]] == ["Ana", "Ben"]
    assert group.get("/audit").json == {"actions": []}


def test_a_new_group_answers_both_tokens_and_their_links_and_keeps_only_hashes(client, database_url):
    made = client.post("/api/v1/groups", json={"name": "Sunday"}).json
    assert made["token"] != made["admin_token"]
    assert made["page"] == f"/g/{made['id']}/k/{made['token']}"
    assert made["admin_page"] == f"/g/{made['id']}/k/{made['admin_token']}"
    engine = sa.create_engine(database_url)
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT * FROM groups")).mappings().one()
    engine.dispose()
    held = " ".join(str(v) for v in row.values())
    assert made["token"] not in held and made["admin_token"] not in held
    assert row["token_hash"] == hashlib.sha256(made["admin_token"].encode()).hexdigest()
    assert row["members_hash"] == hashlib.sha256(made["token"].encode()).hexdigest()
    admin = client.get(f"/api/v1/groups/{made['id']}", headers={"X-Group-Token": made["admin_token"]}).json
    assert (admin["role"], admin["members_token"], admin["members_page"]) == ("admin", made["token"], made["page"])
    members = client.get(f"/api/v1/groups/{made['id']}", headers={"X-Group-Token": made["token"]}).json
    assert members["role"] == "members" and "members_token" not in members and "members_page" not in members
