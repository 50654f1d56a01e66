"""Every public Gin rami case of tests/golden/gin_cases.json, through the referee's own functions.

The knocks go to `judge_knock`, which answers as `POST /api/v1/referee/gin/knock` will once the game
is wired (the fields "compared" names are compared); the table's rules (G-2, G-3, G-4, G-10, G-11)
and results tracking's counts go to their pure checks. tests/gin/test_gin_golden_reference.py judges the same knocks by brute force.
"""

import json
from pathlib import Path

import pytest

from referee.cards import CardError, parse_card
from referee.gin.deal import is_void, next_dealer
from referee.gin.knock import judge_knock
from referee.gin.quick import knock_violations, quick_score, read_count, read_knock
from referee.gin.tally import Hand, tally
from referee.gin.turn import check_discard
from referee.gin.upcard import chooser, play_starts
from referee.violations import Refusal

GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" / "gin_cases.json").read_text(encoding="utf-8"))


def _ids(section):
    return [case["name"] for case in GOLDEN[section]]


def test_the_golden_file_has_cases_for_every_rule_g1_to_g12():
    cited = {rule for section in ("cases", "refused", "deals", "upcards", "turns", "void", "games", "quick")
             for case in GOLDEN[section] for rule in case["rules"]}
    assert cited >= {f"G-{n}" for n in range(1, 13)}


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=_ids("cases"))
def test_golden_knock(case):
    verdict, expect = judge_knock(**case["request"]), case["expect"]
    assert {k: verdict[k] for k in GOLDEN["compared"] if k in expect} == {k: expect[k] for k in GOLDEN["compared"]
                                                                          if k in expect}
    if expect["valid"] is False:
        assert verdict["score"] is None and "G-12" in {v["rule"] for v in verdict["violations"]}
        assert all(v["message"] for v in verdict["violations"])


@pytest.mark.parametrize("case", GOLDEN["refused"], ids=_ids("refused"))
def test_golden_refusal(case):
    with pytest.raises((Refusal, CardError)) as refused:
        judge_knock(**case["request"])
    error = refused.value
    status = 400 if isinstance(error, CardError) else error.status
    rules = [error.rule] if isinstance(error, CardError) else error.rules
    assert (status, rules[0]) == (case["expect"]["status"], case["expect"]["rule"])


@pytest.mark.parametrize("case", GOLDEN["deals"], ids=_ids("deals"))
def test_golden_dealer(case):
    assert next_dealer(case["dealer"], case["winner"]) == case["expect"]["next"]


@pytest.mark.parametrize("case", GOLDEN["upcards"], ids=_ids("upcards"))
def test_golden_upcard(case):
    plays = play_starts(case["dealer"], case["choices"])
    assert chooser(case["dealer"], case["choices"]) == case["expect"]["decides"]
    assert (list(plays) if plays else None) == case["expect"]["plays"]


@pytest.mark.parametrize("case", GOLDEN["turns"], ids=_ids("turns"))
def test_golden_turn(case):
    taken = parse_card(case["taken"]) if case["taken"] else None
    try:
        check_discard(0, parse_card(case["discard"]), case["drawn"], taken)
        refused = None
    except Refusal as error:
        refused = error.rules[0]
    assert refused == case["expect"]["refused"]


@pytest.mark.parametrize("case", GOLDEN["void"], ids=_ids("void"))
def test_golden_void_hand(case):
    assert is_void(case["stock"], case["knocked"]) == case["expect"]["void"]


@pytest.mark.parametrize("case", GOLDEN["games"], ids=_ids("games"))
def test_golden_game(case):
    game = tally([Hand(seat, points) for seat, points in case["hands"]])
    assert {"winner": game.winner, "totals": list(game.totals), "shutout": game.shutout,
            "result": game.result} == case["expect"]


@pytest.mark.parametrize("case", GOLDEN["quick"], ids=_ids("quick"))
def test_golden_quick_score(case):
    try:
        deadwood = read_knock(case["deadwood"], case["gin"])
        other = read_count(case["other_deadwood"], "other_deadwood")
    except Refusal as error:
        assert {"refused": error.rules[0]} == case["expect"]
        return
    score = quick_score(deadwood, other)
    assert {"valid": not knock_violations(deadwood), "score": score and score.to_dict()} == case["expect"]
