"""One phone, one seat (E-6, API.md "Closed tables and seats"): a seat is held by the phone that took it; another
phone tapping the same name is refused until the director releases it (the console in one tap, or
`DELETE /api/v1/tables/{id}/seats/{seat}/phone`); a phone holding one seat of a table takes no other there, so it
never confirms its own result under another seat; a name tapped before round 1 is seated is kept for that phone."""

from __future__ import annotations

import re

from api.web.words.french import vowel_sound
from tests.tournaments.evening import Evening, names
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]
TAKEN = "is taken on another phone: ask the director."


def _director(app, evening: Evening) -> Phone:
    phone = Phone(app)
    phone.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    return phone


def _tap(phone: Phone, evening: Evening, name: str, status: int = 303):
    return phone.get(f"{evening.created['page']}/{EIGHT.index(name)}", status=status)


def _seated(evening: Evening, table: int = 0):
    """The first round's table `table`: its id and its players in seat order."""
    played = evening.rounds[0][table]
    return played.id, names(played)


def _release(client, table_id: str, seat: int, token: str | None, status: int = 204):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = client.delete(f"/api/v1/tables/{table_id}/seats/{seat}/phone", headers=headers)
    assert answer.status_code == status, answer.get_data(as_text=True)
    return answer


def test_a_second_phone_tapping_a_taken_name_is_refused_in_her_language(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    evening.start()
    table_id, seats = _seated(evening)
    ana = seats[0]
    first = Phone(app)
    assert _tap(first, evening, ana).headers["Location"].endswith(f"/t/{table_id}")
    _tap(first, evening, ana)  # the same phone again: still hers
    mate, french = Phone(app), Phone(app, "fr")
    refused = _tap(mate, evening, ana, status=409).get_data(as_text=True)
    assert f"The seat of {ana} {TAKEN}" in refused and 'role="alert"' in refused
    page = _tap(french, evening, ana, status=409).get_data(as_text=True)
    assert "est prise sur un autre téléphone\u00a0: demandez au directeur." in page
    assert f"{'d’' if vowel_sound(ana) else 'de '}{ana}" in page  # « La place d’Ana », « d’Hana », « de Ben »
    assert "seat" not in [row[1] for row in _tables_of(mate)]  # the refused phone holds no token
    seen = client.get(f"/api/v1/tournaments/{evening.id}").json["tables"]  # what the console's stream hears
    assert [t["asked"] for t in seen] == [[0], []]
    console = _director(app, evening).page(f"/n/{evening.id}/d")
    assert f"a seat asked for on another phone: {ana}" in console
    assert f"Release the seat of {ana}" in console


def _tables_of(phone: Phone) -> list:
    with phone.client.session_transaction() as session:
        return session.get("tables", [])


def test_the_console_releases_a_seat_in_one_tap_and_the_other_phone_takes_it(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    evening.start()
    table_id, seats = _seated(evening)
    ben = seats[1]
    borrowed, own = Phone(app), Phone(app, "fr")
    _tap(borrowed, evening, ben)
    _tap(own, evening, ben, status=409)
    director = _director(app, evening)
    console = director.page(f"/n/{evening.id}/d")
    action = re.search(r'<form method="post" action="([^"]+/seats/1/release)"', console).group(1)
    director.post(action, {})  # one tap
    assert "Release the seat of" not in director.page(f"/n/{evening.id}/d")
    assert [t["asked"] for t in client.get(f"/api/v1/tournaments/{evening.id}").json["tables"]] == [[], []]
    assert _tap(own, evening, ben).headers["Location"].endswith(f"/t/{table_id}")
    page = borrowed.page(f"/t/{table_id}")  # the phone it was released from watches now, and says why
    assert f"The director released the seat of {ben} from this phone" in page
    assert 'name="type" value="deal"' not in page
    assert [row[1:3] for row in _tables_of(own) if row[0] == table_id] == [["seat", 1]]
    other = Phone(app)  # a third phone is refused in turn: the seat is the new phone's
    _tap(other, evening, ben, status=409)


def test_the_api_releases_a_seat_with_the_directors_token_only(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    seated = evening.start()
    table = seated["tables"][0]
    table_id, seats = _seated(evening)
    first, second = Phone(app), Phone(app)
    _tap(first, evening, seats[2])
    _tap(second, evening, seats[2], status=409)
    _release(client, table_id, 2, None, status=401)
    _release(client, table_id, 2, "not-a-token", status=401)
    refused = _release(client, table_id, 2, table["seats"][0]["token"], status=403)  # a seat's token
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    _release(client, "no-such-table", 2, evening.director, status=404)
    _release(client, table_id, 9, evening.director, status=404)
    _tap(second, evening, seats[2], status=409)  # nothing was released by those
    _release(client, table_id, 2, evening.director)
    _tap(second, evening, seats[2])
    _release(client, table_id, 3, evening.director)  # a seat nobody holds: released all the same
    found = [a for a in evening.group.get("/audit").json["actions"] if a["action"] == "released_seat"]
    assert [(a["by"], a["target"]["table"], a["target"]["seat"], a["target"]["name"]) for a in found] == [
        ("director", table_id, 2, seats[2])]  # the group's audit: the seat a phone held (the other held nothing)
    stranger = Phone(app)  # the console's release is the director's: another phone is 403
    stranger.post(f"/n/{evening.id}/d/t/{table_id}/seats/2/release", {}, status=403)
    _tap(Phone(app), evening, seats[2], status=409)


def test_a_phone_holding_a_seat_takes_no_other_at_its_table(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2, tracking="results")
    seated = evening.start()
    table = seated["tables"][0]
    played = evening.rounds[0][0]
    table_id, seats = _seated(evening)
    cheat = Phone(app)
    _tap(cheat, evening, seats[0])
    refused = _tap(cheat, evening, seats[1], status=409).get_data(as_text=True)  # her mate's name
    assert f"This phone holds the seat of {seats[0]} at this table: one phone is one seat." in refused
    by_code = cheat.get(f"/j/{table['seats'][1]['code']}", status=409).get_data(as_text=True)  # the mate's QR code
    assert "one phone is one seat" in by_code
    assert [row[2] for row in _tables_of(cheat) if row[0] == table_id] == [0]  # still her own seat only
    played.enter("deal", dealer=0)
    cheat.table = table_id
    cheat.enter(type="exit", seat="0", quick="1", twos="0", jokers="0", timing="later", key="q-0")
    seq = next(e["seq"] for e in played.entries() if e["type"] == "exit")
    forbidden = cheat.enter(status=403, type="confirm", seat="1", target=str(seq))
    assert "cannot enter for" in forbidden
    assert played.state()["confirmations"][0]["status"] == "waiting"  # her own result waits still
    mate = Phone(app)  # the mate's own phone takes her seat and confirms it
    _tap(mate, evening, seats[1])
    mate.table = table_id
    mate.enter(type="confirm", seat="1", target=str(seq))
    assert played.state()["confirmations"][0]["status"] == "confirmed"


def test_a_name_tapped_before_round_one_is_kept_for_that_phone(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    early, late, again = Phone(app), Phone(app), Phone(app, "fr")
    landed = _tap(early, evening, "Eve")  # before seating: back to the players' page, her name marked
    assert landed.headers["Location"].endswith(evening.created["page"])
    refused = _tap(late, evening, "Eve", status=409).get_data(as_text=True)
    assert f"The seat of Eve {TAKEN}" in refused
    evening.start()
    _tap(again, evening, "Eve", status=409)  # seated now: the seat is still kept for the first phone
    table = next(t for t in evening.rounds[0] if "Eve" in names(t))
    assert _tap(early, evening, "Eve").headers["Location"].endswith(f"/t/{table.id}")
    _tap(late, evening, "Eve", status=409)


def test_a_slip_before_seating_is_mended_by_tapping_ones_own_name(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    slip, fred = Phone(app), Phone(app)
    _tap(slip, evening, "Fred")
    _tap(slip, evening, "Gus")  # her own name: Fred's goes back
    _tap(fred, evening, "Fred")
    evening.start()
    _tap(slip, evening, "Fred", status=409)


def test_the_next_rounds_seat_comes_to_the_phone_that_held_her_seat(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    evening.start()
    table_id, seats = _seated(evening)
    hana = Phone(app)
    name = seats[3]
    _tap(hana, evening, name)
    evening.start(close=True)
    intruder = Phone(app)
    _tap(intruder, evening, name, status=409)  # round 2: still the phone of round 1's
    later = next(t for t in evening.rounds[1] if name in names(t))
    assert _tap(hana, evening, name).headers["Location"].endswith(f"/t/{later.id}")
