"""Gin rami through the JSON API: the stateless knock judge on the golden cases, and tables played through
`POST /api/v1/tables/{id}/entries` (both trackings) to 100, on SQLite (and PostgreSQL when TEST_DATABASE_URL is
set: the `client` fixture's database)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

KNOCK = "/api/v1/referee/gin/knock"
GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "golden" / "gin_cases.json").read_text(encoding="utf-8"))
KNOCKER = ["AH", "2H", "3H", "4S", "4D", "4C", "9C", "10C", "JC", "2S"]  # deadwood 2 (the 2S)
OTHER = ["4H", "5H", "QH", "QD", "QC", "7S", "8S", "9D", "KH", "6C"]  # lays 4H 5H off on A-2-3H: 40 left


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=[c["name"] for c in GOLDEN["cases"]])
def test_the_knock_judge_answers_each_golden_case(client, case):
    answer = client.post(KNOCK, json=case["request"])
    assert answer.status_code == 200, answer.get_data(as_text=True)
    verdict, expect = answer.json, case["expect"]
    assert {k: verdict[k] for k in GOLDEN["compared"] if k in expect} == \
        {k: expect[k] for k in GOLDEN["compared"] if k in expect}
    assert set(verdict) == {"valid", "gin", "melds", "deadwood", "other_melds", "laid_off", "other_deadwood", "score",
                            "violations"}


@pytest.mark.parametrize("case", GOLDEN["refused"], ids=[c["name"] for c in GOLDEN["refused"]])
def test_the_knock_judge_refuses_each_golden_refusal_naming_its_rule(client, case):
    answer = client.post(KNOCK, json=case["request"])
    assert answer.status_code == case["expect"]["status"], answer.get_data(as_text=True)
    assert answer.json["rules"][0] == case["expect"]["rule"]


def test_the_knock_judge_refuses_more_cards_than_one_deck_holds_by_k2(client):
    answer = client.post(KNOCK, json={"hand": ["AH"] * 30, "other": ["2H"] * 30})
    assert answer.status_code == 400 and answer.json["rules"] == ["K-2"]
    assert "52" in answer.json["detail"]


def test_the_knock_judge_is_described_with_its_shapes(client):
    spec = client.get("/api/openapi.json").json
    operation = spec["paths"][KNOCK]["post"]
    assert "422" in operation["responses"] and "400" in operation["responses"]
    assert set(spec["components"]["schemas"]["KnockRequest"]["properties"]) == {"hand", "other"}
    assert set(operation["responses"]) == {"200", "400", "413", "415", "422", "429"}
    verdict = spec["components"]["schemas"]["KnockVerdict"]["properties"]  # API.md's answer, field for field
    assert set(verdict) == {"valid", "gin", "melds", "deadwood", "other_melds", "laid_off", "other_deadwood", "score",
                            "violations"}
    assert set(spec["components"]["schemas"]["KnockScore"]["properties"]) == {"winner", "points", "undercut"}


def test_a_scorekeeping_game_to_100_ends_with_its_bonuses_and_a_shutout(tables):
    table = tables.create("gin", tracking="results")
    table.enter("deal", dealer=1)
    first = table.enter("knock", 0, deadwood=0, gin=True)["verdict"]
    assert first["valid"] is True and first["gin"] is True
    shown = table.enter("show", 1, deadwood=30)["verdict"]
    assert shown["score"] == {"winner": "knocker", "points": 55, "undercut": False} and shown["rules"] == ["G-8", "G-7",
                                                                                                        "G-9"]
    refused = table.enter("deal", dealer=1, expect=422)  # G-2: the winner of the last hand deals the next
    assert refused["rules"] == ["G-2"] and "Ana" in refused["violations"][0]["message"]
    table.enter("deal", dealer=0)
    table.enter("knock", 0, deadwood=0, gin=True)
    last = table.enter("show", 1, deadwood=30)["verdict"]
    assert last["game"] == {"winner": 0, "bonuses": {"0": 410, "1": 0}, "totals": {"0": 520, "1": 0}, "shutout": True,
                            "result": 520}
    state = table.state()
    assert state["status"] == "finished" and state["winners"] == [0]
    assert [p["score"] for p in state["players"]] == [520, 0]  # (110 + 100 + 2 × 25) × 2
    assert state["results"][-1]["rules"] == ["G-8", "G-7", "G-9", "G-11"] and state["deal"]["phase"] == "over"
    assert table.enter("deal", dealer=0, expect=422)["rules"] == ["G-11"]


def test_an_undercut_scores_the_other_and_a_knock_over_10_is_a_fact_not_valid(tables):
    table = tables.create("gin", tracking="results")
    table.enter("deal", dealer=0)
    invalid = table.enter("knock", 1, deadwood=14)  # G-12: written, judged not valid, nothing scored
    assert invalid["verdict"]["valid"] is False and invalid["verdict"]["violations"][0]["rule"] == "G-12"
    assert table.state()["deal"]["phase"] == "result"
    table.enter("knock", 1, deadwood=8)
    verdict = table.enter("show", 0, deadwood=5)["verdict"]
    assert verdict["score"] == {"winner": "other", "points": 28, "undercut": True} and verdict["winner"] == 0
    assert [p["score"] for p in table.state()["players"]] == [28, 0]
    table.enter("deal", dealer=0)  # the undercutter won: she deals
    table.enter("null_deal")  # G-10: a void hand scores nothing, the same dealer deals again
    assert table.state()["results"][-1] == {"deal": 2, "winner": None, "scores": {"0": 0, "1": 0}, "rules": ["G-10"]}
    assert table.enter("deal", dealer=1, expect=422)["rules"] == ["G-2"]
    table.enter("deal", dealer=0)


def test_bad_counts_and_fields_are_a_400_and_write_nothing(tables):
    table = tables.create("gin", tracking="results")
    table.enter("deal", dealer=0)
    assert "deadwood" in table.enter("knock", 1, deadwood=-1, expect=400)["detail"]
    assert table.enter("knock", 1, deadwood=3, gin=True, expect=422)["rules"] == ["G-7"]
    assert table.enter("knock", 1, hand=KNOCKER, card="QS", expect=400)["title"] == "Malformed request"
    assert table.enter("show", 0, deadwood=3, expect=422)["rules"] == ["G-8"]  # nobody has knocked
    assert len(table.entries()) == 2
    assert tables.create("gin", ["Ana", "Ben", "Chloé"], expect=422)["rules"] == ["G-1"]
    assert tables.create("gin", options={"ceiling": 200}, expect=400)["title"] == "Malformed request"


def test_a_refereed_hand_the_upcard_a_knock_and_the_other_s_lay_offs(tables):
    table = tables.create("gin")
    table.enter("deal", dealer=0, upcard="KD")
    assert table.enter("upcard", 0, take=False, expect=422)["rules"] == ["G-3"]  # the non-dealer decides first
    table.enter("upcard", 1, take=False)
    table.enter("upcard", 0, take=False)
    deal = table.state()["deal"]
    assert (deal["phase"], deal["turn"], deal["stock"], deal["discard_top"]) == ("draw", 1, 31, "KD")
    table.enter("draw", 1, from_="stock")
    knocked = table.enter("knock", 1, card="QS", hand=KNOCKER, as_seat=1)["verdict"]
    assert knocked["valid"] is True and knocked["deadwood"] == 2
    assert table.state()["deal"]["phase"] == "show" and table.state()["deal"]["turn"] == 0
    shown = table.enter("show", 0, hand=OTHER, as_seat=0)["verdict"]
    assert shown["laid_off"] == ["4H", "5H"] and shown["other_deadwood"] == 40
    assert shown["score"] == {"winner": "knocker", "points": 38, "undercut": False} and "G-8" in shown["rules"]
    state = table.state()
    assert [p["score"] for p in state["players"]] == [0, 38] and state["deal"]["next_dealer"] == 1


def test_an_invalid_refereed_knock_stands_as_a_discard_and_its_cards_stay_known(tables):
    table = tables.create("gin")
    table.enter("deal", dealer=0, upcard="KD")
    table.enter("upcard", 1, take=True)  # she takes the upcard: she discards next (G-3)
    assert table.enter("discard", 1, card="KD", expect=422)["rules"] == ["G-4"]  # not the card just taken
    hand = ["KD", "KS", "QD", "JD", "9S", "7C", "5H", "3C", "2D", "AS"]
    answer = table.enter("knock", 1, card="8H", hand=hand)
    assert answer["verdict"]["valid"] is False and answer["verdict"]["violations"][0]["rule"] == "G-12"
    deal = table.state()["deal"]
    assert (deal["phase"], deal["turn"], deal["discard_top"]) == ("draw", 0, "8H")
    assert sorted(deal["known"]["1"]) == sorted(hand)
    assert table.enter("discard", 0, card="9S", expect=422)["rules"] == ["G-4"]  # draw first
    table.enter("draw", 0, from_="discard")
    assert table.enter("discard", 0, card="KS", expect=422)["rules"] == ["K-2"]  # Ben showed the KS


def test_a_discard_that_leaves_two_cards_in_the_stock_ends_the_hand_void(tables):
    table = tables.create("gin")
    table.enter("deal", dealer=0, upcard="KD")
    table.enter("upcard", 1, take=False)
    table.enter("upcard", 0, take=False)
    cards = iter(f"{rank}{suit}" for suit in "CDHS" for rank in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K")
                 if f"{rank}{suit}" != "KD")
    seat, verdict = 1, None
    for _ in range(29):  # 31 in the stock: 29 draws leave 2 (G-10)
        table.enter("draw", seat, from_="stock")
        verdict = table.enter("discard", seat, card=next(cards))["verdict"]
        seat = 1 - seat
    assert verdict == {"void": True, "rules": ["G-10"]}
    state = table.state()
    assert state["results"] == [{"deal": 1, "winner": None, "scores": {"0": 0, "1": 0}, "rules": ["G-10"]}]
    assert state["deal"]["next_dealer"] == 0


def test_once_both_passed_the_upcard_the_non_dealer_may_not_draw_it(tables):
    """G-3: the non-dealer's first draw is from the stock; a later draw takes the discard pile's top as usual."""
    table = tables.create("gin")
    table.enter("deal", dealer=0, upcard="KD")
    table.enter("upcard", 1, take=False)
    table.enter("upcard", 0, take=False)
    refused = table.enter("draw", 1, from_="discard", expect=422)
    assert refused["rules"] == ["G-3"] and refused["detail"] == \
        "G-3: both players passed the upcard: Ben draws from the stock"
    table.enter("draw", 1, from_="stock")
    table.enter("discard", 1, card="5C")
    table.enter("draw", 0, from_="discard")
    assert table.state()["deal"]["known"]["0"] == ["5C"]


def test_an_entry_out_of_its_phase_is_refused_naming_whose_move_it_is(tables):
    """G-3, G-4: a phone that enters a move the hand does not wait for is told who is to play, by name, under the
    entry's own rule (in French on the pages: tests/gin/test_gin_play.py)."""
    table = tables.create("gin")
    table.enter("deal", dealer=0, upcard="KD")
    refused = table.enter("discard", 1, card="5C", expect=422)
    assert refused["detail"] == "G-4: it is Ben's turn to take the upcard or pass"
    table.enter("upcard", 1, take=False)
    table.enter("upcard", 0, take=False)
    refused = table.enter("upcard", 0, take=True, expect=422)
    assert refused["detail"] == "G-3: it is Ben's turn to draw"
    table.enter("draw", 1, from_="stock")
    refused = table.enter("upcard", 0, take=True, expect=422)
    assert refused["detail"] == "G-3: Ben has drawn and discards or knocks now"
