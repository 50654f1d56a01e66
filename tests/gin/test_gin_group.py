"""A Gin game in a group: its standings by points-for scoring (games won, then the games' results, G-11), the
rating (the higher total wins), the group's page and a member's figures; none of it named Gin outside its place."""

from __future__ import annotations

from tests.groups.sunday import Group


def _game(group, tables, players, hands):
    """A scorekeeping Gin table of the group played to its end: each hand (knocker, deadwood, other's deadwood)."""
    table = group.table(tables, "gin", players, tracking="results")
    dealer = 0
    for knocker, deadwood, other in hands:
        table.enter("deal", dealer=dealer)
        table.enter("knock", knocker, deadwood=deadwood, gin=deadwood == 0)
        dealer = table.enter("show", 1 - knocker, deadwood=other)["verdict"]["winner"]
    return table


def test_gin_standings_count_games_won_and_the_results_summed(client, tables):
    group = Group(client, "Café")
    first = _game(group, tables, ["Ana", "Ben"], [(0, 0, 30), (0, 0, 30)])  # Ana 520 to 0, a shutout
    second = _game(group, tables, ["Ben", "Ana"], [(1, 2, 12), (0, 0, 60), (0, 0, 30)])  # Ben wins, Ana one hand
    assert first.state()["winners"] == [0] and second.state()["winners"] == [0]
    totals = [p["score"] for p in second.state()["players"]]
    assert totals == [85 + 55 + 100 + 2 * 25, 10 + 25]  # Ben: 290; Ana: her hand and its bonus
    rows = {r["player"]: r for r in group.read()["standings"]["gin"]}
    assert (rows["Ana"]["games"], rows["Ana"]["won"], rows["Ana"]["result"], rows["Ana"]["hands_won"]) == \
        (2, 1, 520 - (290 - 35), 3)
    assert (rows["Ben"]["won"], rows["Ben"]["result"]) == (1, -520 + 255)
    assert [r["player"] for r in group.read()["standings"]["gin"]] == ["Ana", "Ben"]  # equal wins: the result
    history = {r["player"]: r["history"] for r in group.read()["rating"]["rows"]}
    assert history["Ana"][0]["rating"] > 1500 > history["Ben"][0]["rating"]  # the higher total won the first
    client.get(f"/g/{group.id}/k/{group.members_token}")
    page = client.get(f"/g/{group.id}", headers={"Accept-Language": "fr"})
    assert page.status_code == 200 and "Classement\u00a0: gin rami" in page.get_data(as_text=True)
    figures = group.player("Ana")["gin"]
    assert figures["hands_won"]["count"] == 3 and figures["gins"]["count"] == 2
    text = client.get(f"/g/{group.id}/p/{group.member('Ana')}", headers={"Accept-Language": "fr"}).get_data(
        as_text=True)
    assert "Donnes gagnées" in text and "Frappes non valides" in text
