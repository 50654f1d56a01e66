"""While an entry is on its way, the page it was made on stays still until the next page comes.

The stream hears a phone's own entry as soon as it is written, often before the answer to its POST reaches the
phone (a slow Wi-Fi, a busy server). The page used to redraw itself on that news: the next player's buttons
appeared on a page about to be left, and a tap there could be lost with it (seen in CI: the host's "Took from
the stock" never reached the server). The answer is held here, as a slow network would hold it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.checks import settle
from tests.browser.live_helpers import dealt_table, log

HOLD_MS = 2500


def slow_phone(phones):
    """A phone with no service worker: Playwright's routes do not see the requests of a page a service worker
    controls, and whether it controls the page yet depends on timing."""
    return phones(service_workers="block")


def hold_answers(page, path: str) -> None:
    """Send each POST to `path` on to the server at once, and give the page its answer HOLD_MS later: the entry
    is written, its answer late. (The wait is Playwright's, which lets the test go on meanwhile; a thread's wait
    would stop Playwright with it.) A tap made before the next page's scripts run posts its form to /entry
    instead, unrouted: the log, not the routes, says what was written."""

    def late(route):
        response = route.fetch()
        page.wait_for_timeout(HOLD_MS)
        route.fulfill(response=response)

    page.route(re.compile(re.escape(path) + r"$"), late)


def test_the_page_stays_still_and_unclickable_until_its_entry_is_answered(phones, base_url):
    host = slow_phone(phones)
    table = dealt_table(host)
    hold_answers(host, f"/t/{table}/outbox")
    headline = host.locator("#headline")

    host.get_by_role("button", name=re.compile("Took from the stock")).click()
    host.wait_for_function("() => +document.getElementById('live').dataset.version >= 3")  # the stream's news
    assert [e["type"] for e in log(base_url, table)][2:] == ["draw"]  # written, its answer not yet given
    host.wait_for_timeout(700)  # time for the redraw that news used to bring
    assert host.evaluate("() => document.documentElement.hasAttribute('data-sending')"), "answered too soon"
    expect(headline).to_have_text("Ben's turn: take a card.")  # not redrawn under the finger
    enabled = host.locator("main form button:enabled")
    assert enabled.count() == 0, enabled.all_inner_texts()  # nothing to tap on a page about to go
    out = host.get_by_role("link", name="Ben goes out without drawing")  # its links wait too
    with pytest.raises(PlaywrightTimeout):
        out.click(timeout=400)
    assert host.url.endswith(f"/t/{table}")

    settle(host)
    expect(headline).to_have_text("Ben's turn: discard a card.")
    host.get_by_role("button", name="nine of clubs").click()
    settle(host)
    expect(headline).to_have_text("Chloé's turn: take a card.")
    assert [(e["type"], e.get("card")) for e in log(base_url, table)][2:] == [("draw", None), ("discard", "9C")]


def test_a_tap_made_while_the_last_entry_is_sent_waits_for_the_next_page(phones, base_url):
    host = slow_phone(phones)
    table = dealt_table(host)
    hold_answers(host, f"/t/{table}/outbox")
    posts: list[str] = []
    host.on("request", lambda r: posts.append(r.url.rsplit("/", 1)[1]) if r.method == "POST" else None)

    host.get_by_role("button", name=re.compile("Took from the stock")).click()
    # Tapped at once: Playwright waits for a button it can tap, as a person waits for the next page
    host.get_by_role("button", name="nine of clubs").click()
    settle(host)
    expect(host.locator("#headline")).to_have_text("Chloé's turn: take a card.")
    assert [(e["type"], e.get("card")) for e in log(base_url, table)][2:] == [("draw", None), ("discard", "9C")]
    assert len(posts) == 2, posts  # one each: the discard was not tapped, and sent, on the page being left
