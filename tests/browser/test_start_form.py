"""The start form on a phone: the seats the chosen game has, dealers by the names typed; a 24-hour clock."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale, rami, random", [("en-GB", "Rami (2–4 players)", "drawn at random"),
                                                   ("fr-FR", "Rami (2 à 4 joueurs)", "tiré au sort")])
def test_the_form_offers_the_games_seats_and_the_names_typed_as_dealers(phones, locale, rami, random):
    page = phones(locale=locale, extra_http_headers={"Accept-Language": locale})
    page.goto("/new")
    dealers = page.locator("fieldset:has(input[name=dealer]) label:visible")
    expect(dealers).to_have_text([random])  # no name typed yet: no "seat 1...5"
    page.fill("#p0", "Ana")
    page.fill("#p1", "Ben")
    page.fill("#p3", "Dan")
    expect(dealers).to_have_text([random, "Ana", "Ben", "Dan"])
    expect(page.locator("#p4")).to_be_visible()
    page.get_by_label(rami).check()
    expect(page.locator("#p4")).to_be_hidden()
    expect(page.locator("#p3")).to_be_visible()
    page.get_by_role("radio", name="Dan", exact=True).check()
    check_page(page)
    page.locator("#new-table button.primary").click()
    page.wait_for_url(re.compile(r"/share$"))
    page.goto(page.url.rsplit("/", 1)[0])
    expect(page.locator("select[name=dealer] option[selected]")).to_have_text("Dan")


@pytest.mark.parametrize("variant, zone", [("en-GB", "Europe/London"), ("en-US", "America/New_York")])
def test_an_english_phone_reads_times_on_a_24_hour_clock(phones, variant, zone):
    """Whatever its variant: an American phone at a club reads the same clock as the sheet and the screen."""
    page = phones(locale=variant, extra_http_headers={"Accept-Language": variant}, timezone_id=zone)
    page.goto("/new")
    for i, name in enumerate(("Ana", "Ben", "Chloé", "Dan")):
        page.fill(f"#p{i}", name)
    page.locator("#new-table button.primary").click()
    page.wait_for_url(re.compile(r"/share$"))
    page.goto(page.url.rsplit("/", 1)[0] + "/history")
    times = page.locator("time[datetime]:not(.clock)").all_inner_texts()
    assert times and all(re.fullmatch(r"\d{2}:\d{2}:\d{2}", t) for t in times), times
