"""Rami melds with a joker in real Chromium (issue 18, item 2), English and French, 390 and 360 px: the referee
announces a joker that has one place; where it has several, each place is a button. Taps are counted: an
opening of two melds with a joker ≤ 9 (it was 12 at best: `=` and the announced card, then ↵)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.screens_helpers import COUNT_TAPS, start, taps
from tests.browser.walk import LOCALES, Words


def fox_lays_down(phones, lang: str):
    """Eve deals; Fox, who starts with 15 cards, opens the melds screen."""
    w = Words(lang)
    page = phones(locale=LOCALES[lang])
    page.add_init_script(COUNT_TAPS)
    start(page, ("Eve", "Fox"), game="rami", clock=False)
    page.get_by_role("button", name=w("Cards dealt")).click()
    expect(page.locator("#headline")).to_have_text(w("%(name)s's turn: lay down or discard.", name="Fox"))
    return page, w


def tap(page, w, tokens) -> None:
    for token in tokens:
        page.get_by_role("button", name=w.card(token), exact=True).click()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_opening_of_two_melds_with_a_joker_is_nine_taps(phones, lang):
    page, w = fox_lays_down(phones, lang)
    before = taps(page)
    page.get_by_role("link", name=w("Lay down melds")).click()
    tap(page, w, ["5S", "6S", "JK", "8S", "AH", "AC", "AS"])  # A♥ cannot extend 5♠ 6♠ JK 8♠: a new meld
    expect(page.locator("#melds")).to_have_value("5♠ 6♠ JK 8♠\nA♥ A♣ A♠")
    page.get_by_role("button", name=w("Send")).click()
    expect(page.locator(".melds li")).to_have_count(2)
    expect(page.locator(".melds li").first).to_contain_text("JK=7♠")
    check_page(page, f"rami-joker-laid-{lang}")
    opening = taps(page) - before
    print(f"taps ({lang}): a Rami opening of two melds with a joker {opening}")
    assert opening <= 9


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_joker_with_two_places_is_one_more_tap_on_the_place(phones, lang):
    page, w = fox_lays_down(phones, lang)
    before = taps(page)
    page.get_by_role("link", name=w("Lay down melds")).click()
    tap(page, w, ["5S", "6S", "7S", "JK", "AH", "AC", "AS"])
    expect(page.locator("#melds")).to_have_value("5♠ 6♠ 7♠ JK\nA♥ A♣ A♠")
    page.get_by_role("button", name=w("Send")).click()
    expect(page.get_by_role("heading", name=w("Meld %(n)s: where does the joker go?", n=1))).to_be_visible()
    choices = page.locator("button.choice")
    expect(choices).to_have_count(2)
    expect(choices.nth(0)).to_contain_text("JK=4♠")
    expect(choices.nth(1)).to_contain_text("JK=8♠")
    check_page(page, f"rami-joker-choice-{lang}")
    choices.nth(1).click()
    expect(page.locator(".melds li")).to_have_count(2)
    expect(page.locator(".melds li").first).to_contain_text("JK=8♠")
    opening = taps(page) - before
    print(f"taps ({lang}): a Rami opening of two melds, the joker's place chosen {opening}")
    assert opening <= 10


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_joker_laid_off_is_placed_or_its_place_asked_never_typed(phones, lang):
    """A lay-off's joker as a new meld's (R-11, K-5): on 9♠ 10♠ J♠ it is 8♠ or Q♠, one tap says which; on A♥ A♣ A♠
    it can only be A♦, and it is laid so."""
    from api.web.words.i18n import card_label

    page, w = fox_lays_down(phones, lang)
    page.get_by_role("link", name=w("Lay down melds")).click()
    tap(page, w, ["9S", "10S", "JS", "AH", "AC", "AS"])
    page.get_by_role("button", name=w("Send")).click()
    melds = page.locator(".melds li")
    expect(melds).to_have_count(2)
    melds.nth(0).get_by_role("link", name=w("Lay off")).click()
    tap(page, w, ["JK"])
    page.get_by_role("button", name=w("Send")).click()
    expect(page.get_by_role("heading", name=w("Meld %(n)s: where does the joker go?", n=1))).to_be_visible()
    choices = page.locator("button.choice")
    expect(choices).to_have_count(2)
    expect(choices.nth(0)).to_contain_text(card_label("JK=8S", lang))
    expect(choices.nth(1)).to_contain_text(card_label("JK=QS", lang))
    check_page(page, f"rami-layoff-choice-{lang}")
    choices.nth(1).click()
    expect(melds.nth(0)).to_contain_text(card_label("JK=QS", lang))
    melds.nth(1).get_by_role("link", name=w("Lay off")).click()
    tap(page, w, ["JK"])
    page.get_by_role("button", name=w("Send")).click()
    expect(melds.nth(1)).to_contain_text(card_label("JK=AD", lang))
    check_page(page, f"rami-layoff-laid-{lang}")


@pytest.mark.parametrize("lang,width", [("en", 390), ("fr", 360)])
def test_a_lone_joker_laid_off_is_proposed_its_places_as_soon_as_it_is_tapped(phones, lang, width):
    """Issue 29, item 15: on 9♠ 10♠ J♠ the joker's two places show as soon as it is tapped, each a large button;
    one tap lays it off there (the lay-off in three taps: the meld's link, the joker, its place). Another card
    beside it, and they go: the referee then places it, or asks, when it is sent."""
    from api.web.words.i18n import card_label

    page, w = fox_lays_down(phones, lang)
    page.set_viewport_size({"width": width, "height": 844})
    page.get_by_role("link", name=w("Lay down melds")).click()
    tap(page, w, ["9S", "10S", "JS", "AH", "AC", "AS"])
    page.get_by_role("button", name=w("Send")).click()
    melds = page.locator(".melds li")
    expect(melds).to_have_count(2)
    before = taps(page)
    melds.nth(0).get_by_role("link", name=w("Lay off")).click()
    places = page.locator(".joker-places button.choice").filter(visible=True)
    expect(places).to_have_count(0)
    tap(page, w, ["JK"])
    expect(places).to_have_count(2)
    expect(places.nth(0)).to_contain_text(card_label("JK=8S", lang))
    expect(places.nth(1)).to_contain_text(card_label("JK=QS", lang))
    for i in range(2):
        assert places.nth(i).bounding_box()["height"] >= 48
    check_page(page, f"rami-layoff-proposed-{lang}")
    tap(page, w, ["KS"])  # a second card: the places of a lone joker no longer hold
    expect(places).to_have_count(0)
    page.get_by_role("button", name=w("remove the last card")).click()
    expect(places).to_have_count(2)
    places.nth(1).click()
    expect(melds.nth(0)).to_contain_text(card_label("JK=QS", lang))
    laid_off = taps(page) - before
    print(f"taps ({lang}): a lone joker laid off where it fits two places {laid_off} (with a slip and its undo)")
    assert laid_off <= 5
