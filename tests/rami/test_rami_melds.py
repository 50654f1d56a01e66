"""R-6..R-11: melds on the table, the opening threshold, lay-offs."""

from rami_log import Game


def started(players=2, **options) -> Game:
    """Seat 1 starts (15 cards, no take); seat 0 deals."""
    game = Game(players=players, **options)
    game.deal(0)
    return game


def test_an_opening_of_50_is_refused_naming_the_threshold_and_the_total():
    game = started()
    error = game.refused("meld", 1, melds=[["9H", "10H", "JH"], ["7C", "7D", "7S"]])
    assert error.rules == ["R-9"] and "51" in str(error) and "50" in str(error)


def test_an_opening_at_51_with_a_joker_counted_as_its_card_is_accepted():
    game = started()
    verdict = game.meld(1, ["10H", "JK=JH", "QH"], ["7C", "7D", "7S"])
    assert verdict["opening"] and verdict["value"] == 51
    assert game.deal_view["opened"] == [1]
    assert game.deal_view["melds"] == [
        {"id": 31, "owner": 1, "kind": "run", "cards": ["10H", "JK=JH", "QH"]},
        {"id": 32, "owner": 1, "kind": "set", "cards": ["7C", "7D", "7S"]},
    ]
    assert game.deal_view["hand_sizes"]["1"] == 15 - 6


def test_a_run_is_shown_in_position_order_whatever_order_it_was_given_in():
    game = started()
    game.meld(1, ["AH", "QH", "JK=KH"], ["10S", "JS", "QS"])
    assert game.deal_view["melds"][0]["cards"] == ["QH", "JK=KH", "AH"]


def test_lay_offs_never_count_toward_the_opening():
    game = started()
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])  # 31 + 30
    game.discard(1, "4C")
    game.draw(0)
    error = game.refused("meld", 0, melds=[["6C", "7C", "8C"]])
    assert error.rules == ["R-9"]
    assert game.refused("lay_off", 0, meld=31, cards=["JH"]).rules == ["R-10"]


def test_an_opening_may_be_split_over_several_melds_laid_in_one_entry():
    game = started(opening=71)
    assert game.refused("meld", 1, melds=[["QH", "KH", "AH"], ["10S", "JS", "QS"]]).rules == ["R-9"]  # 61
    verdict = game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"], ["AC", "AD", "AS"])  # 61 + 33
    assert verdict["value"] == 94 and verdict["opening"]


def test_a_free_opening_table_opens_with_any_valid_meld():
    game = started(opening="free")
    verdict = game.meld(1, ["AC", "2C", "3C"])
    assert verdict["value"] == 6 and game.deal_view["opened"] == [1]


def test_after_opening_a_small_meld_is_fine():
    game = started()
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    game.meld(1, ["2C", "3C", "4C"])
    assert [m["owner"] for m in game.deal_view["melds"]] == [1, 1, 1]


def test_a_meld_must_be_a_run_or_a_set_with_one_joker_at_most():
    game = started(opening="free")
    assert "R-6" in game.refused("meld", 1, melds=[["7H", "7H", "7S"]]).rules
    assert "K-4" in game.refused("meld", 1, melds=[["KH", "AH", "2H"]]).rules
    assert "R-7" in game.refused("meld", 1, melds=[["JK=7H", "JK=8H", "9H"]]).rules
    assert "K-5" in game.refused("meld", 1, melds=[["JK", "8H", "9H"]]).rules
    error = game.refused("meld", 1, melds=[["2C", "3C", "4C"], ["5S", "5S", "5D"]])
    assert [v.meld for v in error.violations] == [2]


def test_a_two_is_an_ordinary_card():
    game = started(opening="free")
    game.meld(1, ["2S", "2H", "2D"])
    assert game.deal_view["melds"][0]["kind"] == "set"


def test_a_lay_down_that_leaves_no_card_to_discard_is_refused():
    game = started()
    game.meld(1, ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"])  # 4 left
    assert game.refused("meld", 1, melds=[["2C", "3C", "4C", "5C"]]).rules == ["R-13"]
    game.meld(1, ["2C", "3C", "4C"])
    assert game.refused("lay_off", 1, meld=41, cards=["5C"]).rules == ["R-13"]
    assert game.deal_view["hand_sizes"]["1"] == 1


def test_a_lay_off_before_opening_is_refused():
    game = started()
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    game.discard(1, "4C")
    game.draw(0)
    error = game.refused("lay_off", 0, meld=32, cards=["9S"])
    assert error.rules == ["R-10"]


def test_after_opening_a_player_lays_off_on_anyones_meld_which_must_stay_valid():
    game = started()
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    game.discard(1, "4C")
    game.draw(0)
    game.meld(0, ["8D", "9D", "10D"], ["JC", "QC", "KC"], ["5S", "5H", "5C"])
    game.lay_off(0, 32, "9S", "KS")
    assert game.deal_view["melds"][1]["cards"] == ["9S", "10S", "JS", "QS", "KS"]
    error = game.refused("lay_off", 0, meld=31, cards=["JS"])
    assert error.rules[0] == "R-11"
    assert game.refused("lay_off", 0, meld=9, cards=["JS"]).rules == ["R-11"]  # no such meld
    game.lay_off(0, 63, "JK=5D")
    assert game.deal_view["melds"][4]["cards"] == ["5C", "JK=5D", "5H", "5S"]
    assert "K-5" in game.refused("lay_off", 0, meld=61, cards=["JK"]).rules  # a joker announces its card
    assert game.deal_view["hand_sizes"]["0"] == 15 - 9 - 2 - 1


def test_a_lay_off_completing_a_set_needs_a_missing_suit():
    game = started()
    game.meld(1, ["QH", "QS", "QD"], ["10C", "JC", "QC", "KC"])
    assert game.refused("lay_off", 1, meld=31, cards=["QH"]).rules[0] == "R-11"
    game.lay_off(1, 31, "QC")
    assert game.deal_view["melds"][0]["cards"] == ["QC", "QD", "QH", "QS"]


def test_two_sevens_and_a_joker_announced_as_an_eight_are_a_set_whose_joker_must_announce_a_seven():
    from referee.melds import parse_meld
    from referee.rami.meld import check_meld

    verdict = check_meld(parse_meld(["7C", "7D", "JK=8H"]))
    [fault] = verdict.violations
    assert not verdict.valid and fault.rule == "K-5" and fault.card == "JK=8H"
    assert "set of 7s" in fault.message and "must announce a 7" in fault.message and "7H or 7S" in fault.message
    assert "run" not in fault.message


def test_a_meld_of_two_naturals_of_one_rank_is_judged_as_a_set_whatever_its_joker_announces():
    from referee.melds import parse_meld
    from referee.rami.meld import check_meld

    assert check_meld(parse_meld(["7C", "7D", "JK=7H"])).kind == "set"
    assert check_meld(parse_meld(["JK=8H", "7C", "7D"])).violations[0].rule == "K-5"
    aces = check_meld(parse_meld(["AC", "AD", "JK=KD"])).violations
    assert [v.rule for v in aces] == ["K-5"]
    assert "must announce an ace of a suit the set lacks: AH or AS" in aces[0].message
    # Its other faults are still told, in the player's own cards only.
    twice = check_meld(parse_meld(["7H", "7H", "JK=8C"])).violations
    assert [(v.rule, v.card) for v in twice] == [("K-5", "JK=8C"), ("R-6", "7H")]
    # One natural or none: what the joker announces decides, as before.
    assert check_meld(parse_meld(["JK=7H", "7C", "JK=7D"])).violations[0].rule == "R-7"
    assert check_meld(parse_meld(["JK=6H", "7H", "8H"])).kind == "run"


def test_a_joker_laid_off_on_a_set_of_sevens_announcing_an_eight_is_refused_saying_it_must_announce_a_seven():
    game = started()
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"], ["7C", "7D", "7S"])
    error = game.refused("lay_off", 1, meld=33, cards=["JK=8H"])
    assert error.rules == ["R-11", "K-5"] and "must announce a 7" in str(error)
    game.lay_off(1, 33, "JK=7H")
    assert game.deal_view["melds"][2]["cards"] == ["7C", "7D", "JK=7H", "7S"]
