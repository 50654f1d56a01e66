"""R-17: the turn clock, the server's timeout entry and the forced heaviest discard."""

from datetime import timedelta

from rami_log import T0, Game


def at(seconds: float):
    return T0 + timedelta(seconds=seconds)


def test_the_starters_deadline_is_60_seconds_after_the_deal():
    game = Game()
    game.add("deal", dealer=0, at=at(10))
    assert game.deal_view["deadline"] == at(70).isoformat()
    assert game.due(at(69.9)) == []
    assert game.due(at(70)) == [{"type": "timeout", "at": at(70), "data": {"for_seat": 1}}]


def test_each_turn_has_60_seconds_from_the_previous_discard():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("discard", 1, card="KS", at=at(30))
    assert game.deal_view["deadline"] == at(90).isoformat()
    game.add("draw", 0, at=at(80), **{"from": "stock"})
    assert game.due(at(89)) == [] and game.deal_view["deadline"] == at(90).isoformat()


def test_a_table_without_a_clock_never_times_out():
    game = Game(turn_seconds=None)
    game.deal(0)
    assert game.deal_view["deadline"] is None and game.due(at(10**6)) == []


def test_a_timeout_on_the_starters_first_turn_takes_no_card_and_waits_for_the_discard():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    [written] = game.touch(at(75))
    assert game.entries[-1].type == "timeout" and game.entries[-1].at == at(60) and game.entries[-1].seat is None
    deal = game.deal_view
    assert deal["phase"] == "discard" and deal["may"] == ["discard"] and deal["deadline"] is None
    assert deal["hand_sizes"]["1"] == 15 and deal["stock"] == 79
    assert game.refused("meld", 1, melds=[["QH", "KH", "AH"], ["10S", "JS", "QS"]]).rules == ["R-17"]
    game.discard(1, "2C")  # nothing known in that hand: the referee cannot see a lighter discard
    assert game.deal_view["turn"] == 0 and game.deal_view["phase"] == "take"


def test_a_timeout_before_the_take_stands_for_the_stock_draw():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("discard", 1, card="KS", at=at(20))
    game.touch(at(80))
    deal = game.deal_view
    assert deal["phase"] == "discard" and deal["hand_sizes"]["0"] == 15 and deal["stock"] == 78
    assert game.refused("draw", 0, **{"from": "stock"}).rules == ["R-17"]


def test_a_pickup_not_laid_goes_back_on_the_pile_and_the_stock_card_is_taken_instead():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("discard", 1, card="KS", at=at(20))
    game.add("draw", 0, at=at(30), **{"from": "discard"})
    game.touch(at(81))
    deal = game.deal_view
    assert deal["discard_top"] == "KS" and deal["known"]["0"] == [] and deal["hand_sizes"]["0"] == 15
    assert deal["stock"] == 78
    game.discard(0, "QD")  # the pickup is no longer the player's: R-5 no longer applies
    assert game.deal_view["discard_count"] == 2


def test_after_a_timeout_a_discard_lighter_than_a_known_card_is_refused():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("meld", 1, melds=[["10H", "JK=JH", "QH"], ["JK=7C", "7D", "7S"]], at=at(5))
    game.add("discard", 1, card="4C", at=at(10))
    game.add("draw", 0, at=at(20), **{"from": "stock"})
    game.add("meld", 0, melds=[["QS", "KS", "AS"], ["10D", "JD", "QD"]], at=at(30))
    game.add("retrieve_joker", 0, meld=31, card="JH", at=at(40))
    game.add("retrieve_joker", 0, meld=32, card="7C", at=at(50))
    game.touch(at(75))
    assert game.deal_view["known"]["0"] == ["JK", "JK"] and game.deal_view["hand_sizes"]["0"] == 9
    error = game.refused("discard", 0, card="KC")
    assert error.rules == ["R-17"] and "JK" in str(error)
    game.discard(0, "JK")  # the retrieved joker need not be laid again: the clock's discard comes first
    deal = game.deal_view
    assert deal["known"]["0"] == ["JK"] and deal["turn"] == 1 and deal["discard_top"] == "JK"
    assert deal["deadline"] == (game.now + timedelta(seconds=60)).isoformat()
    # The joker still known to be in seat 0's hand must be in the hand it enters at the round's end.
    game.draw(1)
    game.meld(1, ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"])
    game.discard(1, "9H")
    assert game.refused("hand", 0, cards=["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"]).rules == ["R-14"]
    result = game.hand(0, ["JK", "3D", "4D", "5D", "6D", "8D", "9D", "AC"])
    assert result["scores"]["0"] == 25 + 35 + 11


def test_a_request_long_after_several_deadlines_writes_one_timeout_stamped_at_the_first():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("discard", 1, card="KS", at=at(20))
    written = game.touch(at(20 + 60 * 10))
    assert [(w["at"], w["data"]) for w in written] == [(at(80), {"for_seat": 0})]
    assert game.touch(at(20 + 60 * 100)) == []  # the turn waits for the forced discard, without a clock
    game.add("discard", 0, card="QD", at=at(20 + 60 * 100))
    assert game.deal_view["deadline"] == at(20 + 60 * 101).isoformat()
    assert [w["data"] for w in game.touch(at(20 + 60 * 102))] == [{"for_seat": 1}]


def test_a_timeout_is_refused_before_the_deadline_or_for_another_seat():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    assert game.refused("timeout", None, for_seat=1).rules == ["R-17"]  # 5 s after the deal
    game.now = at(100)
    assert game.refused("timeout", None, for_seat=0).rules == ["R-17"]


def test_a_timeout_replays_to_the_same_table():
    from referee.log import replay
    from referee.rami import table as rami

    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("discard", 1, card="KS", at=at(20))
    game.touch(at(200))
    game.discard(0, "QD")
    assert rami.view(replay(game.entries).state) == game.view


def test_a_timeout_owing_a_stock_card_with_nothing_to_recycle_blocks_the_round():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("discard", 1, card="KS", at=at(20))
    game.state.deal.stock = 0  # as if the stock had run out with the pile taken card by card
    game.touch(at(80))
    assert game.replay.verdicts[game.entries[-1].seq] == {"blocked": True, "rules": ["R-17", "R-15"]}
    assert game.deal_view["phase"] == "hands" and game.deal_view["awaiting"] == [0, 1]


def voided_discard() -> Game:
    """Deal at 0, seat 1 discards at 10 (entry 3), the host voids that discard at 65 (entry 4)."""
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("discard", 1, card="KS", at=at(10))
    game.add("void", target=3, at=at(65))
    return game


def test_voiding_a_discard_gives_the_turn_it_reopens_a_full_turn_time_from_the_void():
    game = voided_discard()
    assert game.deal_view["turn"] == 1 and game.deal_view["deadline"] == at(125).isoformat()
    assert game.touch(at(66)) == []  # not a timeout stamped at 60, before the void itself
    assert game.due(at(124.9)) == []
    assert game.touch(at(130)) == [{"type": "timeout", "at": at(125), "data": {"for_seat": 1}}]


def test_a_replay_as_of_an_entry_before_the_correction_keeps_the_clock_it_had():
    from referee.log import replay
    from referee.rami import table as rami

    game = voided_discard()
    assert rami.view(replay(game.entries[:3]).state)["deal"]["deadline"] == at(70).isoformat()  # seat 0's turn
    assert rami.view(replay(game.entries).state) == game.view


def test_a_timeout_entered_after_a_correction_counts_from_the_correction():
    game = voided_discard()
    game.now = at(100)  # the old deadline (60) has passed, the restarted one (125) has not
    assert game.refused("timeout", None, for_seat=1).rules == ["R-17"]


def test_a_later_correction_leaves_a_timeout_written_after_an_earlier_one_in_place_and_restarts_the_open_turn():
    from referee.log import replay
    from referee.rami import table as rami

    game = voided_discard()
    game.touch(at(130))  # the timeout, stamped 125
    game.add("discard", 1, card="QD", at=at(131))
    game.add("replace", target=6, entry={"type": "discard", "seat": 1, "card": "KD"}, at=at(150))
    assert game.deal_view["turn"] == 0 and game.deal_view["discard_top"] == "KD"
    assert game.deal_view["deadline"] == at(210).isoformat()  # from the replace, not from the discard at 131
    assert rami.view(replay(game.entries).state) == game.view


def test_a_correction_restarts_the_clock_of_the_turn_being_played_even_one_it_does_not_reopen():
    game = Game()
    game.add("deal", dealer=0, at=at(0))
    game.add("discard", 1, card="KS", at=at(30))
    game.add("draw", 0, at=at(40), **{"from": "stock"})
    assert game.deal_view["deadline"] == at(90).isoformat()
    game.add("replace", target=3, entry={"type": "discard", "seat": 1, "card": "KD"}, at=at(80))
    assert game.deal_view["turn"] == 0 and game.deal_view["phase"] == "play"
    assert game.deal_view["deadline"] == at(140).isoformat() and game.touch(at(100)) == []
