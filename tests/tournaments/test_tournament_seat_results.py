"""Issue 29 §1 at a club night: a seat's phone enters its table's result for a table-mate (and a null deal), the
director's console names what waits, and a third seat's confirmation settles it; the phone that entered a result
cannot confirm it."""

from __future__ import annotations

import html

from tests.tournaments.evening import Evening
from tests.web.conftest import Phone

FOUR = ["Ana", "Ben", "Chloé", "Dan"]


def test_a_seat_enters_a_mates_exit_and_a_null_deal_and_the_console_names_them(app, client, tables):
    evening = Evening(client, tables, players=FOUR, rounds=2)
    evening.start()
    table = evening.rounds[0][0]
    names = table.state()["players"]
    table.enter("deal", dealer=0, as_seat=3)
    exit_ = table.enter("exit", 1, counts={"twos": 0, "jokers": 1}, as_seat=3)["entry"]
    table.enter("deal", dealer=1, as_seat=3)
    null = table.enter("null_deal", as_seat=3)["entry"]
    assert (exit_["by"], null["by"]) == (3, 3)

    director = Phone(app, "fr")
    director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    settle = html.unescape(director.page(f"/n/{evening.id}/d")).split("Résultats à régler, toutes manches", 1)[1]
    settle = settle.split("</section>", 1)[0]
    assert "la sortie d" in settle and names[1]["name"] in settle  # « de Ben », « d’Ana »: elided by name
    assert "la donne nulle" in settle and settle.count("Confirmer en tant que directeur") == 2

    for seq in (exit_["seq"], null["seq"]):
        assert table.enter("confirm", 3, target=seq, as_seat=3, expect=422)["rules"] == ["E-6"]
        table.enter("confirm", 0, target=seq, as_seat=0)
    assert {t["waiting"] for t in evening.read()["tables"]} == {0}
    assert "Résultats à régler" not in director.page(f"/n/{evening.id}/d")
