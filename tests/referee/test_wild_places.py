"""Where a wild with no announced card may stand (K-5): one search, `referee.melds.wild_places`, serves both games
through `Game.places` (issue 18, item 2)."""

from __future__ import annotations

from referee import games

RAMI, CONTINENTAL = games.ALL[1].places, games.ALL[0].places


def test_a_rami_joker_with_one_place_is_announced_there():
    assert RAMI(["5S", "6S", "JK", "8S"]) == [["5S", "6S", "JK=7S", "8S"]]
    assert RAMI(["AS", "AC", "AH", "JK"]) == [["AC", "JK=AD", "AH", "AS"]]


def test_a_rami_joker_with_several_places_gives_each_lowest_first():
    assert RAMI(["5S", "6S", "7S", "JK"]) == [["JK=4S", "5S", "6S", "7S"], ["5S", "6S", "7S", "JK=8S"]]
    assert RAMI(["QS", "KS", "JK"]) == [["JK=JS", "QS", "KS"], ["QS", "KS", "JK=AS"]]
    assert RAMI(["7C", "7D", "JK"]) == [["7C", "7D", "JK=7H"], ["7C", "7D", "JK=7S"]]


def test_a_meld_that_is_none_however_announced_has_no_way_and_a_meld_as_given_is_its_own():
    assert RAMI(["5S", "JK", "JK"]) == []  # one joker a meld
    assert RAMI(["5S", "9S", "JK"]) == []
    assert RAMI(["QH", "KH", "AH"]) == [["QH", "KH", "AH"]]


def test_continental_runs_place_their_wilds_by_the_same_search():
    assert CONTINENTAL(["3H", "JK", "5H"]) == [["3H", "JK=4H", "5H"]]
    assert CONTINENTAL(["3H", "2C", "5H"]) == [["3H", "2C=4H", "5H"]]
    assert CONTINENTAL(["2H", "3H", "4H"]) == [["2H", "3H", "4H"]]  # C-9: a 2 at its own place
    assert CONTINENTAL(["2C", "JK", "2H"]) == []  # C-8: no natural
