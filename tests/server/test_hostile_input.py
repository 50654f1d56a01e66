"""Hostile input is a clear 4xx, never a 5xx (issue 10, §1): deep JSON, bounds the database cannot hold."""

import json

import pytest

JSON_POSTS = ["/api/v1/tables", "/api/v1/referee/continental/exit", "/api/v1/referee/continental/arrange",
              "/api/v1/referee/rami/meld", "/api/v1/referee/rami/hand-value"]


def deep_array(depth: int) -> str:
    return "[" * depth + "]" * depth


def deep_object_in_an_entry(depth: int) -> str:
    inner = '{"a":' * depth + "1" + "}" * depth
    return '{"expected_version": 2, "entry": {"type": "draw", "seat": 1, "from": "stock", "x": ' + inner + "}}"


@pytest.mark.parametrize("path", JSON_POSTS)
@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_deeply_nested_json_is_refused_not_a_crash(client, path, depth):
    response = client.post(path, data=deep_array(depth), content_type="application/json")
    assert response.status_code in (400, 413), response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/problem+json"


@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_deeply_nested_json_inside_an_entry_is_refused_and_writes_nothing(tables, depth):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    response = table.client.post(f"/api/v1/tables/{table.id}/entries", data=deep_object_in_an_entry(depth),
                                 content_type="application/json", headers={"Authorization": f"Bearer {table.host}"})
    assert response.status_code in (400, 413), response.get_data(as_text=True)[:300]
    assert len(table.entries()) == 2


@pytest.mark.parametrize("seat", [10, 2147483648, 10**20])
def test_a_seat_no_table_has_is_a_400_and_is_not_stored(tables, seat):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    problem = table.enter("draw", seat, from_="stock", expect=400)
    assert "seat" in problem["detail"] and len(problem["detail"]) < 200
    assert len(table.entries()) == 2


@pytest.mark.parametrize("seat", [2147483648, 10**20])
def test_a_huge_seat_on_an_entry_that_takes_none_is_a_400_and_is_not_stored(tables, seat):
    table = tables.create("continental")
    problem = table.enter("deal", seat, dealer=0, upcard="7H", expect=400)
    assert "seat" in problem["detail"]
    assert len(table.entries()) == 1


@pytest.mark.parametrize("path", ["/api/v1/tables/%00", "/api/v1/tables/a%00b/entries", "/api/v1/tables/%00/export",
                                  "/t/%00", "/t/%00/history", "/t/%00/share", "/api/v1/tables/" + "x" * 300])
def test_a_table_id_the_database_cannot_hold_is_unknown(client, path):
    assert client.get(path).status_code == 404


def test_a_nul_in_the_table_id_of_a_write_is_unknown(client):
    response = client.post("/api/v1/tables/%00/entries", json={"expected_version": 1, "entry": {"type": "deal"}},
                           headers={"Authorization": "Bearer x"})
    assert response.status_code == 404


def test_a_referee_body_with_a_huge_number_is_a_400(client):
    response = client.post("/api/v1/referee/continental/exit", json={"runs": [["3C"]], "players": 10**20})
    assert response.status_code == 400
    assert json.loads(response.get_data())["status"] == 400
