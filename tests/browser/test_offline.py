"""A phone that loses the network loses nothing: its outbox, the conflict it may meet, the page from the cache."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.live_helpers import controlled, dealt_table, join, log


def kinds(entries: list[dict]) -> list[tuple]:
    return [(e["seq"], e["type"], e.get("seat"), e.get("from") or e.get("card")) for e in entries]


def test_two_entries_made_offline_are_written_once_each_in_order(phones, base_url):
    host, ben = phones(), phones()
    table = dealt_table(host)
    join(ben, host, "Ben")
    ben.goto(f"/t/{table}")
    ben.context.set_offline(True)
    ben.get_by_role("button", name=re.compile("Took from the stock")).click()
    outbox = ben.locator("#live .outbox")
    expect(outbox).to_contain_text("Waiting to send (1)")
    ben.get_by_role("button", name="nine of clubs").click()  # the discard form comes next, offline too
    expect(outbox).to_contain_text("Waiting to send (2)")
    expect(outbox).to_contain_text("Ben: discarded nine of clubs")
    expect(ben.get_by_role("button", name="nine of clubs")).to_have_count(0)  # no third entry on a guess
    expect(ben.locator("main")).to_contain_text("The next step shows when this phone is back online.")
    expect(ben.locator("#live .live-state")).to_contain_text("Offline")
    check_page(ben, "outbox-waiting")
    assert len(log(base_url, table)) == 2  # nothing reached the table yet
    ben.context.set_offline(False)
    expect(outbox).to_be_hidden()
    expect(ben.locator("#headline")).to_have_text("Chloé's turn: take a card.")
    assert kinds(log(base_url, table))[2:] == [(3, "draw", 1, "stock"), (4, "discard", 1, "9C")]
    ben.reload()  # sending again is harmless: the outbox is empty, the log unchanged
    assert len(log(base_url, table)) == 4


def test_a_conflicting_offline_entry_is_shown_and_resolved_without_loss(phones, base_url):
    host, ben = phones(), phones(locale="fr-FR")
    table = dealt_table(host)
    join(ben, host, "Ben")
    stock = host.locator("dl.counts dd[data-count='stock']")
    stocked = int(stock.inner_text())
    host.context.set_offline(True)
    host.get_by_role("button", name=re.compile("Took from the stock")).click()  # for Ben, made offline
    expect(stock).to_have_text(str(stocked - 1))
    ben.get_by_role("button", name=re.compile("A pris la défausse")).click()  # Ben meanwhile
    expect(ben.locator("#headline")).to_have_text("À Ben : défausser une carte.")  # Ben's entry is written
    host.context.set_offline(False)
    alert = host.locator("#live .outbox [role=alert]")
    expect(alert).to_contain_text("While this entry waited, the table moved on")
    expect(alert).to_contain_text("Ben took the discard")
    expect(alert).to_contain_text("Your entry, not sent: Ben: took from the stock")
    expect(stock).to_have_text(str(stocked))  # the table as it is: Ben took the discard, not from the stock
    check_page(host, "outbox-conflict")
    assert kinds(log(base_url, table))[2:] == [(3, "draw", 1, "discard")]  # no silent overwrite
    alert.get_by_role("button", name="Redo it on the table as it is now").click()
    expect(alert).to_contain_text("The table refused this entry")  # Ben has drawn already
    alert.get_by_role("button", name="Drop it").click()
    expect(host.locator("#live .outbox")).to_be_hidden()
    assert kinds(log(base_url, table))[2:] == [(3, "draw", 1, "discard")]  # Ben's entry kept, once


def test_the_table_page_opens_offline_and_the_outbox_survives_a_reload(phones, base_url):
    host = phones()
    table = dealt_table(host)
    host.goto(f"/t/{table}")
    controlled(host)
    host.reload()  # the service worker keeps this copy of the page
    host.context.set_offline(True)
    host.reload()
    expect(host.locator("#headline")).to_have_text("Ben's turn: take a card.")
    state = host.locator("#live .live-state")
    expect(state).to_contain_text("Offline")
    expect(state).to_contain_text("This is the table as this phone last saw it")
    check_page(host, "offline-page")
    host.get_by_role("button", name=re.compile("Took from the stock")).click()
    expect(host.locator("#live .outbox")).to_contain_text("Waiting to send (1)")
    host.reload()  # offline: from the service worker again, with the queue from localStorage
    expect(host.locator("#live .outbox")).to_contain_text("Waiting to send (1)")
    # Playwright's offline emulation does not cover every request of a page its service worker controls
    # (microsoft/playwright#2311): now and then the queued entry gets through before the phone is back
    # (seen once in CI). What a person relies on holds either way: the entry is on the log once, never twice.
    assert kinds(log(base_url, table))[2:] in ([], [(3, "draw", 1, "stock")])
    host.context.set_offline(False)
    expect(host.locator("#live .outbox")).to_be_hidden()
    assert kinds(log(base_url, table))[2:] == [(3, "draw", 1, "stock")]
    assert [w.url.endswith("/sw.js") for w in host.context.service_workers] == [True]


def test_the_app_is_installable(phones):
    page = phones()
    page.goto("/")
    manifest = page.evaluate("async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json()")
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert page.request.get(icon["src"]).ok
    assert page.locator("meta[name=theme-color]").get_attribute("content") == manifest["theme_color"]


def test_an_entry_whose_post_fails_for_the_network_waits_and_is_sent_later(phones, base_url):
    host = phones()
    table = dealt_table(host)
    host.route("**/outbox", lambda route: route.abort("internetdisconnected"))  # online, but the POST is lost
    host.get_by_role("button", name=re.compile("Took from the stock")).click()
    outbox = host.locator("#live .outbox")
    expect(outbox).to_contain_text("Waiting to send (1)")
    assert len(log(base_url, table)) == 2
    host.unroute("**/outbox")
    expect(outbox).to_be_hidden()  # the outbox tries again by itself
    expect(host.locator("#headline")).to_have_text("Ben's turn: discard a card.")
    assert kinds(log(base_url, table))[2:] == [(3, "draw", 1, "stock")]


def test_a_french_phone_says_what_waits_in_french(phones, base_url):
    host, ben = phones(), phones(locale="fr-FR")
    table = dealt_table(host)
    join(ben, host, "Ben")
    ben.goto(f"/t/{table}")
    stock, pile, top = (ben.locator(f"dl.counts dd[data-count='{name}']") for name in ("stock", "pile", "top"))
    stocked, piled = int(stock.inner_text()), int(pile.inner_text())
    card = top.locator(".sr").inner_text()  # the card on the pile, named as the table names it
    ben.context.set_offline(True)
    ben.get_by_role("button", name=re.compile("A pris la défausse")).click()
    expect(ben.locator("#live .outbox")).to_contain_text("En attente d’envoi (1)")
    expect(ben.locator("#live .outbox li")).to_have_text(f"Ben\u00a0: a pris la défausse ({card})")
    expect(ben.locator("#live .live-state")).to_contain_text("Hors ligne")
    expect(pile).to_have_text(str(piled - 1))  # the pile as it will be; the stock as it was
    expect(stock).to_have_text(str(stocked))
    expect(top).to_have_text("—")  # the card under the one taken: the server says, once the draw is sent
    check_page(ben, "outbox-waiting-fr")
    ben.context.set_offline(False)
    expect(ben.locator("#live .outbox")).to_be_hidden()
    assert kinds(log(base_url, table))[2:] == [(3, "draw", 1, "discard")]
    expect(pile).to_have_text(str(piled - 1))
