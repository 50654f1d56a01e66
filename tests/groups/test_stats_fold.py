"""The statistics fold on its own (pure): jokers retrieved, lay-offs and timeouts, from a Rami log."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from referee.log import Entry
from referee.stats.table import summarise

T0 = datetime(2026, 11, 29, 15, 0, tzinfo=UTC)


def log(*items, options=None):
    entries = [Entry(1, "create", None, T0, {"game": "rami", "players": ["Ana", "Ben"], "tracking": "full",
                                            "options": options or {"opening": 51, "ceiling": 100, "turn_seconds": None}})]
    for i, (type_, seat, data, *later) in enumerate(items, start=2):
        entries.append(Entry(i, type_, seat, T0 + (later[0] if later else timedelta(seconds=i)), data))
    return entries


def test_a_joker_retrieved_and_laid_off_again_counts_for_the_player_who_took_it():
    summary = summarise(log(
        ("deal", None, {"dealer": 0}),
        ("meld", 1, {"melds": [["10H", "JH", "QH", "KH"], ["7C", "JK=7D", "7S"]]}),  # Ben opens with 61
        ("discard", 1, {"card": "2C"}),
        ("draw", 0, {"from": "stock"}),
        ("meld", 0, {"melds": [["QS", "KS", "AS"], ["9D", "10D", "JD"]]}),  # Ana opens with 60
        ("retrieve_joker", 0, {"meld": 32, "card": "7D"}),
        ("lay_off", 0, {"meld": 31, "cards": ["JK=AH"]}),
        ("discard", 0, {"card": "5C"}),
    ))
    ana, ben = summary.figures
    assert ana["openings"] == [(6, 60)] and ben["openings"] == [(3, 61)]
    assert ana["jokers"] == [(7, None)] and ana["lay_offs"] == [(8, 1)]
    assert "jokers" not in ben and summary.deals == []


def test_a_timeout_counts_for_the_seat_whose_time_ran_out():
    summary = summarise(log(
        ("deal", None, {"dealer": 0}, timedelta(0)),
        ("timeout", None, {"for_seat": 1}, timedelta(seconds=61)),
        options={"opening": 51, "ceiling": 100, "turn_seconds": 60}))
    assert summary.figures[1]["timeouts"] == [(3, None)] and "timeouts" not in summary.figures[0]
