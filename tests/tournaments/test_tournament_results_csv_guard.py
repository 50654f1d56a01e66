"""The tournament's results.csv (readable by anyone with its id) writes a name that starts as a formula with a
leading `'`, as the group's CSV does: a spreadsheet shows `=HYPERLINK(...)` typed as a name, never runs it."""

from __future__ import annotations

import csv
import io

from tests.tournaments.evening import Evening

HOSTILE = ["=HYPERLINK(\"http://x\")", "+1+1", "-2", "@SUM(A1)", "Eve", "Fred", "Gus", "Hana"]


def test_results_csv_writes_formula_names_as_text(client, tables):
    evening = Evening(client, tables, players=HOSTILE, rounds=1)
    evening.start()
    answer = client.get(f"/n/{evening.id}/results.csv")
    assert answer.status_code == 200
    players = [row["player"] for row in csv.DictReader(io.StringIO(answer.get_data(as_text=True)))]
    assert sorted(players) == sorted(["'=HYPERLINK(\"http://x\")", "'+1+1", "'-2", "'@SUM(A1)",
                                      "Eve", "Fred", "Gus", "Hana"])
