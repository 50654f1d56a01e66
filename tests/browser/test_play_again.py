"""Play again for the whole table (issue 18 item 4), in real Chromium: four phones (the host's in English at
390×844, Ben's in French at 360 px, Chloé's and Ana's), one next table whoever taps and however often, in the
same group, the host still the host, and every phone offered its seat there live, in one tap."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.live_helpers import join, log
from tests.browser.test_quick_scores import Taps

FR = {"locale": "fr-FR", "extra_http_headers": {"Accept-Language": "fr-FR"}}


def finished_rami(host) -> str:
    """Ana, Ben, Chloé at a Rami scorekeeping table (ceiling 100) in a new group; Ben's 110 ends the game."""
    host.goto("/new")
    host.locator("input[name=game][value=rami]").check()
    for i, name in enumerate(("Ana", "Ben", "Chloé")):
        host.fill(f"#p{i}", name)
    host.locator("input[name=dealer][value='0']").check()
    host.locator("input[name=tracking][value=results]").check()
    host.select_option("#clock", "off")
    host.locator("input[name=group][value=new]").check()
    host.fill("#group-name", "Sunday table")
    with host.expect_navigation():  # the table is made before its address is read
        host.locator("#new-table button.primary").click()
    table = host.url.split("/t/")[1].split("/")[0]
    host.goto(f"/t/{table}")
    return table


def finish(host) -> None:
    host.locator(".quickstart").get_by_role("link", name="Ana").click()
    host.get_by_label("Points left in Ben's hand").fill("110")
    host.get_by_label("Points left in Chloé's hand").fill("18")
    host.get_by_role("button", name="Record the score").click()
    expect(host.locator("#headline")).to_contain_text("Ana")


def test_one_tap_from_a_seat_makes_one_next_table_and_every_phone_follows(phones, base_url):
    host = phones()
    table = finished_rami(host)
    ben = phones(**FR, viewport={"width": 360, "height": 780})
    chloe, ana = phones(), phones()
    join(ben, host, "Ben")
    join(chloe, host, "Chloé")
    join(ana, host, "Ana")
    ana.route("**/next.json", lambda route: route.abort())  # Ana's page will not hear of the next table
    host.goto(f"/t/{table}")
    finish(host)  # each phone, on the table page since it joined, sees the end of the game through the stream
    start = ben.get_by_role("button", name="Rejouer avec les mêmes joueurs")
    expect(start).to_be_visible()
    check_page(ben, "play-again-offer-fr")

    taps = Taps(ben)  # Ben, a seat, not the host, plays again: one tap
    taps.tap(start)
    expect(ben.locator(".role")).to_contain_text("Ben")
    following = ben.url.split("/t/")[1].split("/")[0].split("?")[0]
    assert following != table and ben.url.endswith(f"/t/{following}")
    assert taps.count == 1
    check_page(ben, "play-again-seat-fr")

    # Chloé's phone, still on the finished table, is offered her seat at once (no reload): one tap.
    offer = chloe.get_by_role("link", name="Go to my seat at the next game: Chloé")
    expect(offer).to_be_visible()
    expect(chloe.get_by_role("button", name="Play again with the same players")).to_be_hidden()
    check_page(chloe, "play-again-offered")
    offer.click()
    expect(chloe.locator(".role")).to_have_text(re.compile("This phone is Chloé's seat."))
    assert chloe.url.endswith(f"/t/{following}")

    # Ana's phone, which did not hear of it, taps "play again": the same next table, not a second one.
    ana.get_by_role("button", name="Play again with the same players").click()
    expect(ana.locator(".role")).to_have_text(re.compile("This phone is Ana's seat."))
    assert ana.url.endswith(f"/t/{following}")

    # The host's phone, after a reload, keeps the host's rights at the next table.
    host.reload()
    host.get_by_role("link", name="Go to the next game (this phone stays the host)").click()
    expect(host.get_by_role("heading", name="The table is ready")).to_be_visible()
    host.get_by_role("link", name="Play: this phone enters for everyone").click()
    expect(host.locator(".role")).to_contain_text("This phone is the host")
    check_page(host, "play-again-host")
    group = host.evaluate("() => fetch('/').then(r => r.text())")
    group_id = re.search(r'href="/g/([^"/]+)"', group).group(1)
    host.goto(f"/g/{group_id}")
    expect(host.locator(f"a[href='/t/{following}']")).to_have_count(1)
    expect(host.locator(f"a[href='/t/{table}']")).to_have_count(1)

    # Each phone enters for its own seat at the next table: Ben deals (Ana dealt first last time).
    ben.goto(f"/t/{following}")  # the dealer's phone is offered the result at once: it implies the deal
    expect(ben.locator("#headline")).to_contain_text("Saisissez")
    assert [e["type"] for e in log(base_url, following)] == ["create"]
    print(f"Play again: {taps.count} tap for the table; each other phone 1 tap to its seat (before: none could)")
