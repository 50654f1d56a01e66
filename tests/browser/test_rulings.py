"""Rulings and confirmations in real Chromium: the host rules (E-5); a result is confirmed and another disputed
on a second phone (E-6); 390×844 and 360 px, English and French, axe-clean."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.live_helpers import join
from tests.browser.walk import LOCALES, Words, phone_in

OTHER = {"en": "fr", "fr": "en"}


def start(host, words: Words) -> str:
    """A Continental scorekeeping table that asks for confirmations, started from the form, its first deal dealt."""
    host.goto("/new")
    host.locator("input[name=game][value=continental]").check()
    for i, name in enumerate(("Ana", "Ben", "Chloé", "Dan")):
        host.fill(f"#p{i}", name)
    host.locator("input[name=dealer][value='0']").check()
    host.locator("input[name=tracking][value=results]").check()
    host.get_by_label(words("each result confirmed on another player’s phone")).check()
    with host.expect_navigation():  # the table is made before its address is read
        host.locator("#new-table button.primary").click()
    table = host.url.split("/t/")[1].split("/")[0]
    host.goto(f"/t/{table}")
    deal(host, words)
    return table


def deal(host, words: Words) -> None:
    dealt = host.get_by_role("button", name=words("Cards dealt"))
    if dealt.count():  # a scorekeeping table may take its quick score without this tap
        dealt.click()


def quick_exit(host, words: Words, name: str) -> None:
    host.locator(".quickstart").get_by_role("link", name=name).click()
    host.get_by_role("button", name=words("Record the score")).click()
    expect(host.get_by_role("heading", name=re.compile("^" + re.escape(words("Valid exit"))))).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_ruling_then_a_confirmation_and_a_dispute_on_two_phones(phones, lang):
    words, other = Words(lang), Words(OTHER[lang])
    host = phone_in(phones, lang)
    chloe = phones(locale=LOCALES[OTHER[lang]], extra_http_headers={"Accept-Language": LOCALES[OTHER[lang]]})
    table = start(host, words)

    # E-5: the host rules, with a reason, from the table page.
    host.get_by_text(words("Ruling: points and a reason")).click()
    host.get_by_label("Ben", exact=True).fill("-5")
    host.get_by_label(words("Reason"), exact=True).fill("arrived late")
    check_page(host, f"ruling-form-{lang}")
    host.get_by_role("button", name=words("Record the ruling")).click()
    rulings = host.locator("section.rulings")
    expect(rulings).to_contain_text("arrived late")
    expect(rulings).to_contain_text("Ben \u22125")
    expect(host.locator("table.scores").first).to_contain_text("\u22125")
    check_page(host, f"ruling-{lang}")

    # E-6: Ben's exit waits; Chloé's phone confirms it in one tap.
    quick_exit(host, words, "Ben")
    host.goto(f"/t/{table}")
    expect(host.locator("section.confirm")).to_contain_text(words("waiting"))
    join(chloe, host, "Chloé")
    chloe.goto(f"/t/{table}")
    confirm = chloe.get_by_role("button", name=other("Confirm: this is what was shown"))
    expect(confirm).to_be_visible()
    check_page(chloe, f"confirm-{OTHER[lang]}")
    chloe.set_viewport_size({"width": 360, "height": 780})
    expect(confirm).to_be_in_viewport()
    chloe.set_viewport_size({"width": 390, "height": 844})
    confirm.click()
    expect(chloe.locator("section.confirm")).to_have_count(0)
    host.reload()
    expect(host.locator("section.confirm")).to_have_count(0)

    # Dan's exit in the next deal: Chloé disputes it, the host sees who did and confirms it as the host.
    deal(host, words)
    quick_exit(host, words, "Dan")
    chloe.goto(f"/t/{table}")
    chloe.get_by_role("button", name=other("Dispute it")).click()
    expect(chloe.locator("section.confirm")).to_contain_text(other("disputed by %(names)s", names="Chloé"))
    check_page(chloe)
    host.goto(f"/t/{table}")
    expect(host.locator("section.confirm")).to_contain_text(words("disputed by %(names)s", names="Chloé"))
    check_page(host, f"dispute-host-{lang}")
    host.get_by_role("button", name=words("Confirm as the host")).click()
    expect(host.locator("section.confirm")).to_have_count(0)


@pytest.fixture(scope="module")
def rated_group(live_database):
    """A group of two finished Rami tables (Ana wins both), written to the live server's database."""
    from api import create_app
    from events.db import dispose
    from tests.conftest import Tables
    from tests.groups.test_rating_pages import _group_with_two_tables

    app = create_app({"TESTING": True, "DATABASE_URL": live_database})
    client = app.test_client()
    yield _group_with_two_tables(client, Tables(client))
    dispose(app)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rating_and_its_chart_on_the_group_and_member_pages(phones, rated_group, lang):
    words = Words(lang)
    page = phone_in(phones, lang)
    page.goto(f"/g/{rated_group.id}/k/{rated_group.token}")
    section = page.locator("section", has=page.get_by_role("heading", name=words("Rating"), exact=True))
    expect(section.locator("tbody tr").first).to_contain_text("Ana")
    expect(section.locator("tbody tr").first).to_contain_text("1531")
    chart = section.get_by_role("img", name=words("Rating after each finished table"))
    expect(chart).to_be_visible()
    check_page(page, f"rating-{lang}")
    page.set_viewport_size({"width": 360, "height": 780})
    assert chart.bounding_box()["width"] <= 360
    page.set_viewport_size({"width": 390, "height": 844})
    section.get_by_role("link", name="Ben").click()
    expect(page.get_by_role("img", name=words("Rating after each table played"))).to_be_visible()
    expect(page.locator("main")).to_contain_text("1469")
    check_page(page, f"rating-member-{lang}")
