"""The stateless referee over HTTP: answers, 400 problems for unreadable requests, the OpenAPI document."""

import pytest

from api import create_app
from referee import games

EXIT = "/api/v1/referee/continental/exit"
ARRANGE = "/api/v1/referee/continental/arrange"
MELD = "/api/v1/referee/rami/meld"
HAND = "/api/v1/referee/rami/hand-value"
KNOCK = "/api/v1/referee/gin/knock"
SEED = [["3C", "4C", "5C"], ["6S", "7S", "8S"], ["9H", "10H", "JH"], ["QD", "KD", "AD"], ["9C", "10C", "JC"]]
SEED_CARDS = [c for run in SEED for c in run]


@pytest.fixture(scope="module")
def referee_client():
    return create_app({"TESTING": True, "DATABASE_URL": "sqlite://"}).test_client()


def problem(response, status=400):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.content_type == "application/problem+json"
    body = response.json
    assert {"type", "title", "status", "detail", "rules", "violations"} <= set(body) and body["status"] == status
    return body


def test_players_and_timing_have_defaults(referee_client):
    body = referee_client.post(EXIT, json={"runs": SEED}).json
    assert body["valid"] and body["settlement"]["winner_gain"] == 33


def test_any_spelling_is_accepted_and_answers_use_canonical_text(referee_client):
    runs = [["th", "J♥", "jk=q♥"]] + SEED[:3] + [["9C", "TC", "JC"]]
    assert referee_client.post(EXIT, json={"runs": runs}).json["valid"]
    cards = [c.lower() for c in SEED_CARDS[:-1]] + ["J♣"]
    body = referee_client.post(ARRANGE, json={"cards": cards}).json
    assert sorted(c for run in body["runs"] for c in run) == sorted(SEED_CARDS)


def test_an_invalid_exit_is_answered_200_with_its_violations(referee_client):
    body = referee_client.post(EXIT, json={"runs": [["9H", "JK", "JH"]] + SEED[1:]}).json
    assert body == {"valid": False, "settlement": None, "violations": [
        {"rule": "C-9", "run": 1, "card": "JK", "message": "JK is wild and needs an announced card, e.g. JK=10H",
         "key": "%(card)s is wild and needs an announced card, e.g. %(example)s",
         "params": {"card": "JK", "example": "JK=10H"}}]}


def test_arrange_announces_its_wilds_and_says_none_when_there_is_no_exit(referee_client):
    cards = ["JK"] + SEED_CARDS[1:]
    body = referee_client.post(ARRANGE, json={"cards": cards, "players": 5, "timing": "first_turn"}).json
    assert any("JK=" in c for run in body["runs"] for c in run)
    assert body["settlement"]["parts"] == {"out": 1, "wilds": 2, "first_turn": 7, "one_suit": 0}
    lone = ["3C", "9C", "3D", "9D", "3H", "9H", "3S", "9S", "KC", "KD", "KH", "KS", "2C", "2D", "JK"]
    assert referee_client.post(ARRANGE, json={"cards": lone}).json == {"runs": None, "settlement": None}


def test_an_invalid_meld_has_no_kind_nor_value(referee_client):
    body = referee_client.post(MELD, json={"cards": ["KH", "AH", "2H"]}).json
    assert body["valid"] is False and body["kind"] is None and body["value"] is None
    assert body["violations"][0]["rule"] == "K-4"


@pytest.mark.parametrize("path", [EXIT, ARRANGE, MELD, HAND])
@pytest.mark.parametrize("data, content_type", [
    ("", "application/json"), ("{not json", "application/json"), ("[1, 2]", "application/json"),
    ('"text"', "application/json"),
])
def test_an_unreadable_body_is_a_400_problem(referee_client, path, data, content_type):
    response = referee_client.post(path, data=data, content_type=content_type)
    assert "JSON object" in problem(response)["detail"]


@pytest.mark.parametrize("path", [EXIT, ARRANGE, MELD, HAND])
@pytest.mark.parametrize("data, content_type", [
    (None, None), ('{"cards": ["AH"]}', "text/plain"), ("runs=3C", "application/x-www-form-urlencoded"),
])
def test_a_body_that_is_not_sent_as_json_is_a_415_problem(referee_client, path, data, content_type):
    response = referee_client.post(path, data=data, content_type=content_type)
    assert response.status_code == 415 and "application/json" in problem(response, 415)["detail"]


@pytest.mark.parametrize("path, body, named", [
    (EXIT, {"runs": [["3C", "4C", "ZZ"]]}, "ZZ"),
    (EXIT, {"runs": [["JK=XX", "4C", "5C"]]}, "JK=XX"),
    (ARRANGE, {"cards": SEED_CARDS[:-1] + ["1H"]}, "1H"),
    (ARRANGE, {"cards": SEED_CARDS[:-1] + ["JK=7H"]}, "JK=7H"),
    (MELD, {"cards": ["QH", "KH", "AX"]}, "AX"),
    (HAND, {"cards": ["AH", "joker"]}, "joker"),
])
def test_an_unknown_card_is_a_400_naming_the_token(referee_client, path, body, named):
    found = problem(referee_client.post(path, json=body))
    assert found["rules"] == ["K-1"] and named in found["detail"]


@pytest.mark.parametrize("path, body, rule, field", [
    (EXIT, {"runs": SEED, "players": 3}, "C-1", "players"),
    (EXIT, {"runs": SEED, "players": 6}, "C-1", "players"),
    (ARRANGE, {"cards": SEED_CARDS, "players": True}, None, "players"),
    (EXIT, {"runs": SEED, "timing": "soon"}, None, "timing"),
    (EXIT, {"runs": "3C 4C 5C"}, None, "runs"),
    (EXIT, {"runs": [[3, 4, 5]]}, None, "runs"),
    (EXIT, {}, None, "runs"),
    (EXIT, {"runs": SEED, "winner": "Ana"}, None, "winner"),
    (ARRANGE, {"cards": SEED_CARDS[:14]}, "C-6", "cards"),
    (MELD, {"cards": None}, None, "cards"),
])
def test_a_bad_field_is_a_400_naming_the_field(referee_client, path, body, rule, field):
    found = problem(referee_client.post(path, json=body))
    assert field in found["detail"]
    assert found["rules"] == ([rule] if rule else [])


def test_openapi_describes_the_four_endpoints_with_their_schemas(referee_client):
    response = referee_client.get("/api/openapi.json")
    assert response.status_code == 200
    spec = response.json
    assert spec["openapi"].startswith("3.")
    for path in (EXIT, ARRANGE, MELD, HAND):
        operation = spec["paths"][path]["post"]
        assert operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        assert "200" in operation["responses"] and "400" in operation["responses"]
    schemas = spec["components"]["schemas"]
    assert set(schemas["ExitRequest"]["properties"]) == {"runs", "players", "timing"}
    assert schemas["ExitRequest"]["properties"]["players"]["enum"] == [4, 5]
    assert {"valid", "violations", "settlement"} <= set(schemas["ExitVerdict"]["properties"])
    assert "Problem" in schemas


def test_every_judge_a_game_offers_is_served_and_described(referee_client):
    """The stateless referee serves what each game declares (`Game.judges`), at /api/v1/referee/<game>/<judge>."""
    described = referee_client.get("/api/openapi.json").json["paths"]
    offered = [f"/api/v1/referee/{game.name}/{name}" for game in games.ALL for name in game.judges]
    assert sorted(offered) == sorted([EXIT, ARRANGE, MELD, HAND, KNOCK])
    for path in offered:
        assert problem(referee_client.post(path, json={}))["status"] == 400  # read, not a 404 or 405
        assert "post" in described[path]
    for game in games.ALL:  # each described from its declaration: its summary, its shapes, what it may refuse
        for name, judge in game.judges.items():
            operation = described[f"/api/v1/referee/{game.name}/{name}"]["post"]
            assert operation["summary"] == judge.summary
            body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            answer = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
            assert (body.rsplit("/", 1)[-1], answer.rsplit("/", 1)[-1]) == (judge.request, judge.answer)
            assert ("422" in operation["responses"]) is judge.refuses
