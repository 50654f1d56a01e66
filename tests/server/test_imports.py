"""An import is checked as a table's creation is (issue 10, §1 and §2): hashes that hold are not enough."""

import hashlib
import json
from datetime import UTC, datetime

import pytest

from events.chain import canonical, iso

AT = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)
CREATE = {"game": "continental", "players": ["Ana", "Ben", "Chloé", "Dan"], "options": {}, "tracking": "full"}


def chained(*entries) -> str:
    """An export whose hash chain holds, as a forger would write it: `(type, seat, at, data)` per line."""
    prev, lines = None, []
    for seq, (type_, seat, at, data) in enumerate(entries, start=1):
        at = at if isinstance(at, str) else iso(at)  # a text the server may not be able to read as a time
        body = {"seq": seq, "type": type_, "seat": seat, "at": at, "data": data, "prev": prev}
        prev = hashlib.sha256(canonical(body)).hexdigest()
        lines.append(json.dumps({"seq": seq, "type": type_, "at": at, "seat": seat, "hash": prev, **data}))
    return "\n".join(lines) + "\n"


def post(client, text, content_type="application/x-ndjson"):
    return client.post("/api/v1/tables/import", data=text.encode(), content_type=content_type)


@pytest.mark.parametrize("create", [
    {k: v for k, v in CREATE.items() if k != "game"},  # KeyError on main
    CREATE | {"players": ["", " "]},
    CREATE | {"players": ["Ana", "B" * 41]},
    CREATE | {"players": ["Ana", "Ben", "Chloé", "Dan"], "note": "x" * 1000},  # unknown field
    CREATE | {"game": "chess"},
    CREATE | {"tracking": "some"},
], ids=["no game", "blank names", "long name", "unknown field", "unknown game", "unknown tracking"])
def test_a_create_that_table_creation_would_refuse_is_a_400(client, create):
    response = post(client, chained(("create", None, AT, create)))
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"


def test_a_time_utc_cannot_hold_is_a_400(client):
    text = chained(("create", None, "0001-01-01T00:00:00+05:00", CREATE))
    response = post(client, text)
    assert response.status_code == 400 and "`at`" in response.json["detail"]


@pytest.mark.parametrize("seat", [10**20, 2147483648, 4, -1])
def test_a_seat_outside_the_table_is_a_400(client, seat):
    text = chained(("create", None, AT, CREATE), ("deal", None, AT, {"dealer": 0, "upcard": "7H"}),
                   ("draw", seat, AT, {"from": "stock"}))
    response = post(client, text)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert "seat" in response.json["detail"]


def test_a_second_create_is_a_400(client):
    response = post(client, chained(("create", None, AT, CREATE), ("create", None, AT, CREATE)))
    assert response.status_code == 400


def test_a_sound_foreign_log_imports_unverified(client):
    text = chained(("create", None, AT, CREATE), ("deal", None, AT, {"dealer": 0, "upcard": "7H"}))
    response = post(client, text)
    assert response.status_code == 201 and response.json["verified"] is False


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_an_import_not_sent_as_ndjson_or_json_is_a_415_and_opens_nothing(client, content_type):
    text = chained(("create", None, AT, CREATE))
    response = client.post("/api/v1/tables/import", data=text.encode(), content_type=content_type)
    assert response.status_code == 415 and response.mimetype == "application/problem+json"


def test_a_long_name_in_an_imported_create_is_said_on_line_1_in_the_readers_language(client, app):
    """The import's create is read by table creation's own reader: its refusal is line 1's cause, a key the
    import page says in French (it was marshmallow's English, inside a Python dict)."""
    from api.web.words import messages

    answer = post(client, chained(("create", None, AT, CREATE | {"players": ["Ana", "B" * 41, "Chloé", "Dan"]})))
    problem = answer.get_json()
    assert answer.status_code == 400 and problem["params"]["line"] == 1, problem
    assert problem["params"]["cause"]["key"] == "a player's name is a text of 1 to %(most)s characters, not %(value)s"
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        said = messages.problem_detail(problem)
    assert said.startswith("ligne 1") and "le nom d’un joueur a de 1 à 40 caractères" in said, said
