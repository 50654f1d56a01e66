"""Opening and reading tables through the JSON API (API.md Tables, C-1, R-1, R-2)."""

import pytest


def test_creating_a_table_returns_its_tokens_version_and_page(tables):
    table = tables.create("continental", ["Ana", "Ben", "Chloé", "Dan"])
    created = table.created
    assert created["version"] == 1 and created["page"] == f"/t/{table.id}"
    assert [(s["seat"], s["name"]) for s in created["seats"]] == [(0, "Ana"), (1, "Ben"), (2, "Chloé"), (3, "Dan")]
    tokens = [created["host_token"], *table.tokens.values()]
    assert len(set(tokens)) == 5 and all(len(t) >= 32 for t in tokens)


def test_a_new_table_reads_as_its_creation(tables):
    state = tables.create("continental", tracking="results").state()
    assert state["version"] == 1 and state["game"] == "continental" and state["tracking"] == "results"
    assert [p["score"] for p in state["players"]] == [0, 0, 0, 0]
    assert state["status"] == "playing" and state["results"] == []


def test_entry_one_is_the_creation_with_normalised_options(tables):
    table = tables.create("rami", ["Ana", "Ben", "Chloé"], options={"opening": 71})
    [first] = table.entries()
    assert (first["seq"], first["type"], first["seat"]) == (1, "create", None)
    assert first["game"] == "rami" and "players" not in first  # the chain names seats by ids, never by names
    assert len(set(first["seats"])) == 3 and not any(n in str(first["seats"]) for n in ("Ana", "Ben", "Chloé"))
    assert [p["name"] for p in table.state()["players"]] == ["Ana", "Ben", "Chloé"]  # beside it (events/names.py)
    assert first["options"]["opening"] == 71 and first["tracking"] == "full"


@pytest.mark.parametrize("game, players, rule", [
    ("continental", 3, "C-1"), ("continental", 6, "C-1"), ("rami", 1, "R-1"), ("rami", 5, "R-1"),
])
def test_a_wrong_number_of_players_is_refused_naming_the_rule(tables, game, players, rule):
    problem = tables.create(game, [f"P{i}" for i in range(players)], expect=422)
    assert problem["rules"] == [rule] and problem["status"] == 422


@pytest.mark.parametrize("body, words", [
    ({"game": "chess", "players": ["a", "b"]}, "game"),
    ({"game": "continental"}, "players"),
    ({"game": "continental", "players": "Ana, Ben"}, "players"),
    ({"game": "continental", "players": ["A", "B", "C", " "]}, "blank"),
    ({"game": "continental", "players": ["A", "B", "C", "D"], "colour": "red"}, "colour"),
    ({"game": "continental", "players": ["A", "B", "C", "D"], "tracking": "some"}, "tracking"),
    ({"game": "continental", "players": ["A", "B", "C", "D"], "options": {"ceiling": 100}}, "ceiling"),
    ({"game": "rami", "players": ["A", "B"], "options": {"ceiling": 150}}, "ceiling"),
    (["continental"], "JSON object"),
])
def test_a_malformed_creation_is_a_400_that_names_the_problem(client, body, words):
    response = client.post("/api/v1/tables", json=body)
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert words in response.json["detail"]
    assert response.json["key"] and "{" not in response.json["detail"]  # a message to translate, no Python dict


@pytest.mark.parametrize("body, params", [
    ({"game": "rami", "players": ["A" * 41, "B"]}, {"most": 40, "value": "'" + "A" * 39 + "..."}),
    ({"game": "rami", "players": ["A"] * 11}, {"most": 10, "n": 11}),
    ({"game": "rami", "players": ["A", 7]}, {"most": 40, "value": "7"}),
    ({"game": "go", "players": ["A", "B"]}, {"value": "'go'", "games": ["continental", "rami", "gin"]}),
])
def test_a_creation_the_schema_refuses_gives_the_key_and_parameters_pages_translate(client, body, params):
    response = client.post("/api/v1/tables", json=body)
    assert response.status_code == 400 and response.json["params"] == params, response.json


def test_the_games_a_creation_may_ask_for_are_the_registrys(client, monkeypatch):
    from referee import games

    monkeypatch.setattr(games, "NAMES", (*games.NAMES, "belote"))
    for body, detail in (({"players": ["A", "B"]}, "the body needs `game`: continental, rami, gin or belote"),
                         ({"game": "go", "players": ["A", "B"]}, "`game` is continental, rami, gin or belote, not 'go'")):
        response = client.post("/api/v1/tables", json=body)
        assert response.status_code == 400 and response.json["detail"] == detail, response.json


def test_a_body_that_is_not_json_is_a_400(client):
    response = client.post("/api/v1/tables", data="{game:", content_type="application/json")
    assert response.status_code == 400 and response.mimetype == "application/problem+json"


@pytest.mark.parametrize("path", ["", "/entries", "/export"])
def test_an_unknown_table_is_a_404(client, path):
    response = client.get(f"/api/v1/tables/no-such-table{path}")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"


def test_writing_to_an_unknown_table_is_a_404(client):
    response = client.post("/api/v1/tables/nope/entries", json={"expected_version": 1, "entry": {"type": "deal"}},
                           headers={"Authorization": "Bearer x"})
    assert response.status_code == 404


@pytest.mark.parametrize("query", ["?at=0", "?at=2", "?at=x"])
def test_reading_as_of_an_entry_the_log_does_not_have_is_a_400(tables, client, query):
    table = tables.create()
    assert client.get(f"/api/v1/tables/{table.id}{query}").status_code == 400


@pytest.mark.parametrize("after", ["-1", "x", str(2**64)])
def test_reading_entries_after_a_number_that_is_not_a_seq_is_a_400(tables, client, after):
    table = tables.create()
    assert client.get(f"/api/v1/tables/{table.id}/entries?after={after}").status_code == 400
