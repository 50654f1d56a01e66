"""Ties (issue 29 item 11): players of equal score are told apart by one stated tie-break (more tables won, then
the best single table, then head to head; still equal: a shared place), and the API, the screen, the results page
and both results CSVs show the same place. The French CSV for Excel splits on `;` with French headers."""

from __future__ import annotations

import csv
import io
import re

from referee.stats.tournament import standings
from tests.tournaments.evening import TWELVE, Evening
from tests.web.conftest import Phone


def _places(rows) -> list[tuple[str, int, str | None]]:
    return [(r["player"], r["place"], r["tiebreak"]) for r in rows]


def test_each_tie_break_in_its_order_and_a_shared_place_when_none_decides():
    balance = standings(["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred"], [
        (["Ana", "Ben", "Chloé"], [10, 0, -10]),   # Ana wins with 10
        (["Ben", "Dan", "Eve"], [10, 8, -18]),      # Ben wins with 10: Ana and Ben 10, one table won each
        (["Chloé", "Dan", "Fred"], [20, -8, -12]),  # Chloé 10, one table won, best 20: ahead of Ana and Ben
    ], "balance")
    assert [(r["player"], r["score"], r["rank"]) for r in balance][:3] == [("Chloé", 10, 1), ("Ana", 10, 1),
                                                                             ("Ben", 10, 1)]
    assert _places(balance)[:3] == [("Chloé", 1, "best"), ("Ana", 2, "best"), ("Ben", 3, "head")]  # Ana beat Ben
    penalty = standings(["Ana", "Ben", "Chloé", "Dan"], [
        (["Ana", "Ben"], [30, 50]),     # rami: lowest wins; Ana ahead of Ben here
        (["Ben", "Chloé"], [30, 60]),   # Ben 80, Ana 80 after the next: one table won each, best 30 each
        (["Ana", "Dan"], [50, 40]),
    ], "penalty")
    assert _places(penalty) == [("Dan", 1, None), ("Chloé", 2, None), ("Ana", 3, "head"), ("Ben", 4, "head")]
    won = standings(["Ana", "Ben", "Chloé", "Dan"], [(["Ana", "Ben"], [5, -5]), (["Chloé", "Dan"], [8, 5])],
                    "balance")
    assert _places(won) == [("Chloé", 1, None), ("Ana", 2, "won"), ("Dan", 3, "won"), ("Ben", 4, None)]
    shared = standings(["Ana", "Ben"], [(["Ana", "Ben"], [0, 0])], "balance")
    assert _places(shared) == [("Ana", 1, None), ("Ben", 1, None)]  # nothing tells them apart: shared, not drawn


def _closed_evening(app, client, tables):
    """One round of two tables: table 1's first seat +5 (wins it), table 2's first +8 and second +5 (does not
    win): two players at 5, told apart by tables won; then the director closes the round."""
    evening = Evening(client, tables, players=TWELVE[:8], rounds=1)
    evening.start()
    one, two = evening.rounds[0]
    one.enter("adjust", scores={"0": 5, "1": -5}, reason="one")
    two.enter("adjust", scores={"0": 8, "1": 5, "2": -13}, reason="two")
    director = Phone(app, "fr")
    director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    director.post(f"/n/{evening.id}/d/close", {})
    first = [p["name"] for p in one.state()["players"]]
    second = [p["name"] for p in two.state()["players"]]
    return evening, first[0], second[1], second[0]


def test_the_api_screen_results_and_csvs_show_the_same_tie_broken_place(app, client, tables):
    evening, winner, runner, top = _closed_evening(app, client, tables)
    rows = evening.read()["standings"]
    assert [(r["player"], r["rank"], r["place"], r["tiebreak"]) for r in rows[:3]] == [
        (top, 1, 1, None), (winner, 2, 2, "won"), (runner, 2, 3, "won")]  # rank by score, place by the tie-break

    screen = Phone(app, "fr").page(f"/n/{evening.id}/screen")
    assert re.search(rf"<td>2</td><th scope=\"row\">{winner}</th>.*<td>3</td><th scope=\"row\">{runner}</th>", screen)

    results = Phone(app, "fr").page(f"/n/{evening.id}/results")
    assert "départage\u00a0: tables gagnées" in results
    assert "Égalités\u00a0: à score égal, on départage par le plus de tables gagnées, puis la meilleure table" in results
    assert results.index(f'<th scope="row">{winner} ') < results.index(f'<th scope="row">{runner} ')
    english = Phone(app).page(f"/n/{evening.id}/results")
    assert "Ties: equal scores are told apart by more tables won, then the best single table" in english

    plain = list(csv.DictReader(io.StringIO(client.get(f"/n/{evening.id}/results.csv").get_data(as_text=True))))
    place = {r["player"]: r["place"] for r in plain}
    assert (place[top], place[winner], place[runner]) == ("1", "2", "3")

    links = re.findall(r'href="(/n/[^"]+results\.csv[^"]*)"', results)
    assert len(links) == 2, links
    answer = Phone(app, "fr").get(links[1].replace("&amp;", "&"))
    assert 'filename="arbitre-tournoi-' in answer.headers["Content-Disposition"]
    text = answer.get_data().decode("utf-8-sig")
    excel = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    assert excel[0] == ["Manche", "Table", "Place", "Joueur", "Score", "État", "Identifiant de la table", "Rang", "Total"]
    assert {(r[3], r[7]) for r in excel[1:]} >= {(top, "1"), (winner, "2"), (runner, "3")}
    assert {r[5] for r in excel[1:]} == {"fermée par le directeur"} and len(excel) == 9
