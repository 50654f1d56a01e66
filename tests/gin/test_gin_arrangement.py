"""G-6: the referee takes the arrangement with the lowest deadwood; the player announces none."""

from gin_cards import cards, texts

from referee.gin.arrange import arrange, arrangements


def test_a_card_of_both_a_run_and_a_set_goes_where_it_leaves_less_deadwood():
    # 8H ends the run 5H-8H or makes the set of 8s: the set leaves A 2 3 4 (10), the run 8C 8S too (26).
    arranged = arrange(cards("5H 6H 7H 8H 8C 8S AC 2D 3S 4C"))
    assert texts(arranged.melds) == [["5H", "6H", "7H"], ["8C", "8H", "8S"]]
    assert [c.text for c in arranged.deadwood] == ["AC", "4C", "2D", "3S"] and arranged.points == 10


def test_a_seven_card_run_split_or_whole_leaves_the_same_deadwood():
    found = arrangements(cards("AS 2S 3S 4S 5S 6S 7S KD KH QC"))
    assert {a.points for a in found} == {30}
    assert [["AS", "2S", "3S", "4S", "5S", "6S", "7S"]] in [texts(a.melds) for a in found]
    assert [["AS", "2S", "3S"], ["4S", "5S", "6S", "7S"]] in [texts(a.melds) for a in found]


def test_no_meld_leaves_the_whole_hand_as_deadwood():
    arranged = arrange(cards("AC 3D 5H 7S 9C JD KH 2S 4C 6D"))
    assert arranged.melds == () and arranged.points == 1 + 3 + 5 + 7 + 9 + 10 + 10 + 2 + 4 + 6


def test_every_arrangement_given_has_the_lowest_deadwood():
    found = arrangements(cards("7C 7D 7H 7S 8H 9H 10H 5C 6C 4C"))
    # The four 7s with 8H-10H dead, or 7C 7D 7S with 7H-10H, or 7D 7H 7S with 4C-7C and 8H-10H...
    assert found and {a.points for a in found} == {0}
    assert all(sorted(c.text for m in a.melds for c in m.cards) == sorted(
        "7C 7D 7H 7S 8H 9H 10H 5C 6C 4C".split()) for a in found)
