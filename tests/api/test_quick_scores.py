"""Quick scores over HTTP: an exit's `counts`, a round's `points`; 400 for bad values, 422 by rule, idempotent."""

import pytest


@pytest.fixture
def continental(tables):
    table = tables.create("continental", tracking="results")
    table.enter("deal", dealer=0)
    return table


@pytest.fixture
def rami(tables):
    table = tables.create("rami", ["Ana", "Ben", "Chloé"], tracking="results")
    table.enter("deal", dealer=0)
    return table


def test_a_continental_exit_by_counts_is_written_settled_and_marked_not_refereed(continental):
    answer = continental.enter("exit", 2, counts={"twos": 1, "jokers": 1, "one_suit": False}, timing="first_turn")
    assert answer["entry"]["counts"] == {"twos": 1, "jokers": 1, "one_suit": False}
    verdict = answer["verdict"]
    assert verdict["valid"] is True and verdict["refereed"] is False
    assert verdict["settlement"]["per_opponent"] == 1 + 3 + 7 and verdict["settlement"]["winner_gain"] == 33
    state = continental.state()
    assert [p["score"] for p in state["players"]] == [-11, -11, 33, -11]
    assert state["results"][0]["refereed"] is False and state["results"][0]["rules"] == ["C-4", "C-12"]


def test_counts_may_leave_out_what_is_zero(continental):
    verdict = continental.enter("exit", 1, counts={})["verdict"]
    assert verdict["settlement"]["parts"] == {"out": 1, "wilds": 10, "first_turn": 0, "one_suit": 0}


@pytest.mark.parametrize("counts, field", [
    ({"twos": -1}, "counts.twos"), ({"twos": "2"}, "counts.twos"), ({"jokers": 16}, "counts.jokers"),
    ({"one_suit": "yes"}, "counts.one_suit"), ({"one_suit": 1}, "counts.one_suit"), ({"queens": 1}, "counts.queens"),
    ("2 twos", "counts"), ([1, 0], "counts"),
])
def test_bad_counts_are_a_400_naming_the_field_and_write_nothing(continental, counts, field):
    problem = continental.enter("exit", 1, counts=counts, expect=400)
    assert problem["title"] == "Malformed request" and field in problem["detail"]
    assert len(continental.entries()) == 2


def test_counts_beyond_the_decks_are_a_422_by_k2_naming_the_player(continental):
    problem = continental.enter("exit", 3, counts={"twos": 9, "jokers": 3}, expect=422)
    assert problem["rules"] == ["K-2"] and len(problem["violations"]) == 2
    assert all("Dan" in v["message"] for v in problem["violations"])
    assert len(continental.entries()) == 2


def test_counts_with_full_tracking_are_a_400(tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    problem = table.enter("exit", 1, counts={"twos": 0}, expect=400)
    assert "results tracking" in problem["detail"]


def test_a_quick_exit_sent_twice_with_one_key_is_written_once(continental):
    first = continental.enter("exit", 1, counts={"jokers": 2}, key="quick-1")
    again = continental.enter("exit", 1, counts={"jokers": 2}, key="quick-1", version=2)
    assert again == first and len(continental.entries()) == 3
    assert [p["score"] for p in continental.state()["players"]] == [-5, 15, -5, -5]


def test_a_rami_round_by_points_is_scored_and_marked_not_refereed(rami):
    answer = rami.enter("round", winner=1, hands={"2": ["KS", "3D"]}, points={"0": 42})
    assert answer["entry"]["points"] == {"0": 42} and answer["entry"]["hands"] == {"2": ["KS", "3D"]}
    assert answer["verdict"]["scores"] == {"0": 42, "1": 0, "2": 13} and answer["verdict"]["refereed"] is False
    assert [p["score"] for p in rami.state()["players"]] == [42, 0, 13]


@pytest.mark.parametrize("points, field", [
    ({"0": "ten", "2": 5}, "points"), ({"0": -3, "2": 5}, "points"), ({"0": 5000, "2": 5}, "points"),
    ({"zero": 5, "2": 5}, "points"), ([5, 5], "points"), ({"0": 4.5, "2": 5}, "points"),
])
def test_bad_points_are_a_400_and_write_nothing(rami, points, field):
    problem = rami.enter("round", winner=1, points=points, expect=400)
    assert problem["title"] == "Malformed request" and field in problem["detail"]
    assert len(rami.entries()) == 2


def test_points_no_hand_can_be_worth_are_a_422_naming_the_player(rami):
    problem = rami.enter("round", winner=1, points={"0": 209, "2": 1}, expect=422)
    assert problem["rules"] == ["R-14"]
    assert ["Ana" in v["message"] for v in problem["violations"]] == [True, False]
    assert "Chloé" in problem["violations"][1]["message"]
    problem = rami.enter("round", winner=1, points={"0": 10, "1": 10, "2": 10}, expect=422)
    assert problem["rules"] == ["R-14"]


def test_a_replacement_with_bad_counts_is_a_400(continental):
    continental.enter("exit", 1, counts={"twos": 1})
    problem = continental.enter("replace", target=3, entry={"type": "exit", "seat": 1, "counts": {"twos": -2}},
                                expect=400)
    assert "entry.counts.twos" in problem["detail"]
    answer = continental.enter("replace", target=3, entry={"type": "exit", "seat": 1, "counts": {"twos": 2}})
    assert answer["verdict"]["refereed"] is False and answer["verdict"]["settlement"]["per_opponent"] == 3


def test_the_openapi_description_has_the_quick_score_fields(client):
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    assert set(schemas["ExitCounts"]["properties"]) == {"twos", "jokers", "one_suit"}
    assert "points" in schemas["RoundPoints"]["properties"]
    assert "counts" in schemas["EntryBody"]["properties"]["entry"]["description"]


def test_quick_scores_export_and_import_to_the_same_state(rami, client, tables):
    rami.enter("round", winner=2, points={"0": 17, "1": 40})
    rami.enter("deal", dealer=1)
    rami.enter("round", winner=0, hands={"1": ["KS"]}, points={"2": 9})
    exported = client.get(f"/api/v1/tables/{rami.id}/export").get_data(as_text=True)
    response = client.post("/api/v1/tables/import", data=exported.encode(), content_type="application/x-ndjson")
    assert response.status_code == 201, response.get_data(as_text=True)
    copy = tables.attach(response.json)
    state = {k: v for k, v in rami.state().items() if k != "id"}
    assert {k: v for k, v in copy.state().items() if k != "id"} == state
    assert [r.get("refereed", True) for r in state["results"]] == [False, False]
    assert [p["score"] for p in rami.state(at=3)["players"]] == [17, 40, 0]
