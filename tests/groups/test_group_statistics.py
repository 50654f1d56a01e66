"""A player's statistics, each figure with the entries it counts (see conftest.py for the group)."""

from __future__ import annotations

import pytest

from tests.groups.sunday import FIVE


def at(sunday, key: str, *seqs) -> list[dict]:
    return [{"table": sunday.tables[key].id, "seq": s} for s in seqs]


def test_continental_exits_and_invalid_exits_name_their_entries_and_the_rules_broken(sunday):
    s = sunday.seqs
    dan = sunday.player("Dan")["continental"]
    assert dan["tables"] == 2
    assert dan["exits"]["entries"] == at(sunday, "C", s["dan_without_drawing"]) + at(sunday, "C2", s["c2_0"])
    assert dan["invalid_exits"]["count"] == 1
    assert dan["invalid_exits"]["entries"] == at(sunday, "C", s["dan_invalid"])
    verdict = next(e for e in sunday.tables["C"].entries() if e["seq"] == s["dan_invalid"])
    assert verdict["type"] == "exit" and verdict["seat"] == 3
    written = sunday.client.get(f"/api/v1/tables/{sunday.tables['C'].id}/entries").json["entries"]
    assert written[s["dan_invalid"] - 1]["seq"] == s["dan_invalid"]
    rules = dan["invalid_exits"]["rules"]
    assert rules and all(r["entries"] == at(sunday, "C", s["dan_invalid"]) for r in rules)
    assert "C-6" in {r["rule"] for r in rules} or "C-7" in {r["rule"] for r in rules}
    assert dan["without_drawing"]["entries"] == at(sunday, "C", s["dan_without_drawing"])
    assert dan["first_turn"]["count"] == 0 and dan["one_suit"]["count"] == 0


def test_the_replaced_exit_is_not_counted_for_the_player_it_no_longer_names(sunday):
    chloe = sunday.player("Chloé")["continental"]
    assert chloe["one_suit"]["count"] == 0  # her one-suit exit was replaced by Dan's (E-2)
    assert chloe["exits"]["entries"] == at(sunday, "C2", sunday.seqs["c2_1"])


def test_transfers_received_and_paid_are_averaged_over_the_deals_they_count(sunday):
    ana = sunday.player("Ana")["continental"]
    assert ana["received"]["count"] == 2 and ana["received"]["average"] == 33
    # Paid: 18 (Ben's first-turn exit), 21 (Dan's without drawing); at C2, 11 twice: 61 / 4.
    assert ana["paid"]["count"] == 4 and ana["paid"]["average"] == pytest.approx(61 / 4, abs=0.06)
    ben = sunday.player("Ben")["continental"]
    assert ben["first_turn"]["entries"] == at(sunday, "C", sunday.seqs["ben_first_turn"])
    assert ben["received"]["average"] == 54


def test_rami_openings_lay_offs_rounds_won_and_the_hand_left(sunday):
    s = sunday.seqs
    ben = sunday.player("Ben")["rami"]
    assert ben["openings"]["entries"] == at(sunday, "R", s["ben_opening"])
    assert ben["openings"]["average"] == s["ben_opening_value"] == 93
    assert ben["lay_offs"]["entries"] == at(sunday, "R", s["ben_lay_off"])
    assert ben["rounds_won"]["entries"] == at(sunday, "R", s["ben_out"])
    assert ben["jokers"]["count"] == 0 and ben["timeouts"]["count"] == 0
    ana = sunday.player("Ana")["rami"]
    assert ana["hand_left"]["entries"] == at(sunday, "R", s["ana_hand"]) and ana["hand_left"]["average"] == 170
    assert ana["openings"]["count"] == 0


def test_a_players_form_lists_her_last_finished_sessions_oldest_first(sunday):
    form = sunday.player("Ana")["continental"]["form"]
    assert [(f["table"], f["score"], f["won"]) for f in form] == [
        (sunday.tables["C"].id, -6, False), (sunday.tables["C2"].id, 11, True)]
    assert len(sunday.player("Ana", last=1)["continental"]["form"]) == 1


def test_a_correction_re_derives_the_statistics(sunday):
    c = sunday.tables["C"]
    c.enter("void", target=sunday.seqs["dan_invalid"])
    assert sunday.player("Dan")["continental"]["invalid_exits"]["count"] == 0
    c.enter("replace", target=sunday.seqs["ana_exit"], entry={"type": "exit", "seat": 1, "runs": FIVE})
    assert sunday.player("Ana")["continental"]["exits"]["count"] == 1
    assert sunday.player("Ben")["continental"]["exits"]["count"] == 2


def test_a_table_that_moved_on_is_folded_again_and_the_others_are_not(app, sunday, monkeypatch):
    from api.application import group_summaries

    sunday.read()  # every summary is current now
    folded = []
    real = group_summaries.summarise
    monkeypatch.setattr(group_summaries, "summarise", lambda entries: folded.append(entries[0]) or real(entries))
    sunday.read()
    assert folded == []
    sunday.tables["C"].enter("void", target=sunday.seqs["dan_invalid"])
    sunday.read()
    assert len(folded) == 1 and folded[0].data["players"] == ["Ana", "Ben", "Chloé", "Dan"]
