"""Tables and phones for the live and offline browser tests."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import expect

from tests.browser.checks import seat_card
from tests.browser.test_continental import start_table


def dealt_table(host) -> str:
    """A continental table started on `host` (this phone is the host), dealt: Ben's turn to take a card."""
    table = start_table(host)
    host.goto(f"/t/{table}")
    host.get_by_role("button", name="seven of hearts").click()
    expect(host.locator("#headline")).to_have_text("Ben's turn: take a card.")
    host.wait_for_load_state()  # the deal's answer is a new page: its scripts (the outbox's) take the next tap
    return table


def join(phone, host, name: str) -> None:
    """Take `name`'s seat on `phone` with the code the host's share page shows."""
    table = host.url.split("/t/")[1].split("/")[0].split("?")[0]
    share = host.context.new_page()
    share.goto(f"/t/{table}/share")
    code = seat_card(share, name).locator(".code").inner_text()
    share.close()
    phone.goto("/join")
    phone.fill("#code", code.lower())
    phone.locator("#code").press("Enter")  # "Take my seat", in the phone's language
    expect(phone.locator(".role")).to_contain_text(name)


def log(base_url: str, table: str) -> list[dict]:
    """The table's log, read through the API (not through any phone)."""
    with urllib.request.urlopen(f"{base_url}/api/v1/tables/{table}/entries", timeout=10) as response:
        return json.loads(response.read())["entries"]


def controlled(page) -> None:
    """Wait until the service worker controls the page (it registers on the first table page)."""
    ready = page.evaluate("() => Promise.race([navigator.serviceWorker.ready.then(() => true),"
                          " new Promise(done => setTimeout(() => done(false), 15000))])")  # no endless wait
    assert ready, "the service worker did not register within 15 s"
    if not page.evaluate("() => !!navigator.serviceWorker.controller"):
        page.reload()
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
