"""One phone, one seat however the phones came (E-6): by the players' page, by the table card's QR code
(`/j/<code>`) or by typing the code, a seat another phone holds is refused, and the director sees it asked for."""

from __future__ import annotations

from tests.tournaments.evening import Evening, names
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def test_a_seat_joined_by_its_qr_code_is_refused_to_its_typed_code_on_another_phone(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=1)
    table = evening.start()["tables"][0]
    seat = table["seats"][1]
    name = names(evening.rounds[0][0])[1]
    first, second = Phone(app), Phone(app, "fr")
    first.get(f"/j/{seat['code']}", status=303)
    page = first.page(f"/t/{table['id']}")
    assert "Asked for on another phone" not in page  # one phone: nothing to say
    refused = second.post("/join", {"code": seat["code"]}, status=409).get_data(as_text=True)
    assert "est prise sur un autre téléphone\u00a0: demandez au directeur." in refused
    assert f"Asked for on another phone: {name}." in first.page(f"/t/{table['id']}")
    third = Phone(app)  # the players' page says the same
    assert "taken on another phone" in third.get(f"{evening.created['page']}/{EIGHT.index(name)}",
                                                 status=409).get_data(as_text=True)
