"""The game-module protocol of referee.log for Rami: clone, actor, view's shape, refusals that change nothing."""

from rami_log import Game

from referee.log import Entry
from referee.rami import table as rami
from referee.violations import Refusal


def test_a_clone_is_independent_of_its_original():
    game = Game()
    game.deal(0)
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    copy = rami.clone(game.state)
    game.discard(1, "4C")
    game.draw(0, "discard")
    assert rami.view(copy)["deal"]["discard_top"] is None and rami.view(copy)["deal"]["turn"] == 1
    assert game.deal_view["known"]["0"] == ["4C"] and rami.view(copy)["deal"]["known"]["0"] == []


def test_a_refused_entry_changes_nothing_even_when_applied_in_place():
    game = Game()
    game.deal(0)
    game.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    before = game.view
    attempts = [
        ("lay_off", 1, {"meld": 31, "cards": ["9H", "JH"]}),  # not a run any more
        ("meld", 1, {"melds": [["2C", "3C", "4C"], ["5D", "5D", "5S"]]}),  # second meld broken
        ("retrieve_joker", 1, {"meld": 31, "card": "KH"}),
        ("discard", 0, {"card": "4C"}),
        ("hand", 0, {"cards": ["4C"]}),
        ("timeout", None, {"for_seat": 1}),
    ]
    for kind, seat, data in attempts:
        entry = Entry(99, kind, seat, game.now, data)
        try:
            rami.apply(game.state, entry)
        except Refusal as refusal:
            assert refusal.rules and all(rule for rule in refusal.rules), kind
        else:
            raise AssertionError(f"{kind} was accepted")
        assert game.view == before, kind


def test_a_seat_writes_its_own_turns_and_the_host_everything_else():
    game = Game(players=3)
    state = game.state
    assert rami.actor(state, Entry(2, "deal", None, game.now, {"dealer": 2})) == 2
    assert rami.actor(state, Entry(2, "deal", None, game.now, {})) is None
    game.deal(2)
    assert rami.actor(state, Entry(3, "discard", 0, game.now, {"card": "4C"})) == 0
    assert rami.actor(state, Entry(3, "hand", 1, game.now, {"cards": []})) == 1
    assert rami.actor(state, Entry(3, "discard", 7, game.now, {"card": "4C"})) is None
    assert rami.actor(state, Entry(3, "round", None, game.now, {})) is None
    assert rami.actor(state, Entry(3, "void", None, game.now, {"target": 2})) is None
    assert rami.actor(state, Entry(3, "timeout", None, game.now, {"for_seat": 0})) is None


def test_the_next_deal_is_written_by_the_next_dealer():
    game = Game(players=2)
    game.deal(0)
    game.go_out_on_first_turn(1)
    game.hand(0, game.unseen()[:14])
    assert rami.actor(game.state, Entry(9, "deal", None, game.now, {"dealer": 0})) == 1


def test_the_view_has_the_shape_of_the_api():
    game = Game(players=2)
    view = game.view
    assert list(view) == ["game", "options", "tracking", "status", "winners", "players", "deal", "results", "adjustments", "confirmations"]
    game.deal(0)
    deal = game.deal_view
    assert {"number", "dealer", "turn", "phase", "stock", "discard_top", "discard_count", "reshuffles", "melds",
            "known", "deadline"} <= set(deal)
    assert deal["known"] == {"0": [], "1": []} and deal["may"] == ["meld", "discard"]
