"""Tokens are kept only as hashes (issue 30, item 5): after a group, a tournament's round, a table and phones
seated by their join codes, no token is in any row of the database (the SQLite file and its WAL, PostgreSQL's
`pg_dump` of the test's schema), and every token still does what it did: a code still gives its seat's token."""

from __future__ import annotations

from tests.forget.test_forget import raw_database
from tests.tournaments.evening import Evening
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


def held(phone: Phone, table_id: str) -> str:
    """The token this phone's session keeps for `table_id`."""
    with phone.client.session_transaction() as session:
        return next(row[3] for row in session["tables"] if row[0] == table_id)


def test_no_token_is_kept_in_clear_and_each_still_works(app, client, tables, host, database_url):
    evening = Evening(client, tables, players=EIGHT, rounds=2)
    round_ = evening.start()
    group = evening.group
    host.start()
    codes = host.codes()
    ben = Phone(app)
    ben.post("/join", {"code": codes[1]})  # a phone seated by a code of the host's share page
    first = round_["tables"][0]
    eve = Phone(app)
    eve.get(f"/j/{first['seats'][2]['code']}", status=303)  # and one by a table card's QR code
    players_key = evening.created["page"].rsplit("/", 1)[1]
    tokens = {"admin": group.token, "members": group.members_token, "director": evening.director,
              "players' key": players_key,
              "host": held(host, host.table), "Ben's seat": held(ben, host.table),
              **{f"seat {s['seat']} of {t['number']}": s["token"] for t in round_["tables"] for s in t["seats"]}}
    assert all(len(token) >= 16 for token in tokens.values())  # the players' key: 96 bits, 16 characters

    kept = raw_database(database_url).decode("utf-8", errors="replace")
    assert codes[1] in kept  # the scan reads the rows (a code is kept, for twelve hours)
    assert [role for role, token in tokens.items() if token in kept] == []

    assert held(eve, first["id"]) == first["seats"][2]["token"]  # the code gave its seat's very token
    answer = client.post(f"/api/v1/tables/{first['id']}/entries", json={"entry": {"type": "deal", "dealer": 0}, "expected_version": 1},
                         headers={"Authorization": f"Bearer {held(eve, first['id'])}"})
    assert answer.status_code in (201, 422), answer.get_data(as_text=True)  # a seat's token, heard as one
    host.enter(type="deal", dealer="0", upcard="7H")  # the host's token, from its session
    ben.table = host.table
    ben.enter(type="draw", seat="1", from_="stock")  # Ben's seat token, from his code
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 3
    assert client.get(f"/api/v1/groups/{group.id}/audit", headers=group.headers).status_code == 200
    members = client.get(f"/api/v1/groups/{group.id}", headers={"X-Group-Token": group.members_token})
    assert members.json["role"] == "members"
    again = client.post(f"/api/v1/tournaments/{evening.id}/rounds", json={},
                        headers={"Authorization": f"Bearer {evening.director}"})
    assert again.status_code == 409, again.get_data(as_text=True)  # heard as the director: the round still plays
    player = Phone(app)  # the players' page gives her her seat's token from its code (a seat no phone holds)
    table, seat = next((t, s) for t in round_["tables"] for s in t["seats"] if s is not first["seats"][2])
    player.get(f"{evening.created['page']}/{EIGHT.index(seat['name'])}", status=303)
    assert held(player, table["id"]) == seat["token"]


def test_the_privacy_page_says_a_codes_token_is_sealed(client):
    english = client.get("/privacy", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "seats, groups and tournaments are kept only as fingerprints" in english
    assert "sealed with the server’s secret key" in english
    french = client.get("/privacy", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "scellé par la clé secrète du serveur" in french and "12\u00a0heures" in french
