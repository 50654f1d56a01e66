"""The director's console flags a table whose entry was refused (kept in the table's tournament row, so any
worker serving the console sees it), with the refusal's reason in the reader's language."""

from __future__ import annotations

from tests.tournaments.evening import Evening
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def test_the_console_flags_a_refused_entry_until_the_table_moves_on(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=1)
    evening.start()
    first, second = evening.rounds[0]
    first.enter("deal", dealer=0)
    second.enter("deal", dealer=0)
    refused = second.enter("deal", dealer=1, expect=422)
    director = Phone(app)
    director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    page = director.page(f"/n/{evening.id}/d")
    assert page.index("Table 2") < page.index("Table 1")  # the table that needs attention comes first
    assert "a refused entry" in page and "Refused just now: " in page
    assert refused["violations"][0]["message"] in page
    with app.app_context():
        from api.application import tournament_pages

        rows = tournament_pages.console(evening.id, evening.director)["tables"]
    assert rows[0]["id"] == second.id and rows[0]["attention"] == ["refused"]
    assert rows[0]["refused"]["reason"]["rule"] == refused["rules"][0]
    assert rows[1]["attention"] == []

    french = Phone(app, "fr")
    french.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    assert "une entrée refusée" in french.page(f"/n/{evening.id}/d")

    second.enter("exit", 1, counts={"twos": 0, "jokers": 0}, as_seat=1)  # the table moved on: no longer flagged
    assert "a refused entry" not in director.page(f"/n/{evening.id}/d")
