"""Rami played through the HTTP API: opening, lay-offs, jokers, rounds, the ceiling, the clock (R-1..R-17, E-2)."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import cycle

import pytest
from freezegun import freeze_time

LONG_RUN = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
SEVENS = ["7C", "7D", "7S"]
LOW_HAND = ["2D", "2D", "2H", "2H", "2S", "2S", "3C", "3C", "3D", "3D", "4C", "4C", "4D", "4D"]  # 40
HEAVY_HAND = ["JK", "JK", "KS", "KS", "KD", "KD", "KC", "KC", "QS", "QS", "QD", "QD", "QC", "QC"]  # 170
T0 = datetime(2026, 11, 29, 15, 0, tzinfo=UTC)


class Rami:
    """A Rami table seen through the API; every seat writes its own entries with its own token."""

    def __init__(self, tables, players=2, **fields):
        self.table = tables.create("rami", ["Ana", "Ben", "Chloé", "Dan"][:players], **fields)

    def enter(self, type: str, seat: int | None = None, expect: int = 201, **fields) -> dict:
        return self.table.enter(type, seat, as_seat=seat, expect=expect, **fields)

    def deal(self, dealer: int) -> dict:
        return self.table.enter("deal", dealer=dealer)

    def meld(self, seat: int, *melds, expect: int = 201) -> dict:
        return self.enter("meld", seat, melds=[list(m) for m in melds], expect=expect)

    def go_out_on_first_turn(self, starter: int) -> dict:
        self.meld(starter, LONG_RUN, SEVENS)
        return self.enter("discard", starter, card="2C")

    @property
    def state(self) -> dict:
        return self.table.state()

    @property
    def deal_state(self) -> dict:
        return self.state["deal"]

    def scores(self) -> list[int]:
        return [p["score"] for p in self.state["players"]]


def refused(answer: dict) -> list[str]:
    assert answer["status"] == 422
    return answer["rules"]


@pytest.fixture
def rami(tables) -> Rami:
    """Two players without a clock; seat 0 has dealt, seat 1 starts with 15 cards."""
    game = Rami(tables, options={"turn_seconds": None})
    game.deal(0)
    return game


def test_an_opening_under_51_is_refused_and_one_at_51_with_a_joker_counted_as_its_card_is_accepted(rami):
    assert refused(rami.meld(1, ["9H", "10H", "JH"], SEVENS, expect=422)) == ["R-9"]
    answer = rami.meld(1, ["10H", "JK=JH", "QH"], SEVENS)
    assert answer["verdict"]["value"] == 51 and answer["verdict"]["opening"] is True
    deal = rami.deal_state
    assert deal["melds"][0] == {"id": 31, "owner": 1, "kind": "run", "cards": ["10H", "JK=JH", "QH"]}
    assert deal["opened"] == [1] and deal["hand_sizes"] == {"0": 14, "1": 9}


def test_a_free_opening_table_opens_with_one_small_meld(tables):
    game = Rami(tables, options={"opening": "free", "turn_seconds": None})
    game.deal(1)
    assert game.meld(0, ["A♣", "2♣", "3c"])["verdict"]["value"] == 6
    assert game.deal_state["melds"][0]["cards"] == ["AC", "2C", "3C"]


def test_a_lay_off_before_opening_is_refused(rami):
    rami.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    rami.enter("discard", 1, card="4C")
    rami.enter("draw", 0, from_="stock")
    assert refused(rami.enter("lay_off", 0, meld=32, cards=["9S"], expect=422)) == ["R-10"]
    rami.meld(0, ["9C", "10C", "JC", "QC"], ["5D", "5H", "5S"])
    rami.enter("lay_off", 0, meld=32, cards=["9S"])
    assert rami.deal_state["melds"][1]["cards"] == ["9S", "10S", "JS", "QS"]


def test_a_pickup_not_laid_down_refuses_the_discard(rami):
    rami.meld(1, ["QH", "KH", "AH"], ["10S", "JS", "QS"])
    rami.enter("discard", 1, card="9C")
    rami.enter("draw", 0, from_="discard")
    assert rami.deal_state["known"]["0"] == ["9C"]
    assert refused(rami.enter("discard", 0, card="4D", expect=422)) == ["R-5"]
    rami.meld(0, ["9C", "10C", "JC", "QC", "KC", "AC"])
    rami.enter("discard", 0, card="4D")
    assert rami.deal_state["turn"] == 1


def test_a_joker_retrieval_and_its_replay(rami, client):
    rami.meld(1, ["10H", "JK=JH", "QH"], SEVENS)
    rami.enter("discard", 1, card="4C")
    rami.enter("draw", 0, from_="stock")
    rami.meld(0, ["QS", "KS", "AS"], ["10D", "JD", "QD"])
    before = rami.table.version
    assert refused(rami.enter("retrieve_joker", 0, meld=31, card="10H", expect=422)) == ["R-12"]
    rami.enter("retrieve_joker", 0, meld=31, card="JH")
    assert rami.deal_state["known"]["0"] == ["JK"]
    assert refused(rami.enter("discard", 0, card="5C", expect=422)) == ["R-12"]
    rami.enter("lay_off", 0, meld=62, cards=["JK=9D"])
    rami.enter("discard", 0, card="5C")
    now = rami.state
    assert now["deal"]["melds"][0]["cards"] == ["10H", "JH", "QH"]
    assert now["deal"]["melds"][3]["cards"] == ["JK=9D", "10D", "JD", "QD"]
    assert rami.table.state(at=before)["deal"]["melds"][0]["cards"] == ["10H", "JK=JH", "QH"]
    exported = client.get(f"/api/v1/tables/{rami.table.id}/export").get_data(as_text=True)
    imported = client.post("/api/v1/tables/import", data=exported, content_type="application/x-ndjson")
    assert imported.status_code == 201
    again = client.get(f"/api/v1/tables/{imported.json['id']}").json
    assert {**again, "id": None} == {**now, "id": None}


def test_a_round_won_by_discarding_the_last_card_and_the_hands_entered(tables):
    game = Rami(tables, players=3, options={"turn_seconds": None, "ceiling": 200})
    game.deal(1)
    answer = game.go_out_on_first_turn(2)
    assert answer["verdict"] == {"winner": 2, "rules": ["R-13"]}
    assert game.deal_state["phase"] == "hands" and game.deal_state["awaiting"] == [0, 1]
    game.table.enter("hand", 0, as_seat=1, cards=LOW_HAND, expect=403)
    assert refused(game.enter("hand", 0, cards=LOW_HAND[:13], expect=422)) == ["R-14"]
    game.enter("hand", 0, cards=LOW_HAND)
    result = game.enter("hand", 1, cards=HEAVY_HAND)["verdict"]
    assert result == {"deal": 1, "winner": 2, "scores": {"0": 40, "1": 170, "2": 0}, "rules": ["R-13", "R-14"]}
    assert game.scores() == [40, 170, 0] and game.state["results"] == [result]


def test_a_game_over_the_ceiling_is_won_by_the_lowest_totals_tied(tables):
    game = Rami(tables, players=3, options={"turn_seconds": None, "ceiling": 200})
    game.deal(1)
    game.go_out_on_first_turn(2)
    game.enter("hand", 0, cards=LOW_HAND)
    game.enter("hand", 1, cards=HEAVY_HAND)
    game.deal(2)
    game.go_out_on_first_turn(0)
    game.enter("hand", 1, cards=HEAVY_HAND)
    result = game.enter("hand", 2, cards=LOW_HAND)["verdict"]
    state = game.state
    assert result["rules"] == ["R-13", "R-14", "R-16"]
    assert game.scores() == [40, 340, 40] and state["status"] == "finished" and state["winners"] == [0, 2]
    assert refused(game.table.enter("deal", dealer=0, expect=422)) == ["R-16"]


def test_a_round_blocked_after_three_reshuffles(rami):
    discards = cycle(f"{r}{s}" for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
    rami.enter("discard", 1, card=next(discards))
    seat = 0
    while True:
        answer = rami.enter("draw", seat, from_="stock")
        if answer["verdict"] is not None:
            break
        rami.enter("discard", seat, card=next(discards))
        seat = 1 - seat
    assert answer["verdict"] == {"blocked": True, "rules": ["R-15"]}
    deal = rami.deal_state
    assert deal["reshuffles"] == 3 and deal["stock"] == 0 and deal["winner"] is None and deal["awaiting"] == [0, 1]
    rami.enter("hand", 0, cards=["2D", "2H", "3D", "3H", "4D", "5D", "6C", "6D", "7C", "7D", "8C", "8D", "9C", "9D"])
    result = rami.enter("hand", 1, cards=["10C", "10D", "AD", "AH", "JC", "JD", "JK", "JK", "JK", "JK", "KC", "KD",
                                         "QC", "QD"])["verdict"]
    assert result["winner"] is None and result["rules"] == ["R-14", "R-15", "R-16"]
    assert rami.scores() == [79, 202] and rami.state["winners"] == [0]


def test_a_results_tracking_game_to_the_ceiling(tables):
    game = Rami(tables, players=3, tracking="results")
    game.deal(0)
    game.table.enter("round", winner=1, hands={"0": ["2D", "3D", "4D"], "2": ["JK", "JK", "KS"]})
    game.deal(1)
    assert refused(game.table.enter("round", winner=0, hands={"1": ["KS"]}, expect=422)) == ["R-14"]
    game.table.enter("round", winner=None, hands={"0": ["AS"], "1": ["KS", "QS"], "2": ["QH", "QD", "4S"]})
    state = game.state
    assert game.scores() == [20, 20, 84] and state["status"] == "playing" and state["deal"]["deadline"] is None
    game.deal(2)
    game.table.enter("round", winner=0, hands={"1": ["9S"], "2": ["10S", "6S"]})
    state = game.state
    assert game.scores() == [20, 29, 100] and state["status"] == "finished" and state["winners"] == [0]
    assert [r["rules"] for r in state["results"]][-1] == ["R-13", "R-14", "R-16"]


def test_a_corrected_hand_re_derives_the_totals_and_a_breaking_correction_is_refused(tables):
    game = Rami(tables, options={"turn_seconds": None})
    game.deal(0)
    game.go_out_on_first_turn(1)
    hand_seq = game.enter("hand", 0, cards=LOW_HAND)["entry"]["seq"]
    assert game.scores() == [40, 0]
    other = ["5D", "5D", *LOW_HAND[2:]]
    game.table.enter("replace", target=hand_seq, entry={"type": "hand", "seat": 0, "cards": other})
    assert game.scores() == [46, 0] and game.state["results"][0]["scores"]["0"] == 46
    meld_seq = hand_seq - 2
    answer = game.table.enter("void", target=meld_seq, expect=422)
    assert answer["rules"] == ["R-14"] and answer["violations"][0]["entry"] == hand_seq


def test_a_rami_option_out_of_range_is_a_400_naming_it(client):
    response = client.post("/api/v1/tables", json={"game": "rami", "players": ["A", "B"],
                                                   "options": {"turn_seconds": 30}})
    assert response.status_code == 400 and "turn_seconds" in response.json["detail"]


@pytest.fixture
def clock():
    with freeze_time(T0) as frozen:
        yield frozen


def test_a_timeout_is_written_by_the_first_request_after_the_deadline_and_waits_for_the_heaviest_discard(
        tables, clock):
    game = Rami(tables)
    game.deal(0)
    game.meld(1, ["10H", "JK=JH", "QH"], ["JK=7C", "7D", "7S"])
    game.enter("discard", 1, card="4C")
    clock.tick(10)
    game.enter("draw", 0, from_="stock")
    game.meld(0, ["QS", "KS", "AS"], ["10D", "JD", "QD"])
    game.enter("retrieve_joker", 0, meld=31, card="JH")
    assert game.deal_state["deadline"] == "2026-11-29T15:01:00+00:00"
    clock.tick(50)  # 15:01:00, the deadline itself
    deal = game.deal_state  # a read writes what is due
    assert deal["phase"] == "discard" and deal["deadline"] is None and deal["known"]["0"] == ["JK"]
    [timeout] = game.table.entries(after=game.table.version)
    assert (timeout["type"], timeout["seat"], timeout["for_seat"]) == ("timeout", None, 0)
    assert timeout["at"].startswith("2026-11-29T15:01:00")
    game.table.version = timeout["seq"]
    assert refused(game.enter("discard", 0, card="KC", expect=422)) == ["R-17"]
    clock.tick(5)
    game.enter("discard", 0, card="JK")
    assert game.deal_state["turn"] == 1 and game.deal_state["deadline"] == "2026-11-29T15:02:05+00:00"


def test_a_request_long_after_several_deadlines_writes_exactly_what_is_owed(tables, clock):
    game = Rami(tables)
    game.deal(0)
    clock.tick(20)
    game.enter("discard", 1, card="KS")
    clock.tick(60 * 30)  # thirty turn times later
    written = game.table.entries(after=game.table.version)
    assert [(e["type"], e["for_seat"]) for e in written] == [("timeout", 0)]
    assert written[0]["at"].startswith("2026-11-29T15:01:20")
    game.table.version = written[0]["seq"]
    assert game.table.entries(after=game.table.version) == []  # no clock while the forced discard is owed
    game.enter("discard", 0, card="QD")
    clock.tick(61)
    state = game.state
    assert state["deal"]["turn"] == 1 and state["deal"]["phase"] == "discard" and state["version"] == game.table.version + 1


def test_a_table_without_a_clock_never_times_out(tables, clock):
    game = Rami(tables, options={"turn_seconds": None})
    game.deal(0)
    clock.tick(3600 * 24)
    assert game.state["version"] == 2 and game.deal_state["deadline"] is None


def test_a_voided_discard_restarts_the_clock_of_the_turn_it_reopens_instead_of_timing_it_out(tables, clock):
    game = Rami(tables)
    game.deal(0)  # 15:00:00, entry 2
    clock.tick(10)
    game.enter("discard", 1, card="KS")  # 15:00:10, entry 3
    clock.tick(55)
    game.table.enter("void", target=3)  # 15:01:05, entry 4
    clock.tick(1)
    state = game.state  # a read would write a timeout now if one were due
    assert state["version"] == 4 and state["deal"]["turn"] == 1 and state["deal"]["phase"] == "play"
    assert state["deal"]["deadline"] == "2026-11-29T15:02:05+00:00"
    assert game.table.state(at=3)["deal"]["deadline"] == "2026-11-29T15:01:10+00:00"  # seat 0's turn, then
    assert game.table.state(at=4)["deal"]["deadline"] == "2026-11-29T15:02:05+00:00"
    clock.tick(59)  # 15:02:05, the restarted deadline: the next request writes the timeout
    [timeout] = game.table.entries(after=4)
    assert (timeout["type"], timeout["for_seat"]) == ("timeout", 1) and timeout["at"].startswith("2026-11-29T15:02:05")


def test_a_lay_off_names_its_meld_by_the_id_the_table_shows_and_a_correction_never_moves_it(tables):
    game = Rami(tables, options={"opening": "free", "turn_seconds": None})
    game.deal(0)
    game.meld(1, ["2C", "3C", "4C"])  # entry 3
    laid = game.meld(1, ["5D", "6D", "7D"])  # entry 4
    [diamonds] = laid["verdict"]["melds"]
    assert diamonds == game.deal_state["melds"][1]["id"] == 41
    game.enter("discard", 1, card="KS")
    game.enter("draw", 0, from_="stock")
    game.meld(0, ["9D", "10D", "JD"])
    lay_off = game.enter("lay_off", 0, meld=diamonds, cards=["8D"])["entry"]["seq"]  # 8D fits 9D-10D-JD too
    game.table.enter("void", target=3)
    assert {m["id"]: m["cards"] for m in game.deal_state["melds"]} == {
        41: ["5D", "6D", "7D", "8D"], 71: ["9D", "10D", "JD"]}
    answer = game.table.enter("void", target=4, expect=422)
    assert answer["rules"] == ["R-11"] and answer["violations"][0]["entry"] == lay_off
    assert "there is no meld 41" in answer["violations"][0]["message"]


def test_the_meld_check_reads_two_sevens_and_a_joker_as_a_set_whose_joker_must_announce_a_seven(client):
    body = client.post("/api/v1/referee/rami/meld", json={"cards": ["7C", "7D", "JK=8H"]}).json
    assert body["valid"] is False and body["kind"] is None
    [fault] = body["violations"]
    assert fault["rule"] == "K-5" and "must announce a 7" in fault["message"]
