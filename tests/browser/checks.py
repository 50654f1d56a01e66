"""What every page of the browser tests must pass: axe-core, no sideways scroll at 360 px, 44 px targets."""

from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import AXE, SHOTS

SMALL_TARGETS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('a, button, input:not([type=hidden]), select, textarea, summary')) {
    const box = (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') || el : el;
    const r = box.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;              // not displayed
    const least = el.closest('.rules p, .rules li') ? 24 : 44;  // links in running text: WCAG 2.5.8's 24 px
    if (r.width < least || r.height < least) out.push(`${Math.round(r.width)}x${Math.round(r.height)} ${el.outerHTML.slice(0, 90)}`);
  }
  return out;
}"""


def settle(page, timeout: float = 15.0) -> None:
    """Wait until an entry sent by script (outbox.js) has led to its next page and that page has loaded."""
    end = time.monotonic() + timeout
    while True:
        try:
            page.wait_for_load_state("load")
            # no document element yet: the next page is still arriving, so look again
            if not page.evaluate("() => !document.documentElement || "
                                 "document.documentElement.hasAttribute('data-sending')"):
                return
        except PlaywrightError as exc:  # the page navigated under the look: look again
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
        if time.monotonic() > end:
            raise AssertionError(f"{page.url}: an entry is still being sent after {timeout} s")
        time.sleep(0.05)


def axe_violations(page) -> list[str]:
    settle(page)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['html'][:120]})"
            for v in result["violations"]]


def sideways_at_360(page) -> int:
    """How many pixels the page scrolls sideways at 360 px wide (0 is right)."""
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 780})
    extra = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    page.set_viewport_size(size)
    return extra


# A table heading's words, each on one line: « Manches », never « Manche » over « s » (a heading cut mid-word was
# seen on the group page at 390 px in French). The words of the body's cells may break: a 40-letter name must.
BROKEN_HEADINGS = """() => {
  const broken = [];
  for (const th of document.querySelectorAll("thead th")) {
    if (!th.getClientRects().length) continue;
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


def broken_headings_at_360(page) -> list[str]:
    """The table headings' words that break over two lines at 360 px wide (none is right)."""
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 780})
    broken = page.evaluate(BROKEN_HEADINGS)
    page.set_viewport_size(size)
    return broken


def check_page(page, shot: str | None = None) -> None:
    """Assert the page passes axe, does not scroll sideways at 360 px, keeps its table headings' words whole and
    has 44 px targets; take a screenshot."""
    violations = axe_violations(page)
    assert violations == [], (page.url, violations)
    assert sideways_at_360(page) <= 0, page.url
    assert broken_headings_at_360(page) == [], page.url
    small = page.evaluate(SMALL_TARGETS)
    assert small == [], (page.url, small)
    if shot:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{shot}.png"), full_page=True, scale="css")


def seat_card(page, name: str):
    """The share page's card of `name`'s seat, found by its heading: a text filter would also match a card whose
    random join code spells the name ("A7BCBENW" holds "Ben"), as it once did in CI."""
    return page.locator(".share li").filter(has=page.get_by_role("heading", name=name, exact=True))


# Issue 29 item 12: club players are often 60-85 years old. On the pages they hold (a table, a seat, the players'
# page) a target is 48 px both ways, every text at least 18 px, text contrast 7:1 (WCAG 1.4.6, axe-core's
# color-contrast-enhanced) and at 200 % zoom on a 360 px phone (180 CSS px wide) nothing scrolls sideways.
LARGE_TARGET, LARGE_TEXT, ZOOMED_WIDTH = 48, 18, 180
TARGETS_UNDER = """(least) => {
  const out = [];
  for (const el of document.querySelectorAll('a, button, input:not([type=hidden]), select, textarea, summary')) {
    const box = (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') || el : el;
    const r = box.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;              // not displayed
    if (r.width < least || r.height < least) out.push(`${Math.round(r.width)}x${Math.round(r.height)} ${el.outerHTML.slice(0, 90)}`);
  }
  return out;
}"""
# Every text a person reads: each visible text node of the body but the screen readers' own (.sr).
TEXT_UNDER = """(least) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    // a chart's axis labels are drawn in the image (role=img, scaled with it): its title and legend say its values
    if (!node.data.trim() || !el || el.closest('.sr, script, style, noscript, template, option, svg')) continue;
    if (!el.getClientRects().length) continue;                   // not displayed
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < least) out.push(`${size}px ${node.data.trim().slice(0, 40)} (${el.className || el.tagName})`);
  }
  return out;
}"""


def enhanced_contrast(page) -> list[str]:
    """Where text has less than 7:1 (4.5:1 when large) against its background, as axe-core measures it."""
    settle(page)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => await axe.run(document, {runOnly: ['color-contrast-enhanced'],
                                                                  resultTypes: ['violations']})""")
    return [f"{n['any'][0]['message'][:110]} {n['html'][:80]}" for v in result["violations"] for n in v["nodes"]]


def sideways_when_zoomed(page) -> int:
    """How many pixels the page scrolls sideways at 200 % zoom on a 360 px phone: 180 CSS px wide (0 is right)."""
    size = page.viewport_size
    page.set_viewport_size({"width": ZOOMED_WIDTH, "height": 390})
    extra = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    page.set_viewport_size(size)
    return extra


def check_large_page(page, shot: str | None = None) -> None:
    """`check_page`, and what older eyes and fingers need: 48 px targets, 18 px text, 7:1 contrast, 200 % zoom at
    360 px without sideways scroll."""
    check_page(page, shot)
    small = page.evaluate(TARGETS_UNDER, LARGE_TARGET)
    assert small == [], (page.url, small)
    tiny = page.evaluate(TEXT_UNDER, LARGE_TEXT)
    assert tiny == [], (page.url, tiny)
    faint = enhanced_contrast(page)
    assert faint == [], (page.url, faint)
    assert sideways_when_zoomed(page) <= 0, page.url
