"""Each round's seat comes to the phone live: a phone holding a seat of a tournament's table (by the table card's
code or by tapping her name) is told, on that table's page, her seat of the round the director starts next."""

from __future__ import annotations

import re

from tests.tournaments.evening import Evening, names, play_out
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def test_a_phone_that_joined_by_its_code_is_told_its_next_seat(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    seated = evening.start()
    table = seated["tables"][0]
    seat = table["seats"][2]
    chloe = Phone(app, "fr")  # she typed her table card's code: she never opened the players' page
    chloe.post("/join", {"code": seat["code"]})
    name = names(evening.rounds[0][0])[2]
    page = chloe.page(f"/t/{table['id']}")
    assert f'data-player="{name}"' in page and 'class="t-next" role="status" hidden' in page
    watcher = Phone(app).page(f"/t/{table['id']}")  # a watcher is nobody's seat: no players' link for her
    assert 'class="t-next"' not in watcher and 'data-player="' not in watcher
    for played in evening.rounds[0]:
        play_out(played, [0, 1, 2, 0])
    second = evening.start()
    mine = next(t for t in second["tables"] if name in [s["name"] for s in t["seats"]])
    page = chloe.page(f"/t/{table['id']}")
    assert f"Manche 2\u00a0: votre place est à la table {mine['number']}, touchez pour y aller" in page
    link = re.search(r'class="t-next"[^>]*><a class="btn primary" href="([^"]+)"', page).group(1)
    landed = chloe.get(link, status=303).headers["Location"]
    assert landed.endswith(f"/t/{mine['id']}")
    assert name in chloe.page(landed)
