"""Helpers of the screens' browser tests: start a table from the form, count the taps a player makes."""

from __future__ import annotations

import re

from playwright.sync_api import Error, expect

# Every tap (a trusted click) is counted in the tab's sessionStorage, across page loads.
COUNT_TAPS = """
document.addEventListener('click', (e) => {
  if (!e.isTrusted) return;
  sessionStorage.setItem('taps', String(Number(sessionStorage.getItem('taps') || 0) + 1));
}, true);
"""


def taps(page) -> int:
    """The taps so far (call it once the page a tap leads to is shown: a form posts, then the page loads)."""
    for _ in range(5):  # a form's page may still be on its way: read the count on the page it leads to
        page.wait_for_load_state()
        try:
            return int(page.evaluate("() => Number(sessionStorage.getItem('taps') || 0)"))
        except Error:
            page.wait_for_timeout(200)
    raise AssertionError("the page never settled")


def start(page, names, game="continental", clock=True, play=True):
    """Start a table from the form, the first seat dealing; open the host's play screen."""
    page.goto("/new")
    if game == "rami":
        page.locator("input[name=game][value=rami]").check()
    for i, name in enumerate(names):
        page.fill(f"#p{i}", name)
    page.locator("input[name=dealer][value='0']").check()
    if game == "rami" and not clock:
        page.select_option("#clock", "off")
    page.locator("#new-table button.primary").click()
    expect(page.locator(".share")).to_be_visible()
    table = page.url.split("/")[-2]
    if play:
        page.goto(f"/t/{table}")
    return table


def tap_cards(page, names):
    """Tap the keys of cards named in words ("queen of hearts"): a key's name is "Q♥, queen of hearts"."""
    for name in names:
        page.get_by_role("button", name=re.compile("^(.*, )?" + re.escape(name) + "$")).click()
