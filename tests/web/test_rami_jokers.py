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


# A lay-off's joker is placed as a new meld's is: no `JK=` to type (R-11, K-5).
OPENED = "9S 10S JS\nAH AC AS"  # 30 + 33 = 63: an opening of 51; melds 31 and 32


def laid_off(client, table):
    entries = client.get(f"/api/v1/tables/{table}/entries").json["entries"]
    return [e["cards"] for e in entries if e["type"] == "lay_off"]


def test_a_joker_laid_off_where_it_has_one_place_is_announced_for_the_player(host, client):
    rami(host)
    host.enter(type="meld", seat="1", melds=OPENED)
    page = host.enter(type="lay_off", seat="1", meld="32", cards="JK")  # the fourth ace: only ♦ is missing
    assert 'role="alert"' not in page and "announced card" not in page
    assert melds(client, host.table)[1] == ["AC", "JK=AD", "AH", "AS"]
    assert laid_off(client, host.table) == [["JK=AD"]]


def test_a_joker_laid_off_where_it_has_two_places_is_asked_one_tap_lays_it(host, client):
    rami(host)
    host.enter(type="meld", seat="1", melds=OPENED)
    form = {"version": host.version(), "type": "lay_off", "seat": "1", "meld": "31", "cards": "JK"}
    page = host.post(f"/t/{host.table}/entry", form, status=200).get_data(as_text=True)
    assert "Meld 1: where does the joker go?" in page
    choices = re.findall(r'<button class="choice" name="cards" value="([^"]*)"', page)
    assert choices == ["JK=8S", "JK=QS"]
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 3  # nothing written yet
    host.follow(host.post(f"/t/{host.table}/entry", {**form, "version": host.version(), "cards": choices[1]}))
    assert melds(client, host.table)[0] == ["9S", "10S", "JS", "JK=QS"]
    assert laid_off(client, host.table) == [["JK=QS"]]


def test_a_lay_off_joker_with_a_natural_has_one_place_and_in_french_two_are_asked(phone, client):
    eve = rami(None, phone("fr"))
    eve.enter(type="meld", seat="1", melds=OPENED)
    form = {"version": eve.version(), "type": "lay_off", "seat": "1", "meld": "31", "cards": "JK QS"}
    page = eve.post(f"/t/{eve.table}/entry", form, status=200).get_data(as_text=True)  # JK: 8♠ or R♠
    assert "Combinaison 1\u00a0: où va le joker\u202f?" in page
    assert re.findall(r'name="cards" value="([^"]*)"', page)[:2] == ["JK=8S QS", "JK=KS QS"]
    assert client.get(f"/api/v1/tables/{eve.table}").json["version"] == 3
    eve.enter(type="lay_off", seat="1", meld="31", cards="JK KS")  # 9♠ 10♠ V♠ JK R♠: the joker is D♠ only
    assert melds(client, eve.table)[0] == ["9S", "10S", "JS", "JK=QS", "KS"]


def test_the_outbox_sends_a_lay_off_whose_joker_has_several_places_to_the_question(host, client):
    rami(host)
    host.enter(type="meld", seat="1", melds=OPENED)
    response = host.post(f"/t/{host.table}/outbox", {"version": host.version(), "type": "lay_off", "seat": "1",
                                                      "key": "k-lay", "meld": "31", "cards": "JK"}, status=422)
    assert "/compose/lay_off?" in response.json["redirect"] and "action=place" in response.json["redirect"]
    page = host.page(response.json["redirect"])
    assert "Meld 1: where does the joker go?" in page
    assert re.findall(r'name="cards" value="([^"]*)"', page) == ["JK=8S", "JK=QS"]
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 3


def test_the_lay_off_screen_proposes_the_places_of_a_lone_joker_before_it_is_sent(host, client):
    """Issue 29, item 15: on 9♠ 10♠ J♠ a joker is the 8♠ or the Q♠: the lay-off screen holds both places, shown
    when the joker is tapped (picker.js), so one tap lays it off, offline too; on A♥ A♣ A♠ it can only be the A♦,
    so nothing is proposed there: the referee places it with no question."""
    rami(host)
    host.enter(type="meld", seat="1", melds="9S 10S JS\nAH AC AS")
    run, aces = (m["id"] for m in client.get(f"/api/v1/tables/{host.table}").json["deal"]["melds"])
    page = host.page(f"/t/{host.table}/compose/lay_off?seat=1&meld={run}")
    assert f'data-joker-for="{run}"' in page and f'data-joker-for="{aces}"' not in page
    assert re.findall(r'data-announce="([^"]*)"', page) == ["JK=8♠", "JK=Q♠"]
    assert "Meld 1: where does the joker go?" in page
    host.follow(host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "lay_off", "seat": "1",
                                                      "meld": str(run), "cards": "JK=Q♠"}))
    assert melds(client, host.table)[0] == ["9S", "10S", "JS", "JK=QS"]
