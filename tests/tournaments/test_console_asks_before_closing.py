"""The console asks before closing (issue 29, item 6): its red button opens a page of the server (no script) that
names the tables still playing, by number, with their players; its form sends the round, so a double tap seats one
round; cancelling changes nothing."""

from __future__ import annotations

from tests.tournaments.test_tournament_pages import director, open_evening  # noqa: F401 (a fixture)


def test_the_console_asks_before_closing_and_a_double_tap_seats_one_round(director, app):  # noqa: F811
    evening = open_evening(director)
    director.post(f"/n/{evening}/d/round", {"round": "1"})
    director.post(f"/n/{evening}/d/round", {"round": "1"})  # a double tap on "Seat round 1"
    client = app.test_client()
    seen = client.get(f"/api/v1/tournaments/{evening}").json
    assert [t["round"] for t in seen["tables"]] == [1, 1]

    console = director.page(f"/n/{evening}/d")
    confirm = f"/n/{evening}/d/round/2/close"
    assert f'href="{confirm}"' in console and 'name="close"' not in console  # one click does not close
    page = director.page(confirm)
    assert "Close the 2 tables still playing?" in page and "Then round 2 is seated." in page
    for table in seen["tables"]:
        assert f"Table {table['number']}: {', '.join(table['players'])}" in page
    assert 'name="round" value="2"' in page and "Cancel, back to the console" in page
    assert [t["status"] for t in client.get(f"/api/v1/tournaments/{evening}").json["tables"]] == ["playing"] * 2

    director.post(f"/n/{evening}/d/round", {"close": "1", "round": "2"})
    director.post(f"/n/{evening}/d/round", {"close": "1", "round": "2"})  # a double tap on the confirmation
    seen = client.get(f"/api/v1/tournaments/{evening}").json
    assert [t["round"] for t in seen["tables"]] == [1, 1, 2, 2]
    assert [t["status"] for t in seen["tables"][:2]] == ["closed", "closed"]
    director.get(confirm, status=303)  # round 2 is seated: nothing left to confirm for it

    director.headers = {**director.headers, "Accept-Language": "fr"}  # the last round: closing ends the evening
    french = director.page(f"/n/{evening}/d/round/3/close")
    assert "Fermer les 2 tables encore en jeu" in french and "termine la soirée" in french
    director.post(f"/n/{evening}/d/round", {"close": "1", "round": "3"})
    seen = client.get(f"/api/v1/tournaments/{evening}").json
    assert seen["status"] == "finished" and [t["status"] for t in seen["tables"][2:]] == ["closed", "closed"]
