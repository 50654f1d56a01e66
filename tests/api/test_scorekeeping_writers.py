"""Issue 29 §1, the server's side: at a table that keeps only the results, any seat's token writes the table's deal
and result naming whoever dealt, went out or won; the server writes `by` (the seat whose phone it was), judges the
entry against the replayed table as always, and E-6 keeps that phone from confirming it. What must stay refused is
refused, and nothing is written."""

from __future__ import annotations

import pytest


def _scorekeeping(tables, game="continental", confirmation=True):
    players = ["Ana", "Ben", "Chloé", "Dan"]
    return tables.create(game, players, tracking="results", confirmation=confirmation)


def test_a_seat_token_writes_the_deal_and_another_seats_exit_and_the_server_says_whose_phone(tables):
    table = _scorekeeping(tables)
    deal = table.enter("deal", dealer=0, as_seat=2)["entry"]
    assert (deal["dealer"], deal["by"]) == (0, 2)
    exit_ = table.enter("exit", 0, counts={"twos": 0, "jokers": 0}, timing="later", as_seat=2)["entry"]
    assert (exit_["seat"], exit_["by"]) == (0, 2)
    shown = table.state()["confirmations"][0]
    assert (shown["seat"], shown["by"], shown["owner"], shown["status"]) == (0, 2, 2, "waiting")
    refused = table.enter("confirm", 2, target=exit_["seq"], as_seat=2, expect=422)  # the phone that entered it
    assert refused["rules"] == ["E-6"] and "Chloé entered this result on their phone" in refused["detail"]
    table.enter("confirm", 0, target=exit_["seq"], as_seat=0)  # the winner confirms what Chloé's phone showed
    assert table.state()["confirmations"][0]["confirmed_by"] == 0


def test_a_seats_own_exit_carries_no_by_and_the_dealers_deal_neither(tables):
    table = _scorekeeping(tables)
    assert "by" not in table.enter("deal", dealer=0, as_seat=0)["entry"]
    assert "by" not in table.enter("exit", 1, counts={"twos": 0, "jokers": 0}, as_seat=1)["entry"]
    table.enter("confirm", 1, target=3, as_seat=1, expect=422)  # Ben's own exit, as before


def test_a_rami_round_is_any_seats_and_the_entering_phone_does_not_confirm_it(tables):
    table = _scorekeeping(tables, "rami")
    table.enter("deal", dealer=0, as_seat=3)
    seq = table.enter("round", winner=1, points={"0": 12, "2": 30, "3": 7}, as_seat=3)["entry"]["seq"]
    assert table.entries()[-1]["by"] == 3
    table.enter("dispute", 3, target=seq, as_seat=3, expect=422)
    table.enter("confirm", 1, target=seq, as_seat=1)  # Ben won and Dan's phone entered it: Ben may confirm
    assert [p["score"] for p in table.state()["players"]] == [12, 0, 30, 7]


def test_the_server_writes_by_never_the_client(tables):
    table = _scorekeeping(tables)
    before = table.version
    refused = table.enter("exit", 0, counts={"twos": 0, "jokers": 0}, by=3, as_seat=3, expect=400)
    assert "`by`" in refused["detail"]
    assert table.version == before


@pytest.mark.parametrize("entry, fields", [
    ("adjust", {"scores": {"0": 5}, "reason": "a ruling"}),  # E-5: the host's, or the director's
    ("confirm", {"seat": 2, "target": 1}),  # Dan's phone confirming as Chloé
])
def test_what_stays_anothers_is_refused_with_403(tables, entry, fields):
    table = _scorekeeping(tables)
    table.enter("deal", dealer=0)
    before = table.version
    seat = fields.pop("seat", None)
    table.enter(entry, seat, as_seat=3, expect=403, **fields)
    assert table.version == before


def test_a_refereed_table_keeps_each_exit_and_deal_to_its_own_seat(tables):
    table = tables.create("continental", ["Ana", "Ben", "Chloé", "Dan"], confirmation=True)
    table.enter("deal", dealer=0, upcard="7H", as_seat=1, expect=403)  # Ana deals
    table.enter("deal", dealer=0, upcard="7H", as_seat=0)
    refused = table.enter("exit", 1, runs=[["3C", "4C", "5C"]], as_seat=2, expect=403)
    assert "Ben" in refused["detail"]
    table.enter("null_deal", as_seat=2, expect=403)
    rami = tables.create("rami", ["Ana", "Ben"])
    rami.enter("deal", dealer=0, as_seat=1, expect=403)


def test_the_referee_still_judges_what_a_seat_writes_for_the_table(tables):
    table = _scorekeeping(tables)
    table.enter("deal", dealer=0, as_seat=2)  # the first dealer is whoever the table names (C-2)
    table.enter("exit", 0, counts={"twos": 9, "jokers": 0}, as_seat=3, expect=422)  # K-2: two decks hold 8 twos
    table.enter("exit", 0, counts={"twos": 0, "jokers": 0}, as_seat=3)
    table.enter("exit", 1, counts={"twos": 0, "jokers": 0}, as_seat=3, expect=422)  # the deal is over
    table.enter("null_deal", as_seat=3, expect=422)
    table.enter("deal", dealer=3, as_seat=2, expect=422)  # C-2: Ben deals next
    table.enter("deal", dealer=1, as_seat=2)


def test_a_closed_table_takes_no_seats_result_for_the_table(client, tables):
    """E-7 holds for a result a seat's phone writes for the table: 409, nothing written."""
    from tests.tournaments.test_closed_tables import closed_evening

    _evening, table = closed_evening(client, tables)
    before = len(table.entries())
    for type_, seat, fields in (("deal", None, {"dealer": 1}), ("exit", 1, {"counts": {"twos": 0, "jokers": 0}}),
                                ("null_deal", None, {})):
        assert table.enter(type_, seat, as_seat=3, expect=409, **fields)["rules"] == ["E-7"]
    assert len(table.entries()) == before
