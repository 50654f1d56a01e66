"""K-4, K-5, R-6..R-8: runs and sets with announced wilds, shared by both games."""

import pytest

from referee.cards import parse_cards
from referee.continental.exit import is_wild as continental_wild
from referee.melds import check_run, check_set, parse_meld
from referee.rami.hand import hand_value
from referee.rami.meld import check_meld
from referee.rami.meld import is_wild as rami_wild


def run(tokens, wild=rami_wild, **options):
    return check_run(parse_meld(tokens), wild, **options)


def texts(result):
    return [p.text for _, p in result.ordered]


@pytest.mark.parametrize("tokens, ordered", [
    (["5H", "3H", "4H"], ["3H", "4H", "5H"]),
    (["AH", "KH", "QH"], ["QH", "KH", "AH"]),
    (["3S", "AS", "2S"], ["AS", "2S", "3S"]),
    (["JK=6S", "7S", "5S"], ["5S", "JK=6S", "7S"]),
    (["JK=AD", "QD", "KD"], ["QD", "KD", "JK=AD"]),
])
def test_a_run_in_any_order_is_ordered_by_position(tokens, ordered):
    result = run(tokens)
    assert result.ok and texts(result) == ordered


def test_k_a_2_is_refused_and_the_message_says_it_wraps():
    result = run(["KH", "AH", "2H"])
    assert [v.rule for v in result.violations] == ["K-4"]
    assert "wraps" in result.violations[0].message


def test_mixed_suits_are_refused_naming_the_suits():
    result = run(["9H", "10S", "JH"])
    assert [v.rule for v in result.violations] == ["K-4"]
    assert "hearts and spades" in result.violations[0].message


def test_a_wild_announced_in_another_suit_is_refused_saying_the_run_s_suit():
    result = run(["9H", "JK=10S", "JH"])
    assert [v.rule for v in result.violations] == ["K-5"]
    message = result.violations[0].message
    assert "JK=10S" in message and "hearts" in message and "10H" in message


def test_a_wild_announced_off_its_place_is_refused_with_the_place_it_could_take():
    result = run(["9H", "JK=QH", "JH"])
    assert [v.rule for v in result.violations] == ["K-5"]
    assert result.violations[0].card == "JK=QH" and "10H" in result.violations[0].message


def test_an_unannounced_joker_is_refused():
    result = run(["9H", "JK", "JH"])
    assert [v.rule for v in result.violations] == ["K-5"] and result.violations[0].card == "JK"


def test_a_gap_the_cards_cannot_fill_is_refused():
    result = run(["3H", "7H", "9H"])
    assert [v.rule for v in result.violations] == ["K-4"] and "not consecutive" in result.violations[0].message


def test_a_natural_cannot_pretend_to_be_another_card():
    result = run(["7H=8H", "9H", "10H"])
    assert result.violations[0].rule == "K-5" and result.violations[0].card == "7H=8H"


def test_two_cards_for_one_place_are_refused():
    result = run(["JK=7H", "7H", "8H"])
    assert [v.rule for v in result.violations] == ["K-5"] and "7H" in result.violations[0].message


def test_a_run_needs_three_cards():
    assert [v.rule for v in run(["7H", "8H"]).violations] == ["K-4"]


def test_a_continental_2_at_its_own_place_needs_no_announcement_but_elsewhere_it_does():
    assert run(["AH", "2H", "3H"], continental_wild, own_place_twos=True).ok
    away = run(["2H", "5H", "6H"], continental_wild, own_place_twos=True)
    assert not away.ok and "own place" in away.violations[0].message
    other_suit = run(["2S", "3H", "4H"], continental_wild, own_place_twos=True)
    assert not other_suit.ok and "hearts" in other_suit.violations[0].message


def test_a_set_has_one_rank_and_different_suits():
    assert check_set(parse_meld(["7H", "7S", "7D", "7C"]), rami_wild).ok
    assert [v.rule for v in check_set(parse_meld(["7H", "7H", "7S"]), rami_wild).violations] == ["R-6"]
    assert [v.rule for v in check_set(parse_meld(["7H", "8S", "7D"]), rami_wild).violations] == ["R-6"]
    assert not check_set(parse_meld(["7H", "7S", "7D", "7C", "JK=7H"]), rami_wild).ok


@pytest.mark.parametrize("tokens, kind, value", [
    (["QH", "KH", "AH"], "run", 31), (["AH", "2H", "3H"], "run", 6), (["7H", "7S", "7D"], "set", 21),
    (["AS", "AH", "AD"], "set", 33), (["5S", "JK=6S", "7S"], "run", 18), (["2C", "3C", "4C", "5C"], "run", 14),
    (["JK=KD", "KS", "KH"], "set", 30), (["9C", "10C", "JC", "QC", "KC"], "run", 49),
])
def test_a_rami_meld_has_a_kind_and_a_value(tokens, kind, value):
    verdict = check_meld(parse_meld(tokens))
    assert (verdict.valid, verdict.kind, verdict.value) == (True, kind, value)


def test_a_rami_meld_holds_one_joker_at_most():
    verdict = check_meld(parse_meld(["JK=5S", "JK=6S", "7S"]))
    assert not verdict.valid and "R-7" in [v.rule for v in verdict.violations]


def test_a_rami_2_is_an_ordinary_card_that_cannot_be_announced():
    verdict = check_meld(parse_meld(["2C=6C", "5C", "7C"]))
    assert not verdict.valid and verdict.violations[0].rule == "K-5" and "not wild" in verdict.violations[0].message


@pytest.mark.parametrize("tokens, value", [
    (["AH", "JK", "10S"], 46), (["2C", "9D", "KS", "QH", "JC"], 41), ([], 0),
])
def test_a_rami_hand_is_valued_per_r_14(tokens, value):
    assert hand_value(parse_cards(tokens)) == value
