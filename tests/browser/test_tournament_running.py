"""Issue 29, item 7, in Chromium: the director runs the evening from the console (1366 x 768, French): a swap of two
players before their tables start, a late arrival in two taps, a message; a player's phone (390 x 844, French)
follows her to her new seat and hears the message, the screen (1920 x 1080) says who has a bye and shows the
message, and the player who sits round 1 out is told so on her phone. Axe-clean, screenshots."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.live import LIVE
from tests.browser.walk import LOCALES, Words, phone_in
from tests.groups.sunday import Group

NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana", "Ivo", "Jade", "Karl"]  # 11: 5 + 5 and a bye
SCREEN = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
          "device_scale_factor": 1}
FR = {"locale": LOCALES["fr"], "extra_http_headers": {"Accept-Language": LOCALES["fr"]}}


def _evening():
    client = LIVE["app"].test_client()
    group = Group(client, "Club du jeudi")
    known = client.post("/api/v1/tables", headers=group.headers, json={  # Mia is a member from an earlier table
        "game": "continental", "players": ["Mia", "Ana", "Ben", "Dan"], "group": group.id, "tracking": "results"})
    assert known.status_code == 201
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", headers=group.headers, json={
        "name": "Jeudi soir", "game": "continental", "tracking": "results", "players": NAMES, "rounds": 3,
        "table_size": 5, "seating": "random"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    made = answer.json
    seated = client.post(f"/api/v1/tournaments/{made['id']}/rounds", json={},
                         headers={"Authorization": f"Bearer {made['director_token']}"})
    assert seated.status_code == 201 and len(seated.json["byes"]) == 1, seated.get_data(as_text=True)
    return made, seated.json


def test_the_console_swaps_two_players_adds_a_late_arrival_and_sends_a_message(phones):
    made, round1 = _evening()
    tid, words = made["id"], Words("fr")
    (one, two), out = round1["tables"], round1["byes"][0]
    mover, other = one["seats"][0]["name"], two["seats"][0]["name"]

    # The player who sits round 1 out taps her name: her phone says so.
    resting = phones(**FR)
    resting.goto(made["page"])
    resting.get_by_role("link", name=out, exact=True).click()
    said = words("Round %(round)s: bye this round. You sit out; it neither helps nor hurts your standing.", round=1)
    expect(resting.locator(".t-bye")).to_have_text(said)
    check_page(resting, "running-bye-fr")

    # A player of table 1 on her table's page, through the players' link.
    phone = phones(**FR)
    phone.goto(made["page"])
    phone.get_by_role("link", name=mover, exact=True).click()
    expect(phone.locator(".at-table")).to_be_visible()
    screen = phones(**FR, **SCREEN)
    screen.goto(f"/n/{tid}/screen")
    expect(screen.locator("#byes-now")).to_have_text(words("Bye this round: %(names)s", names=out))
    console = phones(**FR)
    console.set_viewport_size({"width": 1366, "height": 768})
    console.goto(f"/n/{tid}/k/{made['director_token']}")
    for page in (phone, screen, console):
        expect(page.locator("html[data-tournament-heard]")).to_have_count(1)
    expect(console.locator("#byes-now")).to_have_text(words("Bye this round: %(names)s", names=out))

    # The swap: open, tick two, swap (4 taps). Her phone is sent to her new seat with no reload of hers.
    taps = 0
    console.locator("#swap > summary").click()
    taps += 1
    console.get_by_role("checkbox", name=mover, exact=True).check()
    console.get_by_role("checkbox", name=other, exact=True).check()
    taps += 2
    check_page(console, "running-console-swap-fr")
    with console.expect_navigation():
        console.get_by_role("button", name=words("Swap the two ticked")).click()
    taps += 1
    assert taps == 4
    moved = words("The director moved you: your seat is at table %(number)s, tap to go", number=two["number"])
    expect(phone.get_by_role("link", name=moved)).to_be_visible(timeout=30_000)
    check_page(phone, "running-moved-notice-fr")
    with phone.expect_navigation():
        phone.get_by_role("link", name=moved).click()
    expect(phone.locator(".at-table")).to_contain_text(words("Round %(round)s, table %(number)s", round=1,
                                                             number=two["number"]))
    check_page(phone, "running-moved-fr")

    # A late arrival: open, tap her name (2 taps); a new name typed, then one tap.
    console.locator("#arrive > summary").click()
    with console.expect_navigation():
        console.locator("#arrive").get_by_role("button", name="Mia", exact=True).click()
    console.locator("#arrive > summary").click()
    console.locator("#late-name").fill("Zoé")
    with console.expect_navigation():
        console.get_by_role("button", name=words("Add to the next round")).click()
    console.locator("#leave > summary").click()
    expect(console.locator("#leave").get_by_role("button", name="Zoé", exact=True)).to_be_visible()
    expect(console.locator("#leave").get_by_role("button", name="Mia", exact=True)).to_be_visible()
    check_page(console, "running-console-players-fr")

    # The message, from the console: on her phone and on the screen at once.
    text = "Manche 2 dans cinq minutes"
    console.locator("#msg").fill(text)
    with console.expect_navigation():
        console.locator("#msg").press("Enter")
    for page in (phone, screen):
        expect(page.locator("[data-tournament-message]")).to_have_text(text, timeout=30_000)
    check_page(screen, "running-screen-fr")
    check_page(phone, "running-message-fr")


def test_a_phone_at_a_round_1_table_is_told_live_that_she_sits_round_2_out(phones):
    client = LIVE["app"].test_client()
    group = Group(client, "Club du mardi")
    seven = NAMES[:7]  # one table of five and two byes a round
    made = client.post(f"/api/v1/groups/{group.id}/tournaments", headers=group.headers, json={
        "name": "Mardi", "game": "continental", "tracking": "results", "players": seven, "rounds": 2,
        "table_size": 4}).json
    director = {"Authorization": f"Bearer {made['director_token']}"}
    first = client.post(f"/api/v1/tournaments/{made['id']}/rounds", json={}, headers=director).json
    held = {}
    for i, seat in enumerate(first["tables"][0]["seats"]):
        lang = "en" if i == 0 else "fr"
        phone = phone_in(phones, lang)
        phone.goto(made["page"])
        phone.get_by_role("link", name=seat["name"], exact=True).click()
        expect(phone.locator("html[data-tournament-heard]")).to_have_count(1)
        held[seat["name"]] = (phone, lang)
    second = client.post(f"/api/v1/tournaments/{made['id']}/rounds", json={"close": True}, headers=director).json
    assert len(second["byes"]) == 2 and not set(second["byes"]) & set(first["byes"])
    for name, (phone, lang) in held.items():
        if name in second["byes"]:
            said = Words(lang)("Round %(round)s: bye this round. You sit out; it neither helps nor hurts your "
                               "standing.", round=2)
            expect(phone.locator(".t-bye")).to_have_text(said, timeout=30_000)
            expect(phone.locator(".t-next")).to_be_hidden()
            check_page(phone, f"running-bye-round-2-{lang}")
        else:
            expect(phone.locator(".t-next")).to_be_visible(timeout=30_000)
