"""G-7 and G-12: a knock with 10 of deadwood or less is valid, 0 is gin; over 10 the verdict says why."""

import pytest
from gin_cards import knock

from referee.cards import CardError
from referee.violations import Malformed, Refusal

OTHER = "KS KD QC JD 10H 9C 6S 6C 2C 3D"  # no meld, nothing to lay off on the knocks below: 76


def test_ten_of_deadwood_is_a_valid_knock():
    verdict = knock("5H 6H 7H 8H 8C 8S AC 2D 3S 4C", OTHER)
    assert verdict["valid"] and not verdict["gin"] and verdict["deadwood"] == 10
    assert verdict["violations"] == [] and verdict["score"] == {"winner": "knocker", "points": 66, "undercut": False}


def test_no_deadwood_is_gin():
    verdict = knock("2S 3S 4S 5S 9D 9H 9C QC QD QS", "6S 7S AH AC AD 8H 8D JC KC KH")
    assert verdict["gin"] and verdict["deadwood"] == 0 and verdict["other_deadwood"] == 59
    assert verdict["score"] == {"winner": "knocker", "points": 59 + 25, "undercut": False}


def test_eleven_of_deadwood_is_no_knock_and_the_verdict_names_it_and_its_cards():
    verdict = knock("5H 6H 7H 8C 8D 8S AC 2D 3S 5C", OTHER)
    assert not verdict["valid"] and verdict["deadwood"] == 11 and verdict["score"] is None
    (why,) = verdict["violations"]
    assert why["rule"] == "G-12" and "(G-7)" in why["message"]
    assert why["params"] == {"deadwood": 11, "cards": ["AC", "5C", "2D", "3S"], "limit": 10}
    assert why["message"] == ("the best arrangement leaves 11 of deadwood (AC, 5C, 2D, 3S): a knock needs 10 or "
                              "less (G-7)")


def test_an_invalid_knock_still_shows_the_cards_as_best_arranged_and_nothing_of_the_other():
    verdict = knock("5H 6H 7H 8C 8D 8S AC 2D 3S 5C", OTHER)
    assert verdict["melds"] == [["8C", "8D", "8S"], ["5H", "6H", "7H"]] or verdict["melds"] == [
        ["5H", "6H", "7H"], ["8C", "8D", "8S"]]
    assert (verdict["other_melds"], verdict["laid_off"], verdict["other_deadwood"]) == ([], [], None)


def test_the_answer_has_exactly_the_fields_of_the_contract():
    assert set(knock("5H 6H 7H 8H 8C 8S AC 2D 3S 4C", OTHER)) == {
        "valid", "gin", "melds", "deadwood", "other_melds", "laid_off", "other_deadwood", "score", "violations"}


def test_a_hand_of_nine_cards_is_not_a_knock_to_judge():
    with pytest.raises(Malformed) as refused:
        knock("5H 6H 7H 8H 8C 8S AC 2D 3S", OTHER)
    assert refused.value.status == 400 and refused.value.rules == ["G-2"]
    assert refused.value.message == "`hand` holds 9 cards: a hand holds 10"


def test_a_card_in_both_hands_is_refused_by_the_one_deck():
    with pytest.raises(Refusal) as refused:
        knock("5H 6H 7H 8H 8C 8S AC 2D 3S 4C", "KS KD QC JD 10H 9C 6S 6C 2C 4C")
    assert refused.value.status == 422 and [(v.rule, v.card) for v in refused.value.violations] == [("K-2", "4C")]
    assert refused.value.violations[0].message == "4C is shown 2 times: the one deck holds it once"


def test_a_joker_has_no_place_in_a_gin_hand():
    with pytest.raises(Refusal) as refused:
        knock("5H 6H 7H 8H 8C 8S AC 2D 3S JK", OTHER)
    assert [(v.rule, v.card) for v in refused.value.violations] == [("K-2", "JK")]


@pytest.mark.parametrize("token", ["XX", "JK=7H", "11H"])
def test_a_token_that_is_no_card_is_refused_naming_it(token):
    with pytest.raises(CardError) as refused:
        knock(f"5H 6H 7H 8H 8C 8S AC 2D 3S {token}", OTHER)
    assert refused.value.rule == "K-1" and refused.value.token == token


def test_hands_are_read_in_any_spelling_k1_accepts():
    assert knock("5h 6♥ 7H 8H 8c 8♠ ac 2D 3S 4C", OTHER)["deadwood"] == 10
