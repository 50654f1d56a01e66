"""The stateless referee refuses bodies that cannot be a hand of the game's decks (K-2)."""

import pytest

import api


@pytest.fixture
def referee_client():
    return api.create_app({"TESTING": True, "DATABASE_URL": "sqlite://"}).test_client()


def test_a_hand_value_with_more_jokers_than_the_deck_is_refused_naming_k2(referee_client):
    answer = referee_client.post("/api/v1/referee/rami/hand-value", json={"cards": ["JK"] * 5})
    assert answer.status_code == 422
    assert answer.json["rules"] == ["K-2"]
    assert answer.json["violations"][0]["card"] == "JK"


def test_a_hand_value_with_four_jokers_is_counted(referee_client):
    answer = referee_client.post("/api/v1/referee/rami/hand-value", json={"cards": ["JK"] * 4 + ["2C", "2C"]})
    assert answer.status_code == 200
    assert answer.json == {"value": 104}


def test_an_exit_bigger_than_the_decks_is_a_400_without_judging_it(referee_client):
    runs = [["3C", "4C", "5C"]] * 40  # 120 cards
    answer = referee_client.post("/api/v1/referee/continental/exit", json={"runs": runs})
    assert answer.status_code == 400
    assert "120 cards" in answer.json["detail"]


def test_an_exit_of_sixteen_cards_is_still_judged_invalid_by_c6(referee_client):
    runs = [["3C", "4C", "5C"], ["6S", "7S", "8S"], ["9H", "10H", "JH"], ["QD", "KD", "AD"], ["9C", "10C", "JC", "QC"]]
    answer = referee_client.post("/api/v1/referee/continental/exit", json={"runs": runs})
    assert answer.status_code == 200
    assert answer.json["valid"] is False
    assert "C-6" in [v["rule"] for v in answer.json["violations"]]


def test_a_meld_bigger_than_the_decks_is_a_400(referee_client):
    answer = referee_client.post("/api/v1/referee/rami/meld", json={"cards": ["7H"] * 200})
    assert answer.status_code == 400
