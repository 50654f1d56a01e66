"""A seat taken by a second phone is shown to its table however the phones came: by the players' page, by the
table card's QR code (`/j/<code>`) or by typing the code."""

from __future__ import annotations

from tests.tournaments.evening import Evening, names
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def test_a_seat_joined_by_its_qr_code_and_by_its_typed_code_shows_as_open_twice(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=1)
    table = evening.start()["tables"][0]
    seat = table["seats"][1]
    name = names(evening.rounds[0][0])[1]
    first, second = Phone(app), Phone(app)
    first.get(f"/j/{seat['code']}", status=303)
    page = first.page(f"/t/{table['id']}")
    assert "A seat open on two phones or more" not in page  # one phone: nothing to say
    second.post("/join", {"code": seat["code"]})
    assert f"A seat open on two phones or more: {name}." in second.page(f"/t/{table['id']}")
