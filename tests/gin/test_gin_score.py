"""G-9: a hand's score: the lower deadwood wins the difference, an undercut adds 25, a gin 25."""

from gin_cards import knock

from referee.gin.score import hand_score


def test_the_knocker_with_the_lower_deadwood_scores_the_difference():
    score = hand_score(7, 19)
    assert (score.winner, score.points, score.undercut, score.gin) == ("knocker", 12, False, False)


def test_the_other_with_a_lower_deadwood_undercuts_and_scores_the_difference_and_25():
    score = hand_score(9, 1)
    assert (score.winner, score.points, score.undercut) == ("other", 8 + 25, True)


def test_an_equal_deadwood_is_an_undercut_worth_25():
    assert hand_score(6, 6).to_dict() == {"winner": "other", "points": 25, "undercut": True}


def test_a_gin_scores_the_other_s_deadwood_and_25_and_cannot_be_undercut():
    assert hand_score(0, 0).to_dict() == {"winner": "knocker", "points": 25, "undercut": False}
    score = hand_score(0, 31)
    assert (score.points, score.gin, score.rules) == (56, True, ("G-7", "G-9"))


def test_an_undercut_after_lay_offs_is_judged_on_the_deadwood_left():
    # The other lays 8S on the knocker's 8s and 4S after his AS-3S: AD 2D are left, 3 under his 9.
    verdict = knock("AS 2S 3S 8C 8D 8H KH QH JH 9C", "4C 5C 6C 7S 7D 7H 8S 4S AD 2D")
    assert verdict["deadwood"] == 9 and sorted(verdict["laid_off"]) == ["4S", "8S"] and verdict["other_deadwood"] == 3
    assert verdict["score"] == {"winner": "other", "points": 9 - 3 + 25, "undercut": True}
