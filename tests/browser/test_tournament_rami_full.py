"""Issue 29, item 14, in Chromium: a Rami club night with full tracking (the cards entered), in French. Eight players
at two tables of four over two rounds; the director seats round 1 from the console (1366 x 768); the four phones of
table 1 (390 x 844, one at 360 px) enter the deal, draws, discards, an opening of melds, a lay-off and the round's
end with the hands left; the screen (1920 x 1080) follows; the console closes table 2 as it stands and seats round
2, which every phone is told live. Axe-clean, no English on the French pages, screenshots."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.live import LIVE
from tests.browser.test_table_walk_rami import melds_shown, tap_cards
from tests.browser.walk import LOCALES, Taps, Words, check
from tests.groups.sunday import Group

GUS = "KH KS KD KC QH QS QD QC JH JS JD JC 10H 10S"  # 140 points: past the ceiling of 100
EVE = "2C 3D 4H 5S 6C 8D 9H 2S 3H 4D 5C 6S 8H 9C"
ANA = "AC AD 2H 3S 4C 6D 8S 9D 10C JC 5H 6H 4S 2D"
NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]
SCREEN = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
          "device_scale_factor": 1}
LANG = "fr"


@pytest.fixture
def evening(live_server):
    """A group and its evening of Rami, full tracking, 8 players, 2 rounds: nothing seated yet."""
    client = LIVE["app"].test_client()
    group = Group(client, "Club du mardi")
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", headers=group.headers, json={
        "name": "Mardi rami", "game": "rami", "options": {"opening": 51}, "tracking": "full", "players": NAMES,
        "rounds": 2, "table_size": 4, "seating": "random"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.json | {"client": client}


def _phone(phones, **extra):
    return phones(locale=LOCALES[LANG], extra_http_headers={"Accept-Language": LOCALES[LANG]}, **extra)


def _sit(phones, players_link: str, names: list[str]) -> list:
    """Each of the table's players on her own phone, by one tap on her name (the last phone at 360 px)."""
    at_table = []
    for seat, name in enumerate(names):
        page = _phone(phones)
        if seat == 3:
            page.set_viewport_size({"width": 360, "height": 780})
        page.goto(players_link)
        page.get_by_role("link", name=name, exact=True).click()
        expect(page.locator(".at-table")).to_be_visible()
        at_table.append(page)
    return at_table


def _hand(page, name: str, cards: str, w, shot: str | None) -> None:
    """Her phone enters the cards left in her hand."""
    page.get_by_role("link", name=w("Cards left in %(name)s's hand", name=name)).click()
    page.fill("#cards", cards)
    if shot:
        check(page, LANG, shot)
    page.get_by_role("button", name=w("Send")).click()


def test_a_rami_club_night_with_every_card_entered(phones, evening):
    w, taps = Words(LANG), Taps()
    client, tid, director = evening["client"], evening["id"], evening["director_token"]
    console = _phone(phones)
    console.set_viewport_size({"width": 1366, "height": 768})
    console.goto(f"/n/{tid}/k/{director}")
    screen = _phone(phones, **SCREEN)
    screen.goto(f"/n/{tid}/screen")
    console.get_by_role("button", name=w("Seat round %(round)s", round=1)).click()
    expect(console.locator(".console li")).to_have_count(2)
    check(console, LANG, "rami-full-console-round1-fr")
    tables = client.get(f"/api/v1/tournaments/{tid}").json["tables"]
    first = tables[0]
    names = first["players"]

    at_table = _sit(phones, evening["page"], names)
    for seat, page in enumerate(at_table):
        check(page, LANG, f"rami-full-seat{seat}-fr")

    # The deal, from the dealer's own phone; then each turn from the phone whose turn it is.
    eve, dan, ben, ana = at_table  # seats 0..3 as the table seats them (names[0..3]: whoever sits there)
    taps.tap(eve.get_by_role("button", name=w("Cards dealt")))
    turn = dan.locator("#headline")
    expect(turn).to_have_text(w("%(name)s's turn: lay down or discard.", name=names[1]))
    check(dan, LANG, "rami-full-turn-fr")
    opening = taps.count
    taps.tap(dan.get_by_role("link", name=w("Lay down melds")))
    tap_cards(taps, dan, "QH KH AH / 10S JS QS", w)
    check(dan, LANG, "rami-full-melds-compose-fr")
    taps.tap(dan.get_by_role("button", name=w("Send")))
    taps.measure("an opening of two melds", opening)
    melds_shown(dan, 2)
    dan.get_by_role("button", name=w.card("9S"), exact=True).click()
    for page, seat, card in ((ben, 2, "8C"), (ana, 3, "5D"), (eve, 0, "KS")):
        expect(page.locator("#headline")).to_have_text(w("%(name)s's turn: take a card.", name=names[seat]))
        page.get_by_role("button", name=w("Took from the stock")).click()
        expect(page.locator("#headline")).to_have_text(w("%(name)s's turn: lay down or discard.", name=names[seat]))
        if page is ana:
            check(ana, LANG, "rami-full-draw-360-fr")
        page.get_by_role("button", name=w.card(card), exact=True).click()
    check(screen, LANG, "rami-full-screen-playing-fr")

    expect(dan.locator("#headline")).to_have_text(w("%(name)s's turn: take a card.", name=names[1]))
    dan.get_by_role("button", name=w("Took from the stock")).click()
    dan.locator(".melds li", has_text="R♥").get_by_role("link", name=w("Lay off")).click()
    dan.get_by_role("button", name=w.card("JH"), exact=True).click()
    check(dan, LANG, "rami-full-layoff-fr")
    dan.get_by_role("button", name=w("Send")).click()
    expect(dan.locator(".melds li").first).to_contain_text("V♥")
    dan.get_by_role("link", name=w("Lay down melds")).click()
    tap_cards(Taps(), dan, "3C 4C 5C / 7D 7S 7H 7C", w)
    dan.get_by_role("button", name=w("Send")).click()
    melds_shown(dan, 4)
    dan.get_by_role("button", name=w.card("9H"), exact=True).click()  # the last card: the round ends
    over = w("The round is over: each player enters the cards left in hand.")
    for page in at_table:
        expect(page.locator("#headline")).to_have_text(over)
    for page in at_table:
        check(page, LANG, f"rami-full-over-{at_table.index(page)}-fr")

    # Each phone enters its own hand; the hand past the ceiling ends the table.
    for page, seat, cards in ((ben, 2, EVE), (ana, 3, ANA), (eve, 0, GUS)):
        _hand(page, names[seat], cards, w, "rami-full-hand-360-fr" if page is ana else None)
    expect(eve.locator("section.confirm li")).to_have_count(3)  # live: the three hands wait for another phone
    waiting = eve.locator("section.confirm")
    expect(waiting).to_contain_text(w("round %(n)s", n=1))  # a Rami result is of a round, never « donne 1 »
    expect(waiting).not_to_contain_text(w("deal %(n)s", n=1))
    check(eve, LANG, "rami-full-table-end-fr")
    confirm = w("Confirm: this is what was shown")
    for _ in range(2):  # seat 0 confirms the two hands of the others in one tap each
        taps.tap(eve.locator("section.confirm").get_by_role("button", name=confirm).first)
        eve.wait_for_load_state()
    expect(eve.locator("section.confirm").get_by_role("button", name=confirm)).to_have_count(0)
    box = dan.locator("section.confirm")  # seat 1 confirms seat 0's own hand
    expect(box.get_by_role("button", name=confirm)).to_have_count(1)
    taps.tap(box.get_by_role("button", name=confirm))
    for page in at_table:
        expect(page.locator("section.confirm")).to_have_count(0)
    expect(screen.locator("#tables-now li").first).not_to_contain_text(
        w.count("%(n)s result waiting for confirmation", "%(n)s results waiting for confirmation", 1))
    check(console, LANG, "rami-full-console-table-end-fr")
    check(screen, LANG, "rami-full-screen-table-end-fr")

    # The console closes table 2 as it stands and seats round 2, asking first; every phone is told live.
    console.goto(f"/n/{tid}/d")
    console.get_by_role("link", name=w.count("Close the table still playing", "Close the %(n)s tables still playing",
                                             1)).click()
    check(console, LANG, "rami-full-console-ask-fr")
    console.get_by_role("button", name=w("Close and seat round %(round)s", round=2)).click()
    expect(screen.locator("#round-now")).to_have_text("Manche 2 sur 2")
    round2 = client.get(f"/api/v1/tournaments/{tid}").json["tables"]
    for page, name in zip(at_table, names, strict=True):
        number = next(t["number"] for t in round2 if t["round"] == 2 and name in t["players"])
        told = w("Round %(round)s: your seat is at table %(number)s, tap to go", round=2, number=number)
        expect(page.get_by_role("link", name=told)).to_be_visible(timeout=30_000)
    check(ana, LANG, "rami-full-told-360-fr")
    check(screen, LANG, "rami-full-screen-round2-fr")
