"""Offline, the table as it will be once the queue is sent (issue 18 item 9), in real Chromium: a queued draw is
never offered again (nor "goes out without drawing"), after an offline reload too; the history and the group
page open offline, marked as the last state seen. English at 390×844, French at 360 px."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.live_helpers import controlled, dealt_table, join, log

TEXT = {
    "en": {"locale": "en-GB", "viewport": {"width": 390, "height": 844}, "stock": "Took from the stock",
           "take": "Ben's turn: take a card.", "discard": "Ben's turn: discard a card.", "next": "Chloé's turn: take a card.",
           "without": "Ben goes out without drawing", "waiting": "Waiting to send ({n})", "queued": "waiting to send",
           "nine": "nine of clubs", "later": "The next step shows when this phone is back online."},
    "fr": {"locale": "fr-FR", "viewport": {"width": 360, "height": 780}, "stock": "A pioché",
           "take": "À Ben\u00a0: prendre une carte.", "discard": "À Ben\u00a0: défausser une carte.",
           "next": "À Chloé\u00a0: prendre une carte.", "without": "Ben sort sans piocher",
           "waiting": "En attente d’envoi ({n})", "queued": "en attente d’envoi", "nine": "neuf de trèfle",
           "later": "L’étape suivante s’affichera quand ce téléphone sera de nouveau en ligne."},
}


def offered(page, name: str):
    return page.locator("main").get_by_role("button", name=re.compile(re.escape(name))).filter(visible=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_queued_draw_is_never_offered_again_offline_nor_after_an_offline_reload(phones, base_url, lang):
    t = TEXT[lang]
    host = phones()
    table = dealt_table(host)
    ben = phones(locale=t["locale"], extra_http_headers={"Accept-Language": t["locale"]}, viewport=t["viewport"])
    join(ben, host, "Ben")
    ben.goto(f"/t/{table}")
    controlled(ben)
    ben.reload()  # the service worker keeps this copy of the table page
    headline, outbox = ben.locator("#headline"), ben.locator("#live .outbox")
    expect(headline).to_have_text(t["take"])
    expect(ben.get_by_role("link", name=t["without"])).to_be_visible()  # C-5: before drawing, Ben may go out
    stock, pile, top = (ben.locator(f"dl.counts dd[data-count='{name}']") for name in ("stock", "pile", "top"))
    stocked, piled = int(stock.inner_text()), int(pile.inner_text())

    ben.context.set_offline(True)
    offered(ben, t["stock"]).click()
    expect(outbox).to_contain_text(t["waiting"].format(n=1))
    expect(stock).to_have_text(str(stocked - 1))  # the counts as they will be, too
    expect(pile).to_have_text(str(piled))
    expect(headline).to_contain_text(t["discard"])  # the table as it will be, marked as waiting
    expect(headline.locator(".badge")).to_have_text(t["queued"])
    expect(ben.locator("main")).not_to_contain_text(t["take"])
    expect(ben.get_by_role("link", name=t["without"])).to_be_hidden()
    expect(offered(ben, t["stock"])).to_have_count(0)
    check_page(ben, f"offline-ahead-draw-{lang}")

    ben.reload()  # offline: the page from the service worker, the queue from localStorage
    expect(outbox).to_contain_text(t["waiting"].format(n=1))
    expect(headline).to_contain_text(t["discard"])
    expect(offered(ben, t["stock"])).to_have_count(0)
    expect(ben.get_by_role("link", name=t["without"])).to_be_hidden()
    expect(stock).to_have_text(str(stocked - 1))
    ben.get_by_role("button", name=t["nine"]).click()  # the discard, the one step left
    expect(outbox).to_contain_text(t["waiting"].format(n=2))
    expect(headline).to_contain_text(t["next"])
    expect(pile).to_have_text(str(piled + 1))
    expect(top).to_contain_text("9♣")
    expect(top.locator(".sr")).to_have_text(t["nine"])

    ben.reload()  # offline again, two entries waiting: neither the draw nor the discard is offered again
    expect(outbox).to_contain_text(t["waiting"].format(n=2))
    expect(headline).to_contain_text(t["next"])
    expect(offered(ben, t["stock"])).to_have_count(0)
    expect(ben.get_by_role("button", name=t["nine"])).to_have_count(0)
    expect(ben.locator("main")).to_contain_text(t["later"])
    expect(stock).to_have_text(str(stocked - 1))  # computed again from the page the phone kept
    expect(pile).to_have_text(str(piled + 1))
    expect(top.locator(".sr")).to_have_text(t["nine"])
    check_page(ben, f"offline-ahead-reload-{lang}")
    assert len(log(base_url, table)) in (2, 3, 4)  # Playwright's offline emulation may let one through (test_offline)

    ben.context.set_offline(False)
    expect(outbox).to_be_hidden()
    expect(headline).to_have_text(t["next"])
    expect(stock).to_have_text(str(stocked - 1))  # the server's counts: what the phone showed offline
    expect(pile).to_have_text(str(piled + 1))
    expect(top.locator(".sr")).to_have_text(t["nine"])
    assert [(e["type"], e.get("from") or e.get("card")) for e in log(base_url, table)][2:] == [
        ("draw", "stock"), ("discard", "9C")]


def _cached(page, path: str) -> bool:
    return page.evaluate("async (p) => !!(await (await caches.open('arbitre-pages-v1')).match(location.origin + p))",
                         path)


def test_the_history_and_the_group_page_open_offline_marked_as_last_seen(phones, base_url):
    request = urllib.request.Request(f"{base_url}/api/v1/groups", data=json.dumps({"name": "Sunday"}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        group = json.loads(answer.read())
    host = phones()
    table = dealt_table(host)
    phone = phones(locale="fr-FR", extra_http_headers={"Accept-Language": "fr-FR"},
                   viewport={"width": 360, "height": 780})
    join(phone, host, "Ben")
    controlled(phone)
    phone.goto(f"/g/{group['id']}/k/{group['token']}")  # the group's link: this phone keeps the group
    phone.goto("/")  # its groups are kept for offline from here, its table's history from the table page
    phone.goto(f"/t/{table}")
    end = time.monotonic() + 15
    while not (_cached(phone, f"/t/{table}/history") and _cached(phone, f"/g/{group['id']}")):
        assert time.monotonic() < end, "the service worker did not keep the history and the group page"
        time.sleep(0.2)

    phone.context.set_offline(True)
    phone.goto(f"/t/{table}/history")  # never opened online by this phone
    expect(phone.get_by_role("heading", name="Historique")).to_be_visible()
    expect(phone.locator("#live .live-state")).to_contain_text("Hors ligne")
    expect(phone.locator("#live .live-state")).to_contain_text("telle que ce téléphone l’a vue")
    check_page(phone, "offline-history-fr")
    phone.goto(f"/g/{group['id']}")
    expect(phone.get_by_role("heading", name="Sunday")).to_be_visible()
    expect(phone.locator("main .notice.saved")).to_contain_text("Hors ligne\u00a0: cette page telle que")
    check_page(phone, "offline-group-fr")
    phone.context.set_offline(False)
