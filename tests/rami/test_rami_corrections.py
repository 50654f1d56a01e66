"""E-2 in a Rami round: a void or a replace re-derives totals, or is refused naming the entry."""

import pytest
from rami_log import Game

from referee.log import Entry, append, replay
from referee.violations import Refusal

LOW = ["2D", "2D", "2H", "2H", "2S", "2S", "3C", "3C", "3D", "3D", "4C", "4C", "4D", "4D"]  # 40
OTHER = ["5D", "5D", "2H", "2H", "2S", "2S", "3C", "3C", "3D", "3D", "4C", "4C", "4D", "4D"]  # 46


def finished_round() -> Game:
    game = Game(players=2)
    game.deal(0)
    game.go_out_on_first_turn(1)
    game.hand(0, LOW)
    return game


def correct(game: Game, kind: str, **data) -> None:
    entry = Entry(len(game.entries) + 1, kind, None, game.now, data)
    game.replay = append(game.entries, game.replay, entry)
    game.entries.append(entry)


def seq_of(game: Game, kind: str) -> int:
    return next(e.seq for e in game.entries if e.type == kind)


def test_replacing_a_hand_re_derives_the_totals():
    game = finished_round()
    assert game.view["players"][0]["score"] == 40
    correct(game, "replace", target=seq_of(game, "hand"), entry={"type": "hand", "seat": 0, "cards": OTHER})
    assert game.view["players"][0]["score"] == 46 and game.view["results"][0]["scores"]["0"] == 46
    assert game.replay.replaced == {5: 6}


def test_voiding_a_hand_reopens_the_round_for_that_hand():
    game = finished_round()
    correct(game, "void", target=seq_of(game, "hand"))
    view = game.view
    assert view["results"] == [] and view["players"][0]["score"] == 0
    assert view["deal"]["phase"] == "hands" and view["deal"]["awaiting"] == [0]
    game.hand(0, OTHER)
    assert game.view["players"][0]["score"] == 46


def test_a_replaced_discard_inside_a_round_is_replayed_through_the_rest():
    game = Game(players=2)
    game.deal(0)
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    game.discard(1, "9C")
    game.draw(0, "discard")
    game.meld(0, ["9C", "10C", "JC"], ["8D", "9D", "10D", "JD"])  # 30 + 38
    discard = seq_of(game, "discard")
    correct(game, "replace", target=discard, entry={"type": "discard", "seat": 1, "card": "8C"})
    assert game.deal_view["melds"][2]["cards"] == ["9C", "10C", "JC"]  # 9C came from seat 0's hand after all
    assert game.deal_view["known"]["0"] == ["8C"]  # the pickup is now 8C, still to lay
    assert game.refused("discard", 0, card="5S").rules == ["R-5"]


def test_a_correction_after_which_the_log_no_longer_replays_is_refused_naming_the_entry():
    game = finished_round()
    meld = seq_of(game, "meld")
    with pytest.raises(Refusal) as info:
        replay([*game.entries, Entry(len(game.entries) + 1, "void", None, game.now, {"target": meld})])
    # Without the melds, the discard no longer empties seat 1's hand: seat 0's hand entry comes mid-round.
    [failing] = info.value.violations
    assert (failing.entry, failing.rule) == (seq_of(game, "hand"), "R-14")
    assert f"entry {failing.entry} (hand) no longer replays" in failing.message
