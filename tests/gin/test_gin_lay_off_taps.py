"""G-8 one tap at a time, through the JSON API: a hand shown `one_by_one` waits for the other's lay-offs, each a card
the referee proposes (a card not proposed is refused, citing G-8), one after another (a laid-off 9H lets a 10H
follow), undone like any entry, and scored (G-9) once nothing is left or she is done."""

from __future__ import annotations

KNOCKER = ["6H", "7H", "8H", "2S", "3S", "4S", "JD", "QD", "KD", "AC"]  # runs 6H-8H, 2S-4S, JD-KD; 1 of deadwood
OTHER = ["9H", "10H", "5H", "KC", "QS", "JC", "9D", "7C", "6S", "3C"]  # 5H below 6H-8H, 9H then 10H above it


def knocked(tables):
    """A refereed hand where Ben knocks with 1 of deadwood and Ana is to show her hand."""
    table = tables.create("gin")
    table.enter("deal", dealer=0, upcard="2D")
    table.enter("upcard", 1, take=False)
    table.enter("upcard", 0, take=False)
    table.enter("draw", 1, from_="stock")
    assert table.enter("knock", 1, card="QH", hand=KNOCKER, as_seat=1)["verdict"]["valid"] is True
    return table


def proposed(lay_off: dict) -> list[str]:
    """The cards proposed by `deal.lay_off`, or a verdict's `lay_off`."""
    return [p["card"] for p in lay_off["proposals"]]


def test_each_lay_off_is_a_tap_on_a_proposed_card_until_none_is_left_and_the_hand_is_scored(tables):
    table = knocked(tables)
    shown = table.enter("show", 0, hand=OTHER, one_by_one=True, as_seat=0)["verdict"]
    assert "score" not in shown and proposed(shown["lay_off"]) == ["5H", "9H"]  # the 10H once the 9H is laid
    assert shown["melds"] == [["6H", "7H", "8H"], ["2S", "3S", "4S"], ["JD", "QD", "KD"]]  # as the knock's verdict
    deal = table.state()["deal"]
    assert deal["phase"] == "lay_off" and deal["turn"] == 0 and deal["may"] == ["lay_off", "done"]
    assert deal["lay_off"]["proposals"][1] == {"card": "9H", "meld": 0, "kind": "run", "cards": ["6H", "7H", "8H"]}
    refused = table.enter("lay_off", 0, card="10H", as_seat=0, expect=422)
    assert refused["rules"] == ["G-8"] and "Ana" in refused["violations"][0]["message"]
    assert table.enter("lay_off", 0, card="KC", as_seat=0, expect=422)["rules"] == ["G-8"]  # fits nowhere
    assert table.enter("lay_off", 1, card="9H", as_seat=1, expect=422)["rules"] == ["G-8"]  # not Ben's to lay
    laid = table.enter("lay_off", 0, card="9H", as_seat=0)["verdict"]
    assert laid["cards"] == ["6H", "7H", "8H", "9H"] and proposed(laid["lay_off"]) == ["5H", "10H"]
    assert "score" not in laid and laid["lay_off"]["other_deadwood"] == 55 + 10 + 5
    table.enter("lay_off", 0, card="10H", as_seat=0)
    last = table.enter("lay_off", 0, card="5H", as_seat=0)["verdict"]
    assert last["other_deadwood"] == 55 and sorted(last["laid_off"]) == ["10H", "5H", "9H"]
    assert last["score"] == {"winner": "knocker", "points": 54, "undercut": False} and last["rules"] == ["G-8", "G-9"]
    state = table.state()
    assert [p["score"] for p in state["players"]] == [0, 54] and state["deal"]["phase"] == "deal"
    assert table.enter("lay_off", 0, card="3C", as_seat=0, expect=422)["rules"] == ["G-2"]  # the hand is over


def test_done_stops_her_lay_offs_and_the_hand_counts_what_she_kept(tables):
    table = knocked(tables)
    table.enter("show", 0, hand=OTHER, one_by_one=True, as_seat=0)
    table.enter("lay_off", 0, card="9H", as_seat=0)
    verdict = table.enter("done", 0, as_seat=0)["verdict"]
    assert verdict["laid_off"] == ["9H"] and verdict["other_deadwood"] == 55 + 10 + 5
    assert verdict["score"]["points"] == 70 - 1 and verdict["winner"] == 1


def test_a_lay_off_undone_gives_back_its_proposals(tables):
    table = knocked(tables)
    table.enter("show", 0, hand=OTHER, one_by_one=True, as_seat=0)
    seq = table.enter("lay_off", 0, card="9H", as_seat=0)["entry"]["seq"]
    table.enter("void", target=seq, as_seat=0)  # her own last tap, undone from her phone
    assert proposed(table.state()["deal"]["lay_off"]) == ["5H", "9H"]
    assert table.enter("lay_off", 0, card="10H", as_seat=0, expect=422)["rules"] == ["G-8"]


def test_the_same_hand_shown_at_once_or_by_taps_scores_the_same(tables):
    at_once = knocked(tables).enter("show", 0, hand=OTHER, as_seat=0)["verdict"]
    assert at_once["other_deadwood"] == 55 and at_once["points"] == 54  # API.md's show, laid off by the referee


def test_a_hand_with_nothing_to_lay_off_is_scored_at_the_show(tables):
    table = knocked(tables)
    verdict = table.enter("show", 0, hand=["10C", "KC", "QS", "JC", "9D", "7C", "6S", "3C", "2C", "5D"],
                          one_by_one=True, as_seat=0)["verdict"]
    assert verdict["laid_off"] == [] and verdict["score"]["winner"] == "knocker"
    assert table.state()["deal"]["phase"] == "deal"


def test_a_lay_off_out_of_its_moment_or_malformed_is_refused(tables):
    table = knocked(tables)
    assert table.enter("lay_off", 0, card="9H", as_seat=0, expect=422)["rules"] == ["G-8"]  # her hand not shown
    assert table.enter("done", 0, as_seat=0, expect=422)["rules"] == ["G-8"]
    assert "one_by_one" in table.enter("show", 0, hand=OTHER, one_by_one="yes", as_seat=0, expect=400)["detail"]
    table.enter("show", 0, hand=OTHER, one_by_one=True, as_seat=0)
    assert table.enter("lay_off", 0, as_seat=0, expect=400)["title"] == "Malformed request"  # no card
    assert table.enter("lay_off", 0, card="ZZ", as_seat=0, expect=400)["rules"] == ["K-1"]
