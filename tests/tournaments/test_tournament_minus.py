"""The evening's standings write a negative score with a minus sign, as the table pages do ("−44", not "-44"):
a screen read from across the room, and a screen reader, take a hyphen for a dash."""

from __future__ import annotations

import re

from tests.tournaments.evening import Evening, play_out
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def test_the_screen_and_the_results_write_negative_scores_with_a_minus_sign(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=1)
    evening.start()
    for played in evening.rounds[0]:
        play_out(played, [0, 1, 2, 0])
    assert any(s["score"] < 0 for s in evening.read()["standings"])
    for path in (f"/n/{evening.id}/screen", f"/n/{evening.id}/results"):
        cells = re.findall(r'<th scope="row">[^<]*</th><td[^>]*>([^<]*)', Phone(app).page(path))
        assert cells and any(c.startswith("\u2212") for c in cells), (path, cells)
        assert not any(c.startswith("-") for c in cells), (path, cells)
