"""G-8: after a knock that is not gin, the other melds and lays off on the knocker's melds."""

from gin_cards import cards, knock

from referee.gin.arrange import arrangements
from referee.gin.laying import Laying

KNOCKER = "6H 7H 8H 2S 3S 4S JD QD KD AC"  # runs 6H-8H, 2S-4S, JD-KD; AC out: 1 of deadwood


def test_the_fourth_card_of_a_set_is_laid_off():
    verdict = knock("8C 8D 8H 2S 3S 4S JD QD KD AC", "8S KC QH JS 10C 9H 7D 6S 5C 4H")
    assert verdict["laid_off"] == ["8S"] and verdict["other_melds"] == []
    assert verdict["other_deadwood"] == 10 + 10 + 10 + 10 + 9 + 7 + 6 + 5 + 4


def test_cards_are_laid_off_one_after_another_at_both_ends_of_a_run():
    # 5H goes below 6H-8H; 9H above it, and then 10H above 9H.
    verdict = knock(KNOCKER, "9H 10H 5H KC QS JC 9D 7C 6S 3C")
    assert sorted(verdict["laid_off"]) == ["10H", "5H", "9H"]
    assert verdict["laid_off"].index("9H") < verdict["laid_off"].index("10H")
    assert verdict["other_deadwood"] == 10 + 10 + 10 + 9 + 7 + 6 + 3


def test_a_card_beyond_a_gap_is_not_laid_off():
    verdict = knock(KNOCKER, "10H 4H KC QS JC 9D 7C 6S 3C 2D")
    assert verdict["laid_off"] == [] and verdict["other_deadwood"] == 10 + 4 + 10 + 10 + 10 + 9 + 7 + 6 + 3 + 2


def test_nothing_is_laid_off_on_a_gin():
    verdict = knock("6H 7H 8H 2S 3S 4S JD QD KD 10D", "9H 5H 8S KC QS JC 9D 7C 6D 3C")
    assert verdict["gin"] and verdict["laid_off"] == []
    assert verdict["other_deadwood"] == 9 + 5 + 8 + 10 + 10 + 10 + 9 + 7 + 6 + 3


def test_the_other_melds_her_own_cards_and_lays_off_what_is_left():
    verdict = knock(KNOCKER, "9H 5C 5D 5S QC QH QS KC 2C 3D")
    assert sorted(verdict["other_melds"]) == [["5C", "5D", "5S"], ["QC", "QH", "QS"]]
    assert verdict["laid_off"] == ["9H"] and verdict["other_deadwood"] == 10 + 2 + 3


def test_a_card_she_could_meld_or_lay_off_goes_where_it_leaves_her_less():
    # 9H could follow the knocker's 6H-8H, but in the set 9C 9D 9H it takes 9C and 9D out of her deadwood too.
    verdict = knock(KNOCKER, "9H 9C 9D KC QS JH 2C 4D 6C 7S")
    assert verdict["other_melds"] == [["9C", "9D", "9H"]] and verdict["laid_off"] == []
    assert verdict["other_deadwood"] == 10 + 10 + 10 + 2 + 4 + 6 + 7


def test_the_knocker_s_arrangement_that_lets_the_other_lay_off_least_is_taken():
    # The knocker leaves 4 either way: 2C 2D 2H with AH 3H out, or AH 2H 3H with 2C 2D out. The set lets the
    # other lay off 2S (2), the run lets her lay off 4H (4): the referee takes the set.
    verdict = knock("2C 2D 2H AH 3H 9S 10S JS QS KS", "2S 4H KC KD QH QD JH JC 10D 8C")
    assert verdict["deadwood"] == 4 and ["2C", "2D", "2H"] in verdict["melds"]
    assert verdict["laid_off"] == ["2S"] and verdict["other_deadwood"] == 84 - 2
    assert verdict["score"] == {"winner": "knocker", "points": 82 - 4, "undercut": False}


def test_the_knocker_lays_nothing_off_on_the_other_s_melds():
    # AC would go below her 2C-4C, but only the other lays off: the knocker's ace stays deadwood.
    verdict = knock(KNOCKER, "2C 3C 4C KC QS JH 9D 7C 5D 10S")
    assert verdict["deadwood"] == 1 and verdict["other_melds"] == [["2C", "3C", "4C"]]
    assert verdict["score"] == {"winner": "knocker", "points": 61 - 1, "undercut": False}


def test_a_card_she_melds_is_never_proposed_to_lay_off_one_by_one():
    # The 9H fits 6H-8H, but her set 9C 9D 9H leaves her less (G-8's Reading): nothing is proposed.
    other = cards("9H 9C 9D KC QS JH 2C 4D 6C 7S")
    assert Laying(arrangements(cards(KNOCKER))[0], tuple(other)).proposals() == []
