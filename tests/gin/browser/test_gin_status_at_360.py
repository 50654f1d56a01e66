"""The Gin table page's counts at 360 px in French: no label takes more than two lines of its column (« Dessus de la
défausse » took three, « la » alone on the second), with a screenshot to look at."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import SHOTS
from tests.browser.walk import LOCALES, Words
from tests.gin.browser.test_table_walk_gin_cards import new_gin_table, tap

LINES = """() => [...document.querySelectorAll('.counts dt')].map(dt => {
  const lh = parseFloat(getComputedStyle(dt).lineHeight);
  return [dt.textContent.trim(), Math.round(dt.getBoundingClientRect().height / lh)];
})"""


def test_the_counts_labels_take_two_lines_at_most_at_360_px_in_french(phones):
    w = Words("fr")
    host = phones(locale=LOCALES["fr"])
    new_gin_table(host, w, dealer="Ben")
    tap(host, host.get_by_role("link", name=w("Play: this phone enters for everyone")))
    tap(host, host.get_by_role("button", name=w.card("5C")))  # its page loaded: no look lost to it
    expect(host.locator("[data-count=top]")).to_contain_text("5")
    host.set_viewport_size({"width": 360, "height": 780})
    host.screenshot(path=str(SHOTS / "gin-counts-fr-360.png"), full_page=False, scale="css")
    lines = dict(host.evaluate(LINES))
    assert w("Discard top") in lines
    assert all(n <= 2 for n in lines.values()), lines
