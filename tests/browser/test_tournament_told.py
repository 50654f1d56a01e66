"""Issue 29, item 2, in Chromium: a club night of 12 phones at 3 tables (9 in French, 3 in English, one at 360 px),
a screen, the players' page and the director's console. Every phone sits on its table page, whose banner the page
redraws at each entry (the bug: the script kept writing into the removed copy). Each table's result comes from a
seat's own phone (her name, one joker, "record") and another seat's phone confirms it in one tap, or disputes it
(table 2). Then, with no reload:
the director's message reaches the 12 phones (at playing and finished tables), the screen and the players' page;
a dispute shows on the console; round 2's seating reaches every phone; and a burst of entries (a deal, an exit and
its confirmation sent together) always ends on the state after the last. Axe-clean, screenshots."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.live import LIVE
from tests.browser.walk import LOCALES, Words, phone_in
from tests.conftest import Tables
from tests.groups.sunday import Group

NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana", "Ivo", "Jade", "Karl", "Léa"]
SCREEN = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
          "device_scale_factor": 1}
EXIT = {"counts": {"twos": 0, "jokers": 0}}


def _lang(i: int) -> str:
    return "en" if i >= 9 else "fr"


@pytest.fixture
def evening(live_server):
    """A group, its 12-player evening of 2 rounds (continental, results only), round 1 seated: written through the
    live server's own app, as a phone's request would (its streams hear each entry as it is written)."""
    client = LIVE["app"].test_client()
    group = Group(client, "Club du jeudi")
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", headers=group.headers, json={
        "name": "Jeudi soir", "game": "continental", "options": {}, "tracking": "results", "players": NAMES,
        "rounds": 2, "table_size": 4, "seating": "random"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    made = answer.json
    director = made["director_token"]
    seated = client.post(f"/api/v1/tournaments/{made['id']}/rounds", json={},
                         headers={"Authorization": f"Bearer {director}"})
    assert seated.status_code == 201, seated.get_data(as_text=True)
    made["tables"], made["client"], made["tables_api"] = seated.json["tables"], client, Tables(client)
    return made


def _table(evening, table: dict):
    return evening["tables_api"].attach({"id": table["id"], "host_token": evening["director_token"],
                                         "version": 1, "seats": table["seats"]})


def _burst(table, dealer: int) -> None:
    """A deal, an exit and its confirmation by another seat, sent one right after the other (three phones)."""
    table.enter("deal", dealer=dealer)
    exit_ = table.enter("exit", dealer, **EXIT)
    table.enter("confirm", (dealer + 1) % 4, as_seat=(dealer + 1) % 4, target=exit_["version"])


def _enter(phone, lang: str, name: str) -> None:
    """Her own phone enters that she went out: her name, one joker, "Record the score"."""
    words = Words(lang)
    phone.locator("section.quickstart").get_by_role("link", name=name, exact=True).click()
    expect(phone.locator("h1")).to_have_text(words("%(name)s went out", name=name))
    jokers = phone.get_by_role("group", name=words("Jokers in %(name)s's 15 cards", name=name))
    jokers.locator("label.pick").filter(has_text="1").click()
    phone.get_by_role("button", name=words("Record the score")).click()
    expect(phone.locator("section.confirm")).to_contain_text(words("Another player confirms it on their phone."))


def _result(winner, mate, shot: str | None) -> None:
    """The winner's phone enters her exit; a table-mate's phone, told live, confirms it in one tap."""
    _enter(*winner)
    phone, lang, _name = mate
    words = Words(lang)
    hers = phone.locator("section.confirm li").filter(has_text=words("%(name)s's exit", name=winner[2]))
    expect(hers).to_have_count(1)  # live, no reload (beside the results the director entered by the API)
    if shot:
        check_page(phone, f"told-to-confirm-{shot}")
    hers.get_by_role("button", name=words("Confirm: this is what was shown")).click()
    expect(hers).to_have_count(0)


def test_twelve_phones_are_told_every_message_their_next_seat_and_every_entry(phones, evening):
    client, tid, director = evening["client"], evening["id"], evening["director_token"]
    tables = evening["tables"]
    assert [len(t["seats"]) for t in tables] == [4, 4, 4]
    seat_of = {s["name"]: (t, s) for t in tables for s in t["seats"]}

    # The 12 phones, each on its seat through the players' page (one tap on her name).
    players_link = evening["page"]
    held = {}
    for i, name in enumerate(NAMES):
        lang = _lang(i)
        phone = phone_in(phones, lang)
        if i == 11:
            phone.set_viewport_size({"width": 360, "height": 780})
        phone.goto(players_link)
        phone.get_by_role("link", name=name, exact=True).click()
        expect(phone.locator(".at-table")).to_be_visible()
        held[name] = phone
    screen = phones(locale=LOCALES["fr"], extra_http_headers={"Accept-Language": LOCALES["fr"]}, **SCREEN)
    screen.goto(f"/n/{tid}/screen")
    board = phones(locale=LOCALES["en"], extra_http_headers={"Accept-Language": LOCALES["en"]})
    board.goto(players_link)
    console = phones(locale=LOCALES["fr"], extra_http_headers={"Accept-Language": LOCALES["fr"]})
    console.set_viewport_size({"width": 1366, "height": 768})
    console.goto(f"/n/{tid}/k/{director}")
    for page in (screen, board, console, *held.values()):  # every page listens to the evening's stream
        expect(page.locator("html[data-tournament-heard]")).to_have_count(1)

    # Entries at table 1, live: each of its phones redraws its table page (and with it the banner). Its first
    # three deals come by the API; its last deal's result, and table 3's first, from a seat's own phone, confirmed
    # by another seat's phone in one tap (E-6). Table 1 is then over.
    first, second, third = (_table(evening, t) for t in tables)
    for dealer in range(3):
        first.enter("deal", dealer=dealer)
        first.enter("exit", dealer, **EXIT)
    for name, phone in held.items():
        table = seat_of[name][0]
        expect(phone.locator("#main")).to_have_attribute(
            "data-version", str(first.version if table["id"] == first.id else 1))
    at = {(t["id"], s["seat"]): (held[s["name"]], _lang(NAMES.index(s["name"])), s["name"])
          for t in tables for s in t["seats"]}
    _result(at[first.id, 3], at[first.id, 0], "first-table-fr")
    _result(at[third.id, 1], at[third.id, 2], None)

    # The director's message, from the console: on every phone, at playing and finished tables, on the screen and on
    # the players' page, with no reload.
    said = "Pause de 10 minutes : café au bar"
    console.locator("#msg").fill(said)
    with console.expect_navigation():
        console.locator("#msg").press("Enter")
    expect(console.locator("#msg")).to_have_value(said)
    for page in (*held.values(), screen, board):
        expect(page.locator("[data-tournament-message]")).to_have_text(said)
        expect(page.locator("[data-tournament-message]")).to_be_visible()

    # A result entered at table 2, then disputed by another seat: the console says so, live.
    words_fr = Words("fr")
    expect(console.locator("html[data-tournament-heard]")).to_have_count(1)
    _enter(*at[second.id, 0])
    row = console.locator("ul.console > li[class^=st-]").filter(has_text=words_fr("Table %(number)s", number=tables[1]["number"]))
    expect(row).to_contain_text(words_fr.count("%(n)s result waiting for confirmation",
                                               "%(n)s results waiting for confirmation", 1))
    expect(console.locator("html[data-tournament-heard]")).to_have_count(1)
    mate, lang, _name = at[second.id, 2]
    hers = mate.locator("section.confirm li").filter(has_text=Words(lang)("%(name)s's exit", name=at[second.id, 0][2]))
    expect(hers).to_have_count(1)  # live, no reload
    hers.get_by_role("button", name=Words(lang)("Dispute it")).click()
    expect(console.locator("ul.console > li[class^=st-]").first).to_contain_text(words_fr("a disputed result"))
    check_page(console, "told-console-dispute-fr")

    # Round 2, seated by the director (tables 2 and 3 closed as they stand): every phone is told her new table.
    answer = client.post(f"/api/v1/tournaments/{tid}/rounds", json={"close": True},
                         headers={"Authorization": f"Bearer {director}"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    round2 = answer.json["tables"]
    for i, name in enumerate(NAMES):
        number = next(t["number"] for t in round2 if any(s["name"] == name for s in t["seats"]))
        told = Words(_lang(i))("Round %(round)s: your seat is at table %(number)s, tap to go", round=2,
                               number=number)
        expect(held[name].get_by_role("link", name=told)).to_be_visible(timeout=30_000)
    finished = next(name for name in NAMES if seat_of[name][0]["id"] == first.id and _lang(NAMES.index(name)) == "fr")
    check_page(held[finished], "told-next-seat-finished-fr")
    check_page(held[NAMES[11]], "told-next-seat-360-en")
    check_page(held[NAMES[9]], "told-next-seat-en")
    check_page(screen, "told-screen-message-fr")
    check_page(board, "told-players-message-en")

    # A burst at a round-2 table: a deal, an exit and its confirmation within a moment, four times over (the whole session). Her page
    # ends on the state after the last, every time.
    mine = NAMES[11]
    phone = held[mine]
    with phone.expect_navigation():
        phone.locator(".t-next a").click()
    table2 = next(t for t in round2 if any(s["name"] == mine for s in t["seats"]))
    burst = _table(evening, table2)
    expect(phone.locator("#main")).to_have_attribute("data-version", "1")
    words_en = Words("en")
    players = [s["name"] for s in sorted(table2["seats"], key=lambda s: s["seat"])]
    for n in range(4):  # the four deals of the session
        _burst(burst, n % 4)
        expect(phone.locator("#main")).to_have_attribute("data-version", str(burst.version))
        last = phone.locator("#main p.last")
        expect(last).to_contain_text(words_en("Deal %(n)s", n=n + 1))
        expect(last).to_contain_text(words_en("won by %(name)s", name=players[n % 4]))
        expect(phone.locator("section.confirm li")).to_have_count(0)  # confirmed: nothing waits any more
    check_page(phone, "told-burst-360-en")
