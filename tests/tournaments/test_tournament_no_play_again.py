"""A tournament's table is not "played again" by its phones: the director seats the next round, and a phone that
started a table of its own would leave the evening's seating and standings."""

from __future__ import annotations

from tests.tournaments.evening import Evening, play_out
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def test_a_finished_tournament_table_offers_no_play_again_and_refuses_it(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    table = evening.start()["tables"][0]
    phone = Phone(app)
    phone.post("/join", {"code": table["seats"][1]["code"]})
    for played in evening.rounds[0]:
        play_out(played, [0, 1, 2, 0])
    for path in (f"/t/{table['id']}", f"/t/{table['id']}/summary"):
        page = phone.page(path)
        assert "Play again with the same players" not in page and "The next game" not in page
    refused = phone.post(f"/t/{table['id']}/again", {}, status=409).get_data(as_text=True)
    assert "director" in refused
