"""One phone, one seat in Chromium (E-6; issue 29, item 5): three phones and the director's console. Ana's phone
(390 x 844) takes her seat; a second phone (360 px) tapping her name is refused, in its language; a table-mate's
phone that holds her own seat is refused Ana's too; the director releases Ana's seat in one tap on the console,
then the second phone takes it and the first one only watches. English and French, axe-clean, large print on the
players' page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_large_page, check_page
from tests.browser.test_tournament import club, create_evening, path  # noqa: F401 (a fixture)
from tests.browser.walk import Words, phone_in


def _tap(page, players_link: str, name: str) -> None:
    page.goto(players_link)
    page.get_by_role("link", name=name, exact=True).click()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_second_phone_is_refused_and_the_director_releases_the_seat_in_one_tap(phones, club, lang):  # noqa: F811
    words = Words(lang)
    director = phone_in(phones, lang)
    director.set_viewport_size({"width": 1366, "height": 768})
    evening = create_evening(director, club, lang)
    players_link = path(director.locator("section:has(#links-h) p.link a").first.get_attribute("href"))
    director.get_by_role("button", name=words("Seat round %(round)s", round=1)).click()
    expect(director.locator(".console li")).to_have_count(2)
    table = club.client.get(f"/api/v1/tournaments/{evening}").json["tables"][0]
    ana, mate = table["players"][0], table["players"][1]

    first = phone_in(phones, lang)  # 390 x 844: her own phone
    _tap(first, players_link, ana)
    expect(first.locator(".at-table")).to_be_visible()

    second = phone_in(phones, lang)  # 360 px: another phone taps her name
    second.set_viewport_size({"width": 360, "height": 780})
    _tap(second, players_link, ana)
    taken = words("The seat of %(name)s is taken on another phone: ask the director.", name=ana)
    expect(second.get_by_role("alert")).to_have_text(taken)
    check_large_page(second, f"seat-taken-{lang}")

    third = phone_in(phones, lang)  # a table-mate holding her own seat taps Ana's name
    _tap(third, players_link, mate)
    expect(third.locator(".at-table")).to_be_visible()
    _tap(third, players_link, ana)
    expect(third.get_by_role("alert")).to_contain_text(words(
        "This phone holds the seat of %(name)s at this table: one phone is one seat. "
        "Ask the director to release it.", name=mate))

    release = director.get_by_role("button", name=words("Release the seat of %(name)s", name=ana))
    expect(release).to_have_count(1)  # live: the console heard the refused phone on its stream
    expect(director.locator(".console li.attention").first).to_contain_text(
        words("a seat asked for on another phone"))
    check_page(director, f"seat-release-console-{lang}")
    release.click()  # one tap
    expect(director.get_by_role("button", name=words("Release the seat of %(name)s", name=ana))).to_have_count(0)

    _tap(second, players_link, ana)
    expect(second.locator(".at-table")).to_be_visible()
    check_page(second, f"seat-taken-after-release-{lang}")
    first.reload()
    expect(first.locator(".t-released")).to_have_text(words(
        "The director released the seat of %(name)s from this phone: it enters nothing more here. Ask the director if this is your seat.",
        name=ana))
    check_page(first, f"seat-released-{lang}")
