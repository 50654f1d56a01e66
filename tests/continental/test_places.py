"""Where a Continental run's wilds may stand (K-5, C-7..C-9): `referee.continental.places.places`, the search the
exit check asks before it lets the player choose (issue 29, item 15)."""

from referee.continental.places import places


def test_a_wild_with_one_place_has_one_way():
    assert places(["3H", "JK", "5H"]) == [["3H", "JK=4H", "5H"]]


def test_a_two_at_either_end_of_a_run_has_two_ways_lowest_first():
    assert places(["5S", "6S", "7S", "2C"]) == [["2C=4S", "5S", "6S", "7S"], ["5S", "6S", "7S", "2C=8S"]]


def test_a_two_of_the_run_at_its_own_place_needs_no_announcement():
    assert places(["AS", "2S", "3S"]) == [["AS", "2S", "3S"]]


def test_an_ace_high_run_may_take_its_wild_below_or_as_the_ace():
    assert places(["QS", "KS", "2C"]) == [["2C=JS", "QS", "KS"], ["QS", "KS", "2C=AS"]]


def test_two_wilds_are_placed_by_the_places_they_fill_not_by_which_wild_is_where():
    """5♠ 2♣ JK: three runs (3-4-5, 4-5-6, 5-6-7), not six: which wild stands in which of the places changes
    nothing (C-12 counts the hand's 2s and jokers); they take them in the order tapped."""
    assert places(["5S", "2C", "JK"]) == [["2C=3S", "JK=4S", "5S"], ["2C=4S", "5S", "JK=6S"],
                                          ["5S", "2C=6S", "JK=7S"]]
    assert places(["5S", "2C", "2C"]) == [["2C=3S", "2C=4S", "5S"], ["2C=4S", "5S", "2C=6S"],
                                          ["5S", "2C=6S", "2C=7S"]]


def test_two_wilds_inside_a_run_have_the_one_way_its_naturals_leave():
    assert places(["5S", "JK", "2D", "8S"]) == [["5S", "JK=6S", "2D=7S", "8S"]]


def test_an_announced_wild_keeps_its_place_and_the_others_fill_around_it():
    assert places(["5S", "JK=6S", "2C", "2D"]) == [["2C=3S", "2D=4S", "5S", "JK=6S"],
                                                   ["2C=4S", "5S", "JK=6S", "2D=7S"],
                                                   ["5S", "JK=6S", "2C=7S", "2D=8S"]]


def test_runs_that_no_place_makes_valid_have_no_way():
    assert places(["5S", "6H", "JK"]) == []  # two suits (C-7)
    assert places(["2C", "JK", "2D"]) == []  # no natural (C-8)
    assert places(["5S", "2C", "2D", "JK", "2H"]) == []  # more open wilds than the search places: the solver's
