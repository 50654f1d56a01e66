"""A Rami turn with an opening: too small first (refused, R-9), then 61 points, then the discard."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.checks import check_page


def test_a_rami_turn_with_an_opening(phones):
    host = phones()
    host.goto("/new")
    host.get_by_label("Rami (2–4 players)").check()
    host.fill("#p0", "Eve")
    host.fill("#p1", "Fox")
    host.get_by_role("radio", name="Eve", exact=True).check()
    expect(host.locator("#rami-options")).to_be_visible()
    host.select_option("#opening", "51")
    host.get_by_role("button", name="Start the table").click()
    host.get_by_role("link", name="Play: this phone enters for everyone").click()
    host.get_by_role("button", name="Cards dealt").click()
    expect(host.locator("#headline")).to_have_text("Fox's turn: lay down or discard.")
    expect(host.locator("time.clock")).to_have_text(__import__("re").compile(r"^[01]:\d\d$"))
    check_page(host)

    host.get_by_role("link", name="Lay down melds").click()
    host.fill("#melds", "3C 4C 5C")
    host.get_by_role("button", name="Send").click()
    expect(host.get_by_role("alert")).to_contain_text("R-9")
    check_page(host, "rami-refused")

    host.fill("#melds", "QH KH AH\n10S JS QS")
    host.get_by_role("button", name="Send").click()
    melds = host.locator(".melds li")
    expect(melds).to_have_count(2)
    expect(melds.first).to_contain_text("Fox")
    check_page(host)

    host.get_by_role("button", name="three of clubs").click()
    expect(host.locator("#headline")).to_have_text("Eve's turn: take a card.")
    check_page(host)
    host.get_by_role("link", name="History").click()
    expect(host.locator(".timeline")).to_contain_text("laid down")
    check_page(host)


def test_a_french_phone_reads_french_and_r_d_v(phones):
    page = phones(locale="fr-FR")
    page.goto("/new")
    expect(page.get_by_role("heading", name="Ouvrir une table")).to_be_visible()
    for i, name in enumerate(("Ana", "Ben", "Chloé", "Dan")):
        page.fill(f"#p{i}", name)
    page.get_by_role("button", name="Ouvrir la table").click()
    page.get_by_role("link", name="Jouer\u00a0: ce téléphone saisit pour tous").click()
    expect(page.get_by_role("button", name="dame de cœur")).to_have_text("D♥")
    check_page(page)
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("button", name="queen of hearts")).to_have_text("Q♥")
    check_page(page)
