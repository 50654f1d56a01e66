"""E-6 on the screen: besides each standings row whose score counts a result still waiting, the screen's list of
the round's tables says how many of a table's results wait for confirmation, until they are confirmed."""

from __future__ import annotations

from tests.tournaments.evening import Evening, play_out
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def test_the_screen_says_which_tables_results_wait_for_confirmation(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=1)
    evening.start()
    first, second = evening.rounds[0]
    play_out(first, [0, 1, 2, 0])
    second.enter("deal", dealer=0)
    screen = Phone(app).page(f"/n/{evening.id}/screen")
    assert screen.count('<span class="waiting">') == 1  # table 1's four exits; table 2 has none yet
    assert '<span class="waiting">4 results waiting for confirmation</span>' in screen
    french = Phone(app, "fr").page(f"/n/{evening.id}/screen")
    assert '<span class="waiting">4 résultats en attente de confirmation</span>' in french

    exits = [e for e in first.entries() if e["type"] == "exit"]
    for entry in exits[:3]:  # another seat confirms three of them on her phone
        confirmer = (entry["seat"] + 1) % 4
        first.enter("confirm", confirmer, target=entry["seq"], as_seat=confirmer)
    assert '<span class="waiting">1 result waiting for confirmation</span>' in Phone(app).page(
        f"/n/{evening.id}/screen")
    assert '<span class="waiting">1 résultat en attente de confirmation</span>' in Phone(app, "fr").page(
        f"/n/{evening.id}/screen")  # one result: the singular, in French as in English
    first.enter("confirm", target=exits[3]["seq"])  # the director confirms the last one
    assert '<span class="waiting">' not in Phone(app).page(f"/n/{evening.id}/screen")
