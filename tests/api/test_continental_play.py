"""Whole deals of Rami continental played through the HTTP API (C-2..C-15, E-2, E-4)."""

from __future__ import annotations

import pytest

from tests.conftest import TableClient

# Five runs of three, no wild: 1 + 10 = 11 from each opponent on a later turn (C-12).
PLAIN = [["3C", "4C", "5C"], ["6D", "7D", "8D"], ["9H", "10H", "JH"], ["QS", "KS", "AS"], ["4H", "5H", "6H"]]
GAPPED = PLAIN[:4] + [["4H", "5H", "7H"]]  # 4H 5H 7H is no run (C-7)
FILLERS = [f"{rank}{suit}" for suit in "SDCH" for rank in ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
           if not any(f"{rank}{suit}" in run for run in PLAIN)]  # discards that never clash with PLAIN


class Game:
    """A continental table seen through the API, with a turn helper."""

    def __init__(self, table: TableClient):
        self.table = table
        self.fillers = iter(FILLERS * 3)

    def deal(self, dealer: int, upcard: str = "2D") -> dict:
        return self.table.enter("deal", dealer=dealer, upcard=upcard)

    def turn(self, seat: int, card: str | None = None, source: str = "stock") -> None:
        self.table.enter("draw", seat, from_=source, as_seat=seat)
        self.table.enter("discard", seat, card=card or next(self.fillers), as_seat=seat)

    def turns(self, *seats: int) -> None:
        for seat in seats:
            self.turn(seat)

    def exit(self, seat: int, runs=PLAIN, expect: int = 201) -> dict:
        answer = self.table.enter("exit", seat, runs=runs, as_seat=seat, expect=expect)
        return answer["verdict"] if expect == 201 else answer

    @property
    def state(self) -> dict:
        return self.table.state()

    def balances(self) -> list[int]:
        return [p["score"] for p in self.state["players"]]


@pytest.fixture
def game(tables) -> Game:
    """Four players, full tracking, seat 0 has dealt with 2D up: seat 1 plays first."""
    g = Game(tables.create("continental"))
    g.deal(0)
    return g


def rules(verdict: dict) -> set[str]:
    return {v["rule"] for v in verdict["violations"]}


def test_a_valid_exit_on_a_later_turn_pays_eleven_from_each_opponent(game):
    game.turns(1, 2, 3, 0, 1)
    verdict = game.exit(1)
    assert verdict["valid"] is True and verdict["settlement"]["per_opponent"] == 11
    state = game.state
    assert [p["score"] for p in state["players"]] == [-11, 33, -11, -11]
    assert state["results"] == [{"deal": 1, "winner": 1, "scores": {"0": -11, "1": 33, "2": -11, "3": -11},
                                 "rules": ["C-4", "C-12"]}]
    assert state["deal"]["phase"] == "deal" and state["deal"]["next_dealer"] == 1


def test_an_exit_right_after_the_first_discard_earns_the_first_turn_bonus(game):
    game.turn(1)
    verdict = game.exit(1)
    assert verdict["settlement"]["parts"] == {"out": 1, "wilds": 10, "first_turn": 7, "one_suit": 0}
    assert game.balances() == [-18, 54, -18, -18]


def test_an_exit_without_drawing_earns_ten_instead_of_seven(game):
    verdict = game.exit(1)
    assert verdict["settlement"]["parts"]["first_turn"] == 10 and game.balances() == [-21, 63, -21, -21]
    assert game.state["results"][0]["rules"] == ["C-5", "C-12"]


def test_an_exit_at_another_moment_is_a_422_naming_c4_and_c5(game):
    game.turn(1)
    game.table.enter("draw", 2, from_="stock")
    problem = game.exit(1, expect=422)
    assert problem["rules"] == ["C-4", "C-5"]
    assert len(game.table.entries()) == 5  # nothing written


def test_an_invalid_exit_is_written_with_its_verdict_and_the_next_player_plays(game):
    game.turn(1)
    verdict = game.exit(1, GAPPED)
    assert verdict["valid"] is False and verdict["settlement"] is None and rules(verdict) == {"C-7"}
    last = game.table.entries()[-1]
    assert (last["type"], last["seat"]) == ("exit", 1)
    deal = game.state["deal"]
    assert (deal["turn"], deal["phase"]) == (2, "take") and len(deal["known"]["1"]) == 15
    game.turns(2, 3, 0)
    game.table.enter("draw", 1, from_="discard", as_seat=1)  # now every one of its 16 cards is known
    problem = game.table.enter("discard", 1, card="KD", as_seat=1, expect=422)
    assert problem["rules"] == ["C-11"]
    game.table.enter("discard", 1, card="7H", as_seat=1)
    assert game.state["deal"]["turn"] == 2


def test_an_invalid_exit_before_taking_leaves_the_player_to_take(game):
    assert game.exit(1, GAPPED)["valid"] is False
    assert game.state["deal"]["may"] == ["draw"]
    game.turn(1)


def test_an_exit_showing_a_card_the_table_has_seen_twice_is_invalid_by_c11(game):
    game.turn(1, "3C")
    game.turn(2, "3C")
    verdict = game.exit(3)  # before taking, with a third 3C
    assert rules(verdict) == {"C-11"} and verdict["violations"][0]["card"] == "3C"
    assert game.balances() == [0, 0, 0, 0] and game.state["deal"]["turn"] == 3


def test_an_exit_missing_a_card_taken_from_the_pile_is_invalid_by_c11(game):
    game.turn(1, "KD")
    game.turn(2, source="discard")
    assert game.state["deal"]["known"]["2"] == ["KD"]
    game.turns(3, 0, 1, 2)
    verdict = game.exit(2)
    assert rules(verdict) == {"C-11"} and verdict["violations"][0]["card"] == "KD"


def test_the_card_taken_from_the_pile_cannot_be_discarded_that_turn(game):
    game.turn(1, "KD")
    game.table.enter("draw", 2, from_="discard")
    assert game.table.enter("discard", 2, card="KD", expect=422)["rules"] == ["C-3"]


def test_an_empty_stock_is_refilled_from_the_pile_but_its_top(game):
    for i in range(45):
        game.turn((1 + i) % 4)
    assert (game.state["deal"]["stock"], game.state["deal"]["discard_count"]) == (0, 46)
    top = game.state["deal"]["discard_top"]
    game.table.enter("draw", 2, from_="stock")
    deal = game.state["deal"]
    assert (deal["stock"], deal["discard_count"], deal["discard_top"], deal["reshuffles"]) == (44, 1, top, 1)


def test_a_full_table_has_no_null_deal_entry_but_a_results_table_does(game, tables):
    assert game.table.enter("null_deal", expect=422)["rules"] == ["C-14"]
    results = tables.create("continental", tracking="results")
    results.enter("deal", dealer=2)
    results.enter("null_deal")
    state = results.state()
    assert state["results"] == [{"deal": 1, "winner": None, "scores": {"0": 0, "1": 0, "2": 0, "3": 0},
                                 "rules": ["C-14"]}]
    assert state["deal"]["next_dealer"] == 3


def test_a_session_of_four_deals_ends_with_the_balances_and_the_winner(tables):
    game = Game(tables.create("continental"))
    game.deal(0)
    game.exit(1)  # without drawing: 21 each
    game.deal(1)
    game.turn(2)
    game.exit(2)  # first turn: 18 each
    game.deal(2)
    game.turns(3, 0, 1, 2, 3)
    game.exit(3)  # later: 11 each
    problem = game.table.enter("deal", dealer=0, upcard="5S", expect=422)
    assert set(problem["rules"]) == {"C-2", "C-15"}  # seat 3 deals the fourth deal
    game.deal(3)
    game.turn(0)
    game.exit(0)  # first turn: 18 each
    state = game.state
    # seat 0: -21 -18 -11 +54; seat 1: +63 -18 -11 -18; seat 2: -21 +54 -11 -18; seat 3: -21 -18 +33 -18
    assert [p["score"] for p in state["players"]] == [4, 16, 4, -24]
    assert state["status"] == "finished" and state["winners"] == [1] and len(state["results"]) == 4
    assert game.table.enter("deal", dealer=0, upcard="5S", expect=422)["rules"] == ["C-15"]


def test_correcting_a_mistaken_take_flips_an_exits_verdict(game):
    game.turn(1, "KD")
    game.turn(2, source="discard")  # entry 5, a mistake: seat 2 took from the stock
    game.turns(3, 0, 1, 2)
    exit_seq = game.table.version + 1
    assert game.exit(2)["valid"] is False
    game.table.enter("replace", target=5, entry={"type": "draw", "seat": 2, "from": "stock"})
    state = game.state
    assert [p["score"] for p in state["players"]] == [-11, -11, 33, -11]
    assert state["results"][0]["winner"] == 2
    before = game.table.state(at=exit_seq)
    assert before["results"] == []  # as entered then, the exit was judged invalid


def test_a_correction_that_breaks_a_later_entry_is_a_422_naming_it(game):
    game.turns(1, 2)
    problem = game.table.enter("void", target=3, expect=422)  # seat 1's draw: its discard no longer fits
    assert problem["rules"] == ["C-3"] and problem["violations"][0]["entry"] == 4


def test_an_exported_session_imports_to_the_same_state(game, client):
    game.turn(1)
    game.exit(1, GAPPED)
    game.turns(2, 3, 0)
    game.table.enter("draw", 1, from_="stock", as_seat=1)
    game.table.enter("discard", 1, card="KD", as_seat=1)
    game.table.enter("replace", target=game.table.version, entry={"type": "discard", "seat": 1, "card": "QD"})
    game.turns(2)
    exported = game.table.client.get(f"/api/v1/tables/{game.table.id}/export").get_data(as_text=True)
    response = client.post("/api/v1/tables/import", data=exported.encode(), content_type="application/x-ndjson")
    assert response.status_code == 201, response.get_data(as_text=True)
    copy = TableClient(client, response.json)
    original = {k: v for k, v in game.state.items() if k != "id"}
    assert {k: v for k, v in copy.state().items() if k != "id"} == original
    assert original["deal"]["known"]["1"] and original["deal"]["turn"] == 3


def test_a_results_table_keeps_the_score_of_a_whole_session(tables):
    table = tables.create("continental", ["Ana", "Ben", "Chloé", "Dan", "Eve"], tracking="results")
    table.enter("deal", dealer=0)
    assert table.enter("draw", 1, from_="stock", expect=422)["rules"] == ["C-3"]  # no turns kept
    invalid = table.enter("exit", 2, runs=GAPPED, timing="later")["verdict"]
    assert invalid["valid"] is False
    assert table.enter("exit", 2, runs=PLAIN, timing="first_turn")["verdict"]["settlement"]["per_opponent"] == 18
    for dealer in (1, 2, 3):
        table.enter("deal", dealer=dealer)
        table.enter("null_deal")
    table.enter("deal", dealer=4)
    table.enter("exit", 0, runs=PLAIN, timing="without_drawing")
    state = table.state()
    assert [p["score"] for p in state["players"]] == [-18 + 84, -18 - 21, 72 - 21, -18 - 21, -18 - 21]
    assert state["status"] == "finished" and state["winners"] == [0]


def test_replacing_an_invalid_exit_answers_with_the_verdict_it_now_has(game):
    game.turns(1, 2, 3, 0, 1, 2, 3)  # seat 3's second turn: no first-turn bonus
    exit_seq = game.table.version + 1
    assert game.exit(3, runs=GAPPED)["valid"] is False
    answer = game.table.enter("replace", target=exit_seq, entry={"type": "exit", "seat": 3, "runs": PLAIN})
    assert answer["verdict"]["valid"] is True
    assert answer["verdict"]["settlement"]["per_opponent"] == 11
    assert [p["score"] for p in game.state["players"]] == [-11, -11, -11, 33]
