"""What a screen reader and a finger meet: card keys named by what they show first, no target under 24 px."""

from __future__ import annotations

import pytest

from tests.browser.checks import check_page

pytestmark = pytest.mark.browser

START = {"en-GB": "Start the table", "fr-FR": "Ouvrir la table"}
KEYS = """() => [...document.querySelectorAll('.picker .key:not(.tool)')]
  .filter(k => k.getBoundingClientRect().width > 0)
  .map(k => [k.textContent.trim(), k.getAttribute('aria-label') || ''])"""


@pytest.mark.parametrize("locale, named", [("en-GB", "A♣, ace of clubs"), ("fr-FR", "A♣, as de trèfle")])
def test_each_card_key_is_named_by_the_card_it_shows_then_in_words(phones, locale, named):
    """WCAG 2.5.3: a voice user says what they see ("tap A♣"), so the accessible name begins with it."""
    page = phones(locale=locale, extra_http_headers={"Accept-Language": locale})
    page.goto("/new")
    for i, name in enumerate(("Ana", "Ben", "Chloé", "Dan")):
        page.fill(f"#p{i}", name)
    page.get_by_role("radio", name="Ana", exact=True).check()
    page.get_by_role("button", name=START[locale]).click()
    page.wait_for_url("**/share")
    page.goto(page.url.rsplit("/", 1)[0])
    keys = page.evaluate(KEYS)
    assert len(keys) >= 52, keys
    assert all(label.startswith(text + ", ") and len(label) > len(text) + 2 for text, label in keys), keys
    assert page.get_by_role("button", name=named, exact=True).count() >= 1
    check_page(page)


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_rules_page_has_no_link_smaller_than_24_pixels(phones, locale):
    page = phones(locale=locale, extra_http_headers={"Accept-Language": locale})
    page.goto("/rules")
    sizes = page.evaluate("""() => [...document.querySelectorAll('.rules a')].map(a => {
        const r = a.getBoundingClientRect(); return [a.textContent, r.width, r.height]; })""")
    assert len(sizes) > 20
    assert all(w >= 24 and h >= 24 for _text, w, h in sizes), [s for s in sizes if s[1] < 24 or s[2] < 24][:5]
    check_page(page)
