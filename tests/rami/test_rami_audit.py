"""Cases found in the rules audit: fields a Rami entry does not take, dead-end turns (R-5, R-12, R-13),
the size of a hand at a round's end (R-14), and who may correct an entry (E-2)."""

from datetime import timedelta

import pytest
from rami_log import Game

from referee.log import Entry
from referee.rami import table as rami
from referee.violations import Malformed, Refusal


def started(**options) -> Game:
    """Seat 1 starts (15 cards, no take); seat 0 deals."""
    game = Game(**options)
    game.deal(0)
    return game


@pytest.mark.parametrize("kind, seat, data, extra", [
    ("meld", 1, {"melds": [["QH", "KH", "AH"], ["10S", "JS", "QS"]], "opening": True}, "opening"),
    ("discard", 1, {"card": "4C", "note": "oops"}, "note"),
    ("lay_off", 1, {"meld": 1, "cards": ["JH"], "melds": [["JH"]]}, "melds"),
    ("retrieve_joker", 1, {"meld": 1, "card": "JH", "cards": ["JH"]}, "cards"),
])
def test_an_entry_with_a_field_it_does_not_take_is_malformed_naming_the_field(kind, seat, data, extra):
    game = started(opening="free")
    with pytest.raises(Malformed, match=extra):
        game.add(kind, seat, **data)
    assert len(game.entries) == 2


def test_a_deal_a_draw_a_hand_and_a_round_refuse_unknown_fields_too():
    game = Game()
    with pytest.raises(Malformed, match="upcard"):
        game.add("deal", dealer=0, upcard="7H")  # a continental field
    game.deal(0)
    game.discard(1, "4C")
    with pytest.raises(Malformed, match="card"):
        game.add("draw", 0, card="4C", **{"from": "discard"})
    results = Game(tracking="results")
    results.deal(0)
    with pytest.raises(Malformed, match="timing"):
        results.add("round", winner=0, hands={"1": ["4C"]}, timing="later")


def test_a_deal_naming_no_seat_is_malformed_even_while_a_round_is_being_played():
    game = started()
    with pytest.raises(Malformed):
        game.add("deal", dealer="1")
    with pytest.raises(Malformed):
        game.add("deal", dealer=7)


def test_retrieving_a_joker_with_the_last_card_in_hand_is_refused_as_it_leaves_nothing_to_discard():
    game = started(opening="free", turn_seconds=None)
    game.meld(1, ["JK=5H", "6H", "7H"])
    game.discard(1, "2C")
    game.draw(0)
    game.meld(0, ["2S", "3S", "4S"])
    game.discard(0, "9C")
    game.draw(1)
    game.meld(1, ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD"])
    assert game.deal_view["hand_sizes"]["1"] == 1
    error = game.refused("retrieve_joker", 1, meld=31, card="5H")
    assert error.rules == ["R-13"] and "joker" in str(error)


def test_retrieving_a_joker_with_a_card_to_spare_is_still_fine():
    game = started(opening="free", turn_seconds=None)
    game.meld(1, ["JK=5H", "6H", "7H"])
    game.discard(1, "2C")
    game.draw(0)
    game.meld(0, ["2S", "3S", "4S"])
    game.discard(0, "9C")
    game.draw(1)
    game.meld(1, ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"])
    game.retrieve(1, 31, "5H")  # two cards: the joker goes back on the table, the other is discarded
    game.lay_off(1, 31, "JK=8H")
    assert game.discard(1, "KC") == {"winner": 1, "rules": ["R-13"]}


def test_laying_off_all_but_the_card_taken_from_the_pile_is_refused_as_it_leaves_nothing_to_discard():
    game = started(turn_seconds=None)
    game.meld(1, ["4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD"], ["6S", "7S", "8S"])
    game.discard(1, "4C")  # seat 1 keeps 2 cards
    game.draw(0)
    game.discard(0, "5S")
    game.draw(1, "discard")  # 5S, to be laid this turn (R-5)
    error = game.refused("lay_off", 1, meld=31, cards=["3D", "KD"])
    assert error.rules == ["R-13"] and "5S" in str(error)
    game.lay_off(1, 31, "KD")
    game.lay_off(1, 32, "5S")
    assert game.discard(1, "3D") == {"winner": 1, "rules": ["R-13"]}


def test_a_results_round_refuses_a_hand_larger_than_a_round_can_leave():
    game = Game(tracking="results")
    game.deal(0)
    fifteen = ["3C", "3C", "4C", "4C", "5C", "5C", "6C", "6C", "7C", "7C", "8C", "8C", "9C", "9C", "10C"]
    error = game.refused("round", winner=0, hands={"1": fifteen})
    assert error.rules == ["R-14"] and "15" in str(error) and "14" in str(error)
    assert game.add("round", winner=0, hands={"1": fifteen[:14]})["scores"] == {"0": 0, "1": 84}


def test_a_seat_may_correct_its_own_entries_and_only_the_host_others():
    game = started()
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])  # entry 3
    game.discard(1, "4C")  # entry 4
    state = game.state

    def correction(kind, **data):
        return Entry(len(game.entries) + 1, kind, None, game.now, data)

    assert rami.actor(state, correction("void", target=4)) == 1
    assert rami.actor(state, correction("void", target=3)) == 1
    assert rami.actor(state, correction("void", target=2)) == 0  # the deal is the dealer's
    own = {"type": "discard", "seat": 1, "card": "5C"}
    assert rami.actor(state, correction("replace", target=4, entry=own)) == 1
    assert rami.actor(state, correction("replace", target=4, entry=own | {"seat": 0})) is None
    assert rami.actor(state, correction("void", target="4")) is None
    assert rami.actor(state, correction("void", target=99)) is None


def test_a_timeout_is_the_hosts_to_correct():
    game = Game()
    game.deal(0)
    game.touch(game.now + timedelta(minutes=5))
    assert game.entries[-1].type == "timeout"
    assert rami.actor(game.state, Entry(len(game.entries) + 1, "void", None, game.now,
                                        {"target": game.entries[-1].seq})) is None


def test_an_unknown_field_is_malformed_when_applied_directly_too():
    game = started(opening="free", turn_seconds=None)
    game.meld(1, ["JK=5H", "6H", "7H"])
    with pytest.raises(Refusal) as error:
        rami.apply(game.state, Entry(99, "discard", 1, game.now, {"card": "4C", "extra": 1}))
    assert isinstance(error.value, Malformed)


def test_the_table_does_not_offer_the_discard_while_a_pickup_or_a_retrieved_joker_must_still_be_laid():
    game = started(opening="free", turn_seconds=None)
    game.meld(1, ["JK=5H", "6H", "7H"])
    game.discard(1, "9C")
    game.draw(0, "discard")
    assert game.deal_view["may"] == ["meld"]
    game.meld(0, ["9C", "9D", "9S"])
    assert "discard" in game.deal_view["may"]
    game.retrieve(0, 31, "5H")
    assert "discard" not in game.deal_view["may"] and "lay_off" in game.deal_view["may"]
    game.lay_off(0, 31, "JK=8H")
    assert game.deal_view["may"][-1] == "discard"
