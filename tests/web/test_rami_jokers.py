"""Rami melds with a joker are laid as the referee reads them (issue 18, item 2): where the joker has one place,
it is announced for the player; where it has several, the page asks, each place a button, one tap lays them."""

from __future__ import annotations

import re

OPENING = "5S 6S JK 8S\nAH AC AS"  # 26 + 33 = 59: an opening of 51


def rami(host, lang_phone=None):
    phone = lang_phone or host
    phone.start(game="rami", players=("Eve", "Fox"), opening="51", ceiling="100", clock="off")
    phone.enter(type="deal", dealer="0")  # Fox starts, with 15 cards
    return phone


def melds(client, table):
    return [m["cards"] for m in client.get(f"/api/v1/tables/{table}").json["deal"]["melds"]]


def test_a_joker_with_one_place_is_announced_for_the_player(host, client):
    rami(host)
    page = host.enter(type="meld", seat="1", melds=OPENING)
    assert "announce the card it replaces" not in page and 'role="alert"' not in page
    assert melds(client, host.table) == [["5S", "6S", "JK=7S", "8S"], ["AC", "AH", "AS"]]


def test_a_joker_with_two_places_is_asked_each_place_a_button_one_tap_lays_it(host, client):
    rami(host)
    page = host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "meld", "seat": "1",
                                                "melds": "5S 6S 7S JK\nAH AC AS"}, status=200)
    page = page.get_data(as_text=True)
    assert "Meld 1: where does the joker go?" in page
    choices = re.findall(r'<button class="choice" name="melds" value="([^"]*)"', page)
    assert choices == ["JK=4S 5S 6S 7S\nAH AC AS", "5S 6S 7S JK=8S\nAH AC AS"]
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2  # nothing written yet
    host.follow(host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "meld", "seat": "1",
                                                      "melds": choices[1]}))
    assert melds(client, host.table) == [["5S", "6S", "7S", "JK=8S"], ["AC", "AH", "AS"]]


def test_a_set_with_a_joker_asks_which_suit_in_french(phone, client):
    eve = rami(None, phone("fr"))
    page = eve.post(f"/t/{eve.table}/entry", {"version": eve.version(), "type": "meld", "seat": "1",
                                               "melds": "QH KH AH\n7C 7D JK"}, status=200).get_data(as_text=True)
    assert "Combinaison 2\u00a0: où va le joker\u202f?" in page
    assert re.findall(r'name="melds" value="[^"]*\n([^"]*)"', page) == ["7C 7D JK=7H", "7C 7D JK=7S"]


def test_the_outbox_sends_a_meld_whose_joker_has_several_places_to_the_question(host, client):
    rami(host)
    response = host.post(f"/t/{host.table}/outbox", {"version": host.version(), "type": "meld", "seat": "1",
                                                      "key": "k-meld", "melds": "5S 6S 7S JK\nAH AC AS"}, status=422)
    assert "action=place" in response.json["redirect"]
    assert "Meld 1: where does the joker go?" in host.page(response.json["redirect"])
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2
    host.post(f"/t/{host.table}/outbox", {"version": host.version(), "type": "meld", "seat": "1", "key": "k-meld2",
                                          "melds": OPENING}, status=201)
    assert melds(client, host.table)[0] == ["5S", "6S", "JK=7S", "8S"]
