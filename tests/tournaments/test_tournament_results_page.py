"""The results page as a French or English reader reads it: a ruling's place with the language's colon, its reason
in the language's quotes, and negative scores with a minus sign, in the standings and in the tables' lines."""

from __future__ import annotations

from tests.tournaments.evening import TWELVE, Evening
from tests.web.conftest import Phone


def test_a_ruling_and_a_negative_score_read_as_each_language_writes_them(app, client, tables):
    evening = Evening(client, tables, players=TWELVE[:8], rounds=1)
    evening.start()
    table = evening.rounds[0][0]
    table.enter("adjust", scores={"0": 5, "2": -3}, reason="slow play")
    seats = [p["name"] for p in table.state()["players"]]

    french = Phone(app, "fr").page(f"/n/{evening.id}/results")
    assert f"Manche 1, table 1\u00a0: {seats[0]} +5, {seats[2]} \u22123 · «\u00a0slow play\u00a0»" in french
    assert f"{seats[2]} \u22123" in french.split("Tables", 1)[-1] and f"{seats[2]} -3" not in french  # not a hyphen
    english = Phone(app).page(f"/n/{evening.id}/results")
    assert f"Round 1, table 1: {seats[0]} +5, {seats[2]} \u22123 · “slow play”" in english
