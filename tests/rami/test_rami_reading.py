"""What the table page reads from a Rami log (`referee.reading`): meld numbers, the open turn, what each hand
may undo in one tap."""

from datetime import timedelta

from rami_log import T0, Game

from referee.reading import Reading
from referee.reading.turn import open_turn
from referee.reading.undo import undoable


def reading(game: Game) -> Reading:
    return Reading(tuple(game.entries), game.replay)


def two_runs_and_a_lay_off() -> Game:
    """Seat 1 lays two melds (entries 3 and 4) and discards; seat 0 draws, lays one (entry 7), lays off."""
    game = Game(opening="free", turn_seconds=None)
    game.deal(0)
    game.meld(1, ["2C", "3C", "4C"])
    game.meld(1, ["5D", "6D", "7D"])
    game.discard(1, "KS")
    game.draw(0)
    game.meld(0, ["9D", "10D", "JD"])
    game.lay_off(0, 41, "8D")
    game.discard(0, "QS")
    return game


def test_the_melds_of_a_deal_are_numbered_one_two_three_in_the_order_laid():
    assert reading(two_runs_and_a_lay_off()).numbers == {31: 1, 41: 2, 71: 3}


def test_a_voided_meld_gives_up_its_number_to_the_melds_laid_after_it():
    game = two_runs_and_a_lay_off()
    game.add("void", target=3)
    assert reading(game).numbers == {41: 1, 71: 2}


def test_a_card_taken_from_the_pile_is_named_and_laid_or_not_in_the_open_turn():
    game = Game(opening="free", turn_seconds=None)
    game.deal(0)
    game.discard(1, "9S")
    game.draw(0, "discard")  # entry 4 takes 9S
    story = open_turn(reading(game))
    assert story["draw"] == {"seq": 4, "from": "discard", "card": "9S", "laid": False}
    assert (story["starter"], story["timeout"], story["last"]) == (False, False, 4)
    game.meld(0, ["9S", "9H", "9D"])
    assert open_turn(reading(game))["draw"]["laid"] is True
    assert reading(game).taken == {4: "9S"}


def test_the_open_turn_says_when_the_clock_ran_out_and_whether_it_is_the_deals_first():
    game = Game()
    game.deal(0)
    assert open_turn(reading(game)) == {"last": 2, "timeout": False, "draw": None, "starter": True}
    game.touch(T0 + timedelta(minutes=5))
    story = open_turn(reading(game))
    assert story["timeout"] is True and story["starter"] is True


def test_a_seat_is_offered_its_own_last_entry_until_another_hand_plays_after_it():
    game = Game(opening="free", turn_seconds=None)
    game.deal(0)
    game.discard(1, "9S")
    assert undoable(reading(game), 1).last.seq == 3
    assert undoable(reading(game), 0).last is None
    game.draw(0)
    assert undoable(reading(game), 1).last is None  # Ben's discard is History's to correct now
    assert undoable(reading(game), 0).last.seq == 4


def test_the_host_is_offered_the_last_entry_and_each_other_seats_newest():
    game = Game(opening="free", turn_seconds=None)
    game.deal(0)
    game.discard(1, "9S")
    game.draw(0)
    offered = undoable(reading(game), None)
    assert offered.last.seq == 4
    assert {seat: entry.seq for seat, entry in offered.seats.items()} == {1: 3}


def test_the_clocks_timeout_is_offered_to_nobody():
    game = Game()
    game.deal(0)
    game.touch(T0 + timedelta(minutes=5))
    assert game.entries[-1].type == "timeout"
    assert undoable(reading(game), None).last is None
    assert undoable(reading(game), 1).last is None
