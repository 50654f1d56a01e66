"""E-6: a result shown to the table waits for another seat's (or the host's) confirmation; a seat may dispute it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee import games
from referee.log import Entry, append, replay
from referee.violations import Malformed, Refusal

AT = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)


class Log:
    def __init__(self, game: str, confirmation: bool = True, tracking: str = "results", players: int = 4):
        names = ["Ana", "Ben", "Chloé", "Dan"][:players]
        options = games.get(game).rules.normalise_options(None)
        data = {"game": game, "players": names, "options": options, "tracking": tracking}
        if confirmation:
            data["confirmation"] = True
        self.game = games.get(game)
        self.entries = [Entry(1, "create", None, AT, data)]
        self.replay = replay(self.entries)

    def enter(self, type_: str, seat: int | None = None, **data) -> int:
        entry = Entry(len(self.entries) + 1, type_, seat, AT, data)
        self.replay = append(self.entries, self.replay, entry)
        self.entries.append(entry)
        return entry.seq

    @property
    def view(self) -> dict:
        return self.game.rules.view(self.replay.state)

    def status(self, seq: int) -> dict:
        return next(c for c in self.view["confirmations"] if c["seq"] == seq)

    def result(self, winner: int = 1) -> int:
        """A deal and its quick score won by `winner`: the result to confirm."""
        self.enter("deal", dealer=0)
        if self.game.name == "continental":
            return self.enter("exit", winner, counts={"twos": 0, "jokers": 0}, timing="later")
        return self.enter("round", winner=winner, points={str(s): 30 for s in range(4) if s != winner})


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_result_waits_counts_and_another_seat_makes_it_final(game):
    table = Log(game)
    seq = table.result(winner=1)
    assert table.status(seq)["status"] == "waiting"
    assert any(p["score"] for p in table.view["players"])  # it counts while it waits
    table.enter("confirm", 2, target=seq)
    assert table.status(seq) == {"seq": seq, "type": table.entries[seq - 1].type, "seat": 1, "by": None, "owner": 1,
                                 "deal": 1, "status": "confirmed", "confirmed_by": 2, "disputed_by": []}


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_seat_cannot_confirm_or_dispute_its_own_result(game):
    table = Log(game)
    seq = table.result(winner=1)
    for kind in ("confirm", "dispute"):
        with pytest.raises(Refusal) as refused:
            table.enter(kind, 1, target=seq)
        assert refused.value.rules == ["E-6"]
    assert table.status(seq)["status"] == "waiting"


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_dispute_waits_for_the_host_who_confirms_or_corrects(game):
    table = Log(game)
    seq = table.result(winner=1)
    table.enter("dispute", 3, target=seq)
    assert table.status(seq)["status"] == "disputed" and table.status(seq)["disputed_by"] == [3]
    with pytest.raises(Refusal):
        table.enter("confirm", 2, target=seq)  # a disputed result is the host's to settle
    with pytest.raises(Refusal):
        table.enter("dispute", 3, target=seq)  # once is enough
    table.enter("confirm", None, target=seq)
    assert table.status(seq)["status"] == "confirmed" and table.status(seq)["confirmed_by"] == "host"
    with pytest.raises(Refusal):
        table.enter("dispute", 2, target=seq)  # final


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_replacement_waits_again_and_a_void_takes_its_confirmations_away(game):
    table = Log(game)
    seq = table.result(winner=1)
    disputed = table.enter("dispute", 3, target=seq)
    body = dict(table.entries[seq - 1].data, type=table.entries[seq - 1].type)
    if table.entries[seq - 1].seat is not None:
        body["seat"] = table.entries[seq - 1].seat
    table.enter("replace", target=seq, entry=body)
    assert table.status(seq)["status"] == "waiting" and table.status(seq)["disputed_by"] == []
    assert disputed in table.replay.voided  # set aside: it was said of what the entry was
    confirmed = table.enter("confirm", 0, target=seq)
    table.enter("void", target=seq)
    assert table.view["confirmations"] == [] and confirmed in table.replay.voided


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_table_that_does_not_ask_refuses_confirmations(game):
    table = Log(game, confirmation=False)
    seq = table.result()
    assert table.view["confirmations"] is None
    with pytest.raises(Refusal) as refused:
        table.enter("confirm", 2, target=seq)
    assert refused.value.rules == ["E-6"]


def test_only_results_are_confirmed_and_a_confirmation_is_the_seats_own():
    table = Log("continental")
    deal = table.enter("deal", dealer=0)
    with pytest.raises(Refusal):
        table.enter("confirm", 2, target=deal)  # a deal is no result
    with pytest.raises(Malformed):
        table.enter("confirm", 2)
    with pytest.raises(Malformed):
        table.enter("dispute", None, target=deal)  # the host confirms or corrects; it does not dispute
    rules = table.game.rules
    assert rules.actor(table.replay.state, Entry(9, "confirm", 2, AT, {"target": 3})) == 2
    assert rules.actor(table.replay.state, Entry(9, "confirm", None, AT, {"target": 3})) is None


def test_confirmation_must_be_a_boolean():
    with pytest.raises(Malformed):
        replay([Entry(1, "create", None, AT, {"game": "rami", "players": ["A", "B"], "options": {},
                                              "tracking": "results", "confirmation": "yes"})])
