"""The invite page's "Copy link" puts the seat's link on the clipboard; "Share…" shows only where the browser
has a share sheet (issue 8 §5)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.checks import check_page, seat_card
from tests.browser.test_table_walk_continental import PLAYERS


def test_copy_link_puts_the_seats_link_on_the_clipboard_and_share_hides_without_a_share_sheet(phones, base_url):
    host = phones(permissions=["clipboard-read", "clipboard-write"])
    host.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    host.goto("/new")
    for i, name in enumerate(PLAYERS):
        host.fill(f"#p{i}", name)
    host.get_by_role("button", name="Start the table").click()
    card = seat_card(host, "Chloé")
    link = card.locator(".link a").get_attribute("href")
    expect(card.get_by_role("button", name="Share…")).to_be_hidden()
    card.get_by_role("button", name="Copy link").click()
    expect(card.locator(".said")).to_have_text("Link copied.")
    assert host.evaluate("navigator.clipboard.readText()") == link
    check_page(host)
