"""Rules audit through the HTTP API: unreadable entries are 400 before any rule, corrections take only
their own fields, and a seat may correct its own Rami entries (E-2, E-3, API.md's order of checks)."""

from __future__ import annotations

import pytest


def problem(answer: dict, status: int) -> dict:
    assert answer["status"] == status, answer
    return answer


@pytest.fixture
def rami(tables):
    """Two players without a clock; seat 0 has dealt, seat 1 starts with 15 cards."""
    table = tables.create("rami", ["Ana", "Ben"], options={"turn_seconds": None})
    table.enter("deal", dealer=0)
    return table


@pytest.fixture
def continental(tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    return table


def test_a_rami_entry_with_a_field_it_does_not_take_is_a_400_naming_the_field(rami):
    answer = problem(rami.enter("discard", 1, card="4C", note="oops", as_seat=1, expect=400), 400)
    assert "note" in answer["detail"] and answer["rules"] == []
    answer = problem(rami.enter("meld", 1, melds=[["QH", "KH", "AH"], ["10S", "JS", "QS"]], value=61,
                                as_seat=1, expect=400), 400)
    assert "value" in answer["detail"]
    assert rami.state()["version"] == 2


def test_a_rami_deal_with_a_dealer_that_is_not_a_seat_is_a_400_even_during_a_round(rami):
    answer = problem(rami.enter("deal", dealer="1", expect=400), 400)
    assert "dealer" in answer["detail"]


@pytest.mark.parametrize("game", ["rami", "continental"])
def test_a_void_with_a_field_it_does_not_take_is_a_400(game, rami, continental):
    table = rami if game == "rami" else continental
    answer = problem(table.enter("void", target=2, reason="typo", expect=400), 400)
    assert "reason" in answer["detail"] and "target" in answer["detail"]


def test_a_replace_with_a_field_of_its_own_it_does_not_take_is_a_400(continental):
    continental.enter("draw", 1, from_="stock")
    answer = problem(continental.enter("replace", target=3, entry={"type": "draw", "seat": 1, "from": "discard"},
                                       seat_hint=1, expect=400), 400)
    assert "seat_hint" in answer["detail"]
    assert continental.state()["deal"]["phase"] == "discard" and continental.state()["version"] == 3


@pytest.mark.parametrize("seat", ["1", True, -1, [1], 1.5])
def test_a_replacement_whose_seat_is_not_a_seat_number_is_a_400(continental, seat):
    answer = problem(continental.enter("replace", target=2, entry={"type": "deal", "dealer": 0, "upcard": "8H",
                                                                   "seat": seat}, expect=400), 400)
    assert "seat" in answer["detail"]
    assert continental.state()["deal"]["discard_top"] == "7H"


def test_a_rami_seat_voids_its_own_mistaken_discard_with_its_own_token(rami):
    rami.enter("discard", 1, card="4C", as_seat=1)  # entry 3
    rami.enter("void", target=3, as_seat=1)
    deal = rami.state()["deal"]
    assert deal["turn"] == 1 and deal["discard_top"] is None


def test_a_rami_seat_cannot_void_another_seats_entry_nor_replace_it_for_another_seat(rami):
    rami.enter("discard", 1, card="4C", as_seat=1)  # entry 3
    answer = problem(rami.enter("void", target=3, as_seat=0, expect=403), 403)
    assert "Ben" in answer["detail"] and "Ana" in answer["detail"] and "seat 1" not in answer["detail"]
    problem(rami.enter("replace", target=3, entry={"type": "discard", "seat": 0, "card": "4C"}, as_seat=1,
                       expect=403), 403)
    rami.enter("replace", target=3, entry={"type": "discard", "seat": 1, "card": "5C"}, as_seat=1)
    assert rami.state()["deal"]["discard_top"] == "5C"


def test_a_deal_after_the_continental_session_with_a_dealer_that_is_not_a_seat_is_a_400(tables):
    table = tables.create("continental", tracking="results")
    for dealer in range(4):
        table.enter("deal", dealer=dealer)
        table.enter("null_deal")
    assert table.state()["status"] == "finished"
    problem(table.enter("deal", dealer="x", expect=400), 400)
    assert problem(table.enter("deal", dealer=0, expect=422), 422)["rules"] == ["C-15"]
