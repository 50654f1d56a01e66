"""What a client sends must be text a database can store and a phone can show: a name with a control character,
a lone UTF-16 surrogate anywhere in a body, U+0000 in an address, a query or an Idempotency-Key are each a 4xx
that names the problem, on SQLite as on PostgreSQL (whose text cannot hold U+0000 at all)."""

import pytest

SURROGATE_BODY = '{"game": "rami", "players": ["Ana\\ud800", "Ben"]}'


@pytest.mark.parametrize("name, char", [("Ana\x00", "U+0000"), ("\x19Ben", "U+0019"), ("Zo\u0081e", "U+0081"),
                                        ("Line\nbreak", "U+000A")])
def test_a_name_with_a_control_character_is_refused_by_name(client, name, char):
    response = client.post("/api/v1/tables", json={"game": "rami", "players": ["Ana", name]})
    assert response.status_code == 400
    assert char in response.json["detail"] and "control character" in response.json["detail"]
    french = client.post("/api/v1/tables", json={"game": "rami", "players": ["Ana", name]},
                         headers={"Accept-Language": "fr"})
    assert french.status_code == 400


def test_names_from_every_script_and_emoji_are_kept_as_typed(client):
    names = ["Zoë", "李雷", "👩‍👩‍👧", "𝔄𝔫𝔞"]  # a ZWJ family and letters beyond the BMP (surrogate pairs in JSON)
    response = client.post("/api/v1/tables", json={"game": "rami", "players": names})
    assert response.status_code == 201, response.json
    assert [seat["name"] for seat in response.json["seats"]] == names
    escaped = client.post("/api/v1/tables", data='{"game": "rami", "players": ["\\ud835\\udd04na", "Ben"]}',
                          content_type="application/json")
    assert escaped.status_code == 201 and escaped.json["seats"][0]["name"] == "𝔄na"


def test_a_lone_surrogate_in_a_body_is_a_400_that_says_so(client):
    response = client.post("/api/v1/tables", data=SURROGATE_BODY, content_type="application/json")
    assert response.status_code == 400 and "surrogate" in response.json["detail"]


def test_a_lone_surrogate_in_an_entry_is_refused_and_the_log_keeps_going(tables):
    table = tables.create("rami", ["Ana", "Ben"])
    before = table.client.get(f"/api/v1/tables/{table.id}").json["version"]
    response = table.client.post(f"/api/v1/tables/{table.id}/entries",
                                 data=f'{{"expected_version": {before}, "entry": {{"type": "deal", "seat": null, '
                                      '"dealer": 0, "x": "\\udc00"}}',
                                 content_type="application/json", headers={"Authorization": f"Bearer {table.host}"})
    assert response.status_code == 400 and "surrogate" in response.json["detail"]
    assert table.client.get(f"/api/v1/tables/{table.id}").json["version"] == before


def test_an_import_line_with_a_lone_surrogate_is_named_by_its_line(client):
    response = client.post("/api/v1/tables/import", data='{"seq": 1, "type": "create", "x": "\\ud800"}\n',
                           content_type="application/x-ndjson")
    assert response.status_code == 400 and "line 1" in response.json["detail"]
    assert "surrogate" in response.json["detail"]


@pytest.mark.parametrize("path", ["/api/v1/tables/%00", "/api/v1/groups/%00", "/api/v1/groups/a%00/players/b",
                                  "/g/%00/k/%00", "/t/%00", "/n/%00/results", "/j/%00"])
def test_an_address_with_u0000_finds_nothing(client, path):
    assert client.get(path, headers={"X-Group-Token": "x"}).status_code == 404


def test_a_query_value_with_u0000_is_a_bad_query(client):
    response = client.get("/api/v1/tables/abc/entries?since=%00")
    assert response.status_code == 400 and "U+0000" in response.json["detail"]


def test_an_idempotency_key_with_a_control_character_is_refused_and_nothing_is_written(tables):
    table = tables.create("rami", ["Ana", "Ben"])
    before = table.client.get(f"/api/v1/tables/{table.id}").json["version"]
    response = table.client.post(f"/api/v1/tables/{table.id}/entries",
                                 json={"expected_version": before, "entry": {"type": "deal", "seat": None,
                                                                             "dealer": 0}},
                                 headers={"Authorization": f"Bearer {table.host}", "Idempotency-Key": "k\x00"})
    assert response.status_code == 400 and "U+0000" in response.json["detail"]
    assert table.client.get(f"/api/v1/tables/{table.id}").json["version"] == before


def test_group_and_tournament_names_with_u0000_are_refused(client):
    assert client.post("/api/v1/groups", json={"name": "Club\x00"}).status_code == 400
    group = client.post("/api/v1/groups", json={"name": "Club"}).json
    headers = {"X-Group-Token": group["admin_token"]}  # the admin's: it renames
    for body in ({"name": "Friday\x00", "players": ["Ana", "Ben"]}, {"name": "Friday", "players": ["Ana", "B\x00"]}):
        response = client.post(f"/api/v1/groups/{group['id']}/tournaments", headers=headers,
                               json={**body, "game": "rami", "rounds": 1, "table_size": 2})
        assert response.status_code == 400 and "U+0000" in response.json["detail"]
    renamed = client.patch(f"/api/v1/groups/{group['id']}/players/x", headers=headers, json={"name": "A\x00"})
    assert renamed.status_code == 400 and "U+0000" in renamed.json["detail"]
