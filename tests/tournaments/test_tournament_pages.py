"""A club night through its pages: the form from the group page, the console, a player's tap on her name, the
screen, the table cards, the results, the CSV and her sheet; in English and French."""

from __future__ import annotations

import re

import pytest

from tests.groups.sunday import Group
from tests.web.conftest import Phone

PLAYERS = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


@pytest.fixture
def director(app, client):
    group = Group(client, "Friday club")
    for i in range(0, 8, 4):  # the group's members: two tables played before
        answer = client.post("/api/v1/tables", json={"game": "continental", "players": PLAYERS[i:i + 4],
                                                     "group": group.id, "tracking": "results"},
                             headers=group.headers)
        assert answer.status_code == 201
    phone = Phone(app)
    phone.get(f"/g/{group.id}/k/{group.token}", status=303)
    phone.group = group
    return phone


def open_evening(director, **fields) -> str:
    page = director.page(f"/g/{director.group.id}/evening")
    assert all(f'value="{name}"' in page for name in PLAYERS)
    data = {"name": "Friday", "game": "continental", "tracking": "results", "member": PLAYERS[:7],
            "new": "Ivo\n\nana\n", "rounds": "2", "table_size": "4", "seating": "random", **fields}
    response = director.post(f"/g/{director.group.id}/evening", data)
    return response.headers["Location"].split("/")[2]


def test_the_group_page_offers_the_evening_and_its_form_counts_the_tables(director):
    assert f"/g/{director.group.id}/evening" in director.page(f"/g/{director.group.id}")
    page = director.page(f"/g/{director.group.id}/evening")
    assert "Tick the players present." in page and "data-text-tables" in page
    refused = director.post(f"/g/{director.group.id}/evening", {"name": "x", "game": "continental",
                                                                 "member": PLAYERS[:3], "rounds": "2",
                                                                 "table_size": "4"}, status=422)
    assert "3 players cannot sit at tables of 4" in refused.get_data(as_text=True)
    assert "3 players cannot sit at tables of 4 or one fewer in this game." in refused.get_data(as_text=True)


def test_an_evening_from_the_console_to_the_results(director, app):
    evening = open_evening(director)
    console = director.page(f"/n/{evening}/d")
    assert "Seat round 1" in console
    players_link = re.search(r'href="(http[^"]*/n/[^"]+/p/[^"]+)"', console).group(1)
    director.post(f"/n/{evening}/d/round", {})
    console = director.page(f"/n/{evening}/d")
    assert "Table 1" in console and "Table 2" in console and "Seat round 2" not in console
    cards = director.page(f"/n/{evening}/cards")
    assert cards.count('class="tcard"') == 2 and len(re.findall(r'<p class="code">([A-Z0-9]{8})</p>', cards)) == 8

    ivo = Phone(app, "fr")
    page = ivo.page(players_link.split("localhost", 1)[-1])
    assert "Touchez votre nom" in page and "Ivo" in page
    index = re.findall(r'/p/[^/"]+/(\d+)"', page)
    landed = ivo.get(players_link.split("localhost", 1)[-1] + "/7", status=303)  # Ivo, the eighth player
    table = landed.headers["Location"].split("/")[2]
    seen = ivo.page(f"/t/{table}")
    assert "Manche 1, table" in seen and "Ivo" in seen
    assert index

    other = Phone(app)  # Ivo's seat, asked for by a second phone: refused (E-6), his table and the director see it
    refused = other.get(players_link.split("localhost", 1)[-1] + "/7", status=409).get_data(as_text=True)
    assert "The seat of Ivo is taken on another phone: ask the director." in refused
    assert "a seat asked for on another phone: Ivo" in director.page(f"/n/{evening}/d")
    assert "Demandée sur un autre téléphone\u00a0: Ivo." in ivo.page(f"/t/{table}")

    screen = Phone(app).page(f"/n/{evening}/screen")
    assert "Round 1 of 2" in screen and "Standings" in screen

    director.post(f"/n/{evening}/d/message", {"text": "Pause de 10 minutes"})
    assert "Pause de 10 minutes" in ivo.page(f"/t/{table}")
    assert "Close the 2 tables still playing and seat round 2" in director.page(f"/n/{evening}/d")
    director.post(f"/n/{evening}/d/round", {"close": "1"})
    assert "Le directeur a fermé cette table" in ivo.page(f"/t/{table}")
    director.post(f"/n/{evening}/d/close", {})
    client = app.test_client()
    assert {s["tables"] for s in client.get(f"/api/v1/tournaments/{evening}").json["standings"]} == {2}
    director.post(f"/n/{evening}/d/freeze", {"frozen": "1"})  # "results at the end": the last round stays off
    frozen = client.get(f"/api/v1/tournaments/{evening}").json
    assert frozen["frozen"] is True and {s["tables"] for s in frozen["screen_standings"]} == {1}
    assert {s["tables"] for s in frozen["standings"]} == {2}  # E-7: GET always gives the real standings
    assert "The last round stays hidden until the results." in Phone(app).page(f"/n/{evening}/screen")
    director.post(f"/n/{evening}/d/freeze", {"frozen": "0"})
    assert {s["tables"] for s in client.get(f"/api/v1/tournaments/{evening}").json["standings"]} == {2}
    results = Phone(app).page(f"/n/{evening}/results")
    assert results.count("closed by the director") == 4  # both rounds: closed with nothing played
    csv = Phone(app).get(f"/n/{evening}/results.csv").get_data(as_text=True)
    assert csv.splitlines()[0] == "round,table,seat,player,score,status,table_id,place,total" and len(csv.splitlines()) == 17
    sheet = ivo.page(players_link.split("localhost", 1)[-1] + "/7/sheet")
    assert "Ivo" in sheet and sheet.count("Manche") >= 2
    assert "Rang 1, 0 point sur 2 tables" in sheet and "(s)" not in sheet  # each count in its own form
    assert "Rank 1, 0 points over 2 tables" in Phone(app).page(players_link.split("localhost", 1)[-1] + "/7/sheet")


def test_the_console_and_cards_are_the_directors_only(director, app):
    evening = open_evening(director)
    other = Phone(app)
    other.get(f"/n/{evening}/d", status=403)
    other.get(f"/n/{evening}/cards", status=403)
    other.get(f"/n/{evening}/p/wrong", status=404)
    other.get("/n/none/screen", status=404)
