"""E-5 rulings: `adjust` adds whole points to some seats with a reason, at both games, corrected like any entry."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee import games
from referee.log import Entry, append, replay
from referee.stats.table import summarise
from referee.violations import Malformed, Refusal

AT = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)


class Log:
    """A results-tracking table of either game, entered through referee.log like the API does."""

    def __init__(self, game: str, players: int = 4):
        names = ["Ana", "Ben", "Chloé", "Dan", "Eve"][:players]
        options = games.get(game).rules.normalise_options(None)
        self.game = game
        self.entries = [Entry(1, "create", None, AT, {"game": game, "players": names, "options": options,
                                                      "tracking": "results"})]
        self.replay = replay(self.entries)

    def enter(self, type_: str, seat: int | None = None, **data):
        entry = Entry(len(self.entries) + 1, type_, seat, AT, data)
        self.replay = append(self.entries, self.replay, entry)
        self.entries.append(entry)
        return entry.seq

    @property
    def view(self) -> dict:
        return games.get(self.game).rules.view(self.replay.state)

    def scores(self) -> list[int]:
        return [p["score"] for p in self.view["players"]]

    def win_deal(self, dealer: int, winner: int) -> None:
        """One deal won by `winner`: Continental, 11 from each opponent; Rami, 35 points to each other hand."""
        self.enter("deal", dealer=dealer)
        if self.game == "continental":
            self.enter("exit", winner, counts={"twos": 0, "jokers": 0}, timing="later")
        else:
            self.enter("round", winner=winner,
                       points={str(s): 35 for s in range(len(self.view["players"])) if s != winner})


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_an_adjust_adds_its_points_with_its_reason_and_need_not_sum_to_zero(game):
    table = Log(game)
    table.win_deal(0, 1)
    before = table.scores()
    seq = table.enter("adjust", scores={"2": -10, "0": 3}, reason="slow play")
    after = table.scores()
    assert [a - b for a, b in zip(after, before, strict=True)] == [3, 0, -10, 0]
    assert table.view["adjustments"] == [{"seq": seq, "at": AT.isoformat(), "deals": 1,
                                         "scores": {"0": 3, "2": -10}, "reason": "slow play"}]
    assert len(table.view["results"]) == 1  # a ruling is no deal


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_void_takes_the_ruling_away_and_a_replace_changes_it(game):
    table = Log(game)
    table.win_deal(0, 1)
    before = table.scores()
    seq = table.enter("adjust", scores={"3": 20}, reason="misdeal")
    table.enter("replace", target=seq, entry={"type": "adjust", "scores": {"3": 5}, "reason": "misdeal, halved"})
    assert table.scores()[3] == before[3] + 5
    assert table.view["adjustments"][0]["reason"] == "misdeal, halved"
    table.enter("void", target=seq)
    assert table.scores() == before and table.view["adjustments"] == []


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_the_host_alone_writes_and_corrects_a_ruling(game):
    table = Log(game)
    rules = games.get(game).rules
    state = table.replay.state
    entry = Entry(2, "adjust", None, AT, {"scores": {"0": 1}, "reason": "r"})
    assert rules.actor(state, entry) is None
    seq = table.enter("adjust", scores={"0": 1}, reason="r")
    assert rules.actor(table.replay.state, Entry(seq + 1, "void", None, AT, {"target": seq})) is None


@pytest.mark.parametrize("game", ["continental", "rami"])
@pytest.mark.parametrize(("data", "field"), [
    ({"scores": {"0": 5}}, "reason"),
    ({"scores": {"0": 5}, "reason": "  "}, "reason"),
    ({"scores": {}, "reason": "r"}, "scores"),
    ({"scores": {"9": 5}, "reason": "r"}, "scores"),
    ({"scores": {"0": 0}, "reason": "r"}, "scores.0"),
    ({"scores": {"0": 2.5}, "reason": "r"}, "scores.0"),
    ({"scores": {"0": True}, "reason": "r"}, "scores.0"),
    ({"scores": {"0": 1}, "reason": "r", "winner": 0}, "winner"),
])
def test_an_unreadable_ruling_is_a_400_naming_its_field(game, data, field):
    table = Log(game)
    with pytest.raises(Malformed) as refused:
        table.enter("adjust", **data)
    assert field in refused.value.message
    assert table.scores() == [0, 0, 0, 0]


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_ruling_on_a_finished_table_moves_its_winners(game):
    table = Log(game)
    n = 4
    if game == "continental":
        for dealer in range(n):  # C-15: four deals; Ben wins the first, the others are null
            table.enter("deal", dealer=dealer)
            if dealer == 0:
                table.enter("exit", 1, counts={"twos": 0, "jokers": 0}, timing="later")
            else:
                table.enter("null_deal")
        assert table.view["winners"] == [1]
        table.enter("adjust", scores={"2": 60}, reason="Ben's exit was miscounted")
        assert table.view["winners"] == [2]
    else:
        for dealer in range(3):  # Ana wins three rounds: the others reach 105
            table.win_deal(dealer, 0)
        assert table.view["status"] == "finished" and table.view["winners"] == [0]
        table.enter("adjust", scores={"0": 200}, reason="Ana played with a card up her sleeve")
        assert table.view["status"] == "finished" and table.view["winners"] == [1, 2, 3]


def test_a_ruling_never_ends_a_rami_game_by_itself():
    table = Log("rami")
    table.enter("adjust", scores={"1": 150}, reason="late")
    assert table.view["status"] == "playing"
    table.win_deal(0, 0)  # the round's end looks at the ceiling: Ben is at 185
    assert table.view["status"] == "finished" and table.view["winners"] == [0]


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_the_summary_counts_a_ruling_in_the_final_scores_and_lists_it(game):
    table = Log(game)
    table.win_deal(0, 1)
    table.enter("adjust", scores={"1": -4}, reason="slow")
    summary = summarise(table.entries)
    assert summary.scores == table.scores()
    assert [(a.points, a.reason) for a in summary.adjustments] == [({1: -4}, "slow")]


def test_a_seat_in_an_adjust_is_refused():
    table = Log("rami")
    with pytest.raises(Refusal) as refused:
        table.enter("adjust", 1, scores={"1": 3}, reason="r")
    assert "takes no `seat`" in str(refused.value)
