"""The console sees the whole evening (issue 29 item 8): a result left waiting or disputed at a table of an
earlier round is listed on the director's console, disputed first, with one tap to confirm it as the director
and one to open its table as the host; that table's page, on the director's phone only, links back to the
console."""

from __future__ import annotations

import html
import re

from tests.tournaments.evening import Evening, play_out
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def _round_one_left_open(client, tables):
    """Round 1 played out; table 1 leaves its last exit waiting, table 2 its second disputed; round 2 seated."""
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    evening.start()
    one, two = evening.rounds[0]
    for table, left in ((one, 3), (two, 1)):
        play_out(table, [0, 1, 2, 0])
        exits = [e for e in table.entries() if e["type"] == "exit"]
        for i, entry in enumerate(exits):
            other = (entry["seat"] + 1) % 4
            if i != left:
                table.enter("confirm", other, target=entry["seq"], as_seat=other)
            elif table is two:
                table.enter("dispute", other, target=entry["seq"], as_seat=other)
    return evening, one, two


def test_the_console_settles_an_earlier_rounds_results_and_the_table_links_back(app, client, tables):
    evening, one, two = _round_one_left_open(client, tables)
    director = Phone(app, "fr")
    director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    director.post(f"/n/{evening.id}/d/round", {})  # round 2: the console's round is no longer round 1
    console = director.page(f"/n/{evening.id}/d")
    assert "Manche 2 sur 2" in console and "Résultats à régler, toutes manches" in console
    settle = console.split("Résultats à régler, toutes manches", 1)[1].split("</section>", 1)[0]
    disputed, waiting = settle.index("Manche 1, table 2"), settle.index("Manche 1, table 1")
    assert disputed < waiting and "contestée par" in settle[disputed:waiting]  # disputed first
    assert settle.count("Confirmer en tant que directeur") == 2
    assert settle.count(f'href="/n/{evening.id}/d/t/{two.id}"') == 1  # open it as the host, in one tap

    form = re.search(rf'action="(/n/{evening.id}/d/t/{two.id}/confirm)".*?name="target" value="(\d+)".*?'
                     r'name="version" value="(\d+)"', settle, re.S)
    director.post(form.group(1), {"target": form.group(2), "version": form.group(3)})
    after = director.page(f"/n/{evening.id}/d")
    assert "contestée par" not in after and after.count("Confirmer en tant que directeur") == 1
    waiting_now = {(t["round"], t["number"]): t["waiting"] for t in evening.read()["tables"]}
    assert waiting_now[(1, 2)] == 0 and waiting_now[(1, 1)] == 1
    stale = director.post(form.group(1), {"target": form.group(2), "version": form.group(3)}, status=409)
    assert "Résultats à régler" in stale.get_data(as_text=True)  # the console again, saying why

    table = director.follow(director.get(f"/n/{evening.id}/d/t/{one.id}", status=303)).get_data(as_text=True)
    assert f'href="/n/{evening.id}/d"' in table and "Retour à la console du directeur" in html.unescape(table)
    seat = Phone(app, "fr")
    seat.post("/join", {"code": one.created["seats"][1]["code"]})
    assert "Retour à la console" not in html.unescape(seat.page(f"/t/{one.id}"))


def test_a_result_waiting_at_a_table_closed_by_the_next_round_is_confirmed_from_the_console(app, client, tables):
    """The usual case: the director closes a table still playing to seat round 2, its last exit unconfirmed; the
    console still lists it, and the director's confirmation is one a closed table takes (E-7 lets the host)."""
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    evening.start()
    one = evening.rounds[0][0]
    one.enter("deal", dealer=0)
    one.enter("exit", 1, counts={"twos": 0, "jokers": 0}, as_seat=1)  # waits for another seat; the table plays on
    director = Phone(app, "fr")
    director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    director.post(f"/n/{evening.id}/d/round", {"close": "1"})
    settle = director.page(f"/n/{evening.id}/d").split("Résultats à régler, toutes manches", 1)[1]
    assert "Manche 1, table 1" in settle.split("</section>", 1)[0]
    form = re.search(r'action="([^"]+/confirm)".*?name="target" value="(\d+)".*?name="version" value="(\d+)"',
                     settle, re.S)
    director.post(form.group(1), {"target": form.group(2), "version": form.group(3)})
    assert "Résultats à régler" not in director.page(f"/n/{evening.id}/d")
    assert {t["waiting"] for t in evening.read()["tables"]} == {0}
