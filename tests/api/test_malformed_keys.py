"""A 400 for a body that cannot be read says its message as a key and parameters (API.md: `key` and `params` at
the top level, `detail` the key filled in English), so that the pages say it in the reader's language."""

from __future__ import annotations

from tests.groups.sunday import Group
from tests.web.conftest import Phone


def test_a_group_name_too_long_is_a_key_with_its_parameters(client):
    answer = client.post("/api/v1/groups", json={"name": "x" * 90})
    assert answer.status_code == 400
    problem = answer.json
    assert problem["detail"] == "`name` has at most 80 characters, not 90"
    assert (problem["key"], problem["params"]) == ("`%(field)s` has at most %(most)s characters, not %(length)s",
                                                   {"field": "name", "most": 80, "length": 90})


def test_a_group_body_with_another_field_names_it(client):
    answer = client.post("/api/v1/groups", json={"name": "Club", "colour": "red", "age": 3})
    assert answer.status_code == 400
    assert answer.json["detail"] == "a group takes only `name`, not age, colour"
    assert answer.json["params"] == {"fields": ["age", "colour"]}


def test_two_seats_of_one_member_are_named_in_the_key_s_parameters(client):
    group = Group(client, "Sunday")
    answer = client.post("/api/v1/tables", json={"game": "continental", "players": ["Ana", "Ben", "ana", "Dan"],
                                                 "group": group.id}, headers=group.headers)
    assert answer.status_code == 400
    assert answer.json["detail"] == "two seats cannot be the same player of the group: Ana, ana"
    assert answer.json["key"] == "two seats cannot be the same player of the group: %(names)s"


def test_the_evening_form_says_a_control_character_in_french(app, client):
    group = Group(client, "Club du vendredi")
    phone = Phone(app, "fr")
    phone.get(f"/g/{group.id}/k/{group.token}", status=303)
    data = {"name": "Vendredi", "game": "continental", "tracking": "results", "member": [],
            "new": "Ana\nBen\nChloé\nDan\u0007\n", "rounds": "1", "table_size": "4", "seating": "random"}
    page = phone.post(f"/g/{group.id}/evening", data, status=400).get_data(as_text=True)
    assert "contient U+0007, un caractère de contrôle\u00a0: un nom est fait pour être lu" in page
    assert "holds" not in page
