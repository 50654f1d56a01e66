"""Phones follow the table through the stream (no polling) and show their connection state."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.live_helpers import dealt_table, join


def test_an_entry_on_one_phone_reaches_the_others_through_the_stream(phones):
    host, ben, watcher = phones(), phones(), phones(locale="fr-FR")
    table = dealt_table(host)
    join(ben, host, "Ben")
    watcher.goto(f"/t/{table}")
    polled = []
    for phone in (ben, watcher):
        phone.on("request", lambda r: polled.append(r.url) if "/entries?after" in r.url else None)
    state = ben.locator("#live .live-state")
    expect(state).to_contain_text("Live")
    expect(state).to_have_attribute("aria-live", "polite")
    expect(watcher.locator("#live .live-state")).to_contain_text("En direct")

    host.get_by_role("button", name=re.compile("Took from the stock")).click()
    expect(ben.locator("#headline")).to_have_text("Ben's turn: discard a card.")
    expect(watcher.locator("#headline")).to_have_text(re.compile("Ben"))
    ben.get_by_role("button", name="nine of clubs").click()
    expect(host.locator("#headline")).to_have_text("Chloé's turn: take a card.")
    expect(watcher.locator(".status")).to_contain_text("9")
    assert polled == []  # the stream did it: no phone fell back to polling
    assert host.evaluate("() => ArbitreLive.state()") == "live"
    expect(state).to_contain_text(re.compile(r"last update at \d"))
    check_page(ben, "live-en")
    check_page(watcher, "live-fr")


def test_a_phone_whose_stream_drops_says_so_and_catches_up(phones):
    host, ben = phones(), phones()
    dealt_table(host)
    join(ben, host, "Ben")
    state = ben.locator("#live .live-state")
    expect(state).to_contain_text("Live")
    ben.context.set_offline(True)
    expect(state).to_contain_text("Offline")
    check_page(ben, "live-offline")
    host.get_by_role("button", name=re.compile("Took from the stock")).click()
    ben.context.set_offline(False)
    expect(ben.locator("#headline")).to_have_text("Ben's turn: discard a card.")
    expect(state).to_contain_text("Live")


def test_a_phone_whose_stream_is_refused_falls_back_to_polling(phones):
    host, ben = phones(), phones()
    dealt_table(host)
    join(ben, host, "Ben")
    ben.route("**/events?*", lambda route: route.fulfill(status=503, body="busy"))
    ben.reload()
    state = ben.locator("#live .live-state")
    expect(state).to_contain_text("Live, checked every few seconds")
    host.get_by_role("button", name=re.compile("Took from the stock")).click()
    expect(ben.locator("#headline")).to_have_text("Ben's turn: discard a card.")


def test_the_cards_stay_under_the_finger_when_the_connection_changes(phones):
    """The connection line says more when the phone goes offline or falls back to polling; in French at 360 px
    that takes two lines. It must not push the picker down while a finger is on its way to a card: the key then
    under the finger is another card, or none (a lost tap: a Rami walk in CI sent a meld of two cards so)."""
    host = phones()
    table = dealt_table(host)
    ben = phones(locale="fr-FR", viewport={"width": 360, "height": 780})
    join(ben, host, "Ben")
    ben.goto(f"/t/{table}/compose/exit")
    state, key = ben.locator("#live .live-state"), ben.get_by_role("button", name="as de trèfle")
    expect(state).to_contain_text("En direct")
    where = {"live": key.bounding_box()}
    ben.route("**/events?*", lambda route: route.fulfill(status=503, body="busy"))
    ben.context.set_offline(True)
    expect(state).to_contain_text("Hors ligne")
    where["offline"] = key.bounding_box()
    ben.context.set_offline(False)
    expect(state).to_contain_text("vérifié à quelques secondes")  # the stream refused: polling
    where["polling"] = key.bounding_box()
    assert {name: box["y"] for name, box in where.items()} == {name: where["live"]["y"] for name in where}
    assert ben.evaluate("document.documentElement.scrollWidth") <= 360
