"""The rating on the group's pages and in its JSON: the board, the chart (SVG, no script), a member's rating."""

from __future__ import annotations

import html

from tests.groups.sunday import Group


def _group_with_two_tables(client, tables) -> Group:
    group = Group(client, "Friday")
    for winner in (0, 0):
        table = group.table(tables, "rami", ["Ana", "Ben"], tracking="results")
        for dealer in range(4):
            table.enter("deal", dealer=dealer % 2)
            table.enter("round", winner=winner, points={str(1 - winner): 40})
            if table.state()["status"] == "finished":
                break
    return group


def test_the_group_json_rates_its_members_after_each_finished_table(client, tables):
    group = _group_with_two_tables(client, tables)
    rating = group.read()["rating"]
    rows = {r["player"]: r for r in rating["rows"]}
    # Ana won both: +16, then +32 × (1 - E(1516 vs 1484)) = +14.5...
    assert rows["Ana"]["rating"] == 1531 and rows["Ben"]["rating"] == 1469
    assert rows["Ana"]["tables"] == 2 and [h["rating"] for h in rows["Ana"]["history"]] == [1516, 1531]
    assert rating["start"] == 1500 and len(rating["tables"]) == 2
    player = group.player("Ben")
    assert player["rating"]["rating"] == 1469


def test_the_group_page_shows_the_ratings_and_their_chart(client, tables):
    group = _group_with_two_tables(client, tables)
    client.get(f"/g/{group.id}/k/{group.token}")
    page = html.unescape(client.get(f"/g/{group.id}").get_data(as_text=True))
    assert 'aria-labelledby="rating-h"' in page and "1531" in page and "1469" in page
    assert '<title id="rating-t">Rating after each finished table: Ana 1531, Ben 1469</title>' in page
    member = next(m["id"] for m in group.read()["members"] if m["name"] == "Ben")
    mine = html.unescape(client.get(f"/g/{group.id}/p/{member}").get_data(as_text=True))
    assert "Rating: 1469, after 2 finished tables" in mine


def test_the_rating_in_french(client, tables):
    group = _group_with_two_tables(client, tables)
    client.get(f"/g/{group.id}/k/{group.token}")
    page = html.unescape(client.get(f"/g/{group.id}", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Cote" in page


def test_a_tournament_table_closed_while_playing_counts_as_it_stood(client, tables):
    from tests.tournaments.evening import Evening

    evening = Evening(client, tables, players=["Ana", "Ben", "Chloé", "Dan"], rounds=2)
    evening.start()
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0)
    winner = 0
    table.enter("exit", winner, counts={"twos": 0, "jokers": 0}, as_seat=winner)
    assert evening.group.read()["rating"]["rows"] == []  # still playing: not rated
    evening.start(close=True)  # round 1's table is closed as it stands
    names = [s["name"] for s in table.created["seats"]]
    rows = {r["player"]: r["rating"] for r in evening.group.read()["rating"]["rows"]}
    assert rows[names[winner]] == 1516 and sorted(rows.values()) == [1495, 1495, 1495, 1516]
