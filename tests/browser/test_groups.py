"""A group in Chromium: its link opens it, its standings and a player's page with charts, a figure's entries."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.conftest import Tables
from tests.groups.sunday import build_sunday


@pytest.fixture(scope="module")
def sunday(live_database):
    """The group of tests/groups/sunday.py, written to the live server's database by an app of its own."""
    from api import create_app
    from events.db import dispose

    app = create_app({"TESTING": True, "DATABASE_URL": live_database})
    client = app.test_client()
    yield build_sunday(client, Tables(client))
    dispose(app)


def test_the_group_link_opens_the_standings_and_a_player_with_charts_and_a_figure_leads_to_its_entries(phones,
                                                                                                       sunday):
    page = phones()
    page.goto(f"/g/{sunday.id}/k/{sunday.token}")
    expect(page.get_by_role("heading", name="Sunday table", level=1)).to_be_visible()
    standings = page.locator("section", has=page.get_by_role("heading", name="Standings: Rami continental"))
    expect(standings.locator("tbody tr").first).to_contain_text("Dan")
    expect(standings.locator("tbody tr").first).to_contain_text("+45")
    expect(page.locator("svg[role=img]").first).to_be_visible()
    check_page(page, "group")

    page.get_by_role("link", name="This month").click()
    expect(page.get_by_role("link", name="This month")).to_have_attribute("aria-current", "page")
    check_page(page)

    standings.get_by_role("link", name="Dan").click()
    expect(page.get_by_role("heading", name="Dan", level=1)).to_be_visible()
    expect(page.locator("figure.chart svg")).to_have_count(2)  # his rating, and his form: Continental (no Rami)
    check_page(page, "group-player")

    page.get_by_role("link", name="Invalid exits: 1").click()
    expect(page.get_by_role("heading", name="Dan: Invalid exits")).to_be_visible()
    expect(page.locator(".counted li")).to_have_count(1)
    expect(page.locator(".counted li")).to_contain_text("tried to go out (not valid) with")  # an attempt (C-13)
    check_page(page, "group-entries")
    page.locator(".counted li a.seq").click()
    assert page.url.endswith(f"/t/{sunday.tables['C'].id}/e/{sunday.seqs['dan_invalid']}")
    expect(page.get_by_role("heading", name="Not a valid exit")).to_be_visible()  # the exit's own page


def test_the_group_in_french_and_the_start_form_offers_it(phones, sunday):
    page = phones(locale="fr-FR")
    page.goto(f"/g/{sunday.id}/k/{sunday.token}")
    expect(page.get_by_role("heading", name=re.compile(r"^Classement\s: rami continental$"))).to_be_visible()
    check_page(page, "group-fr")
    page.get_by_role("link", name="Ben").first.click()
    expect(page.get_by_role("heading", name="Ben", level=1)).to_be_visible()
    expect(page.locator("figure.chart svg")).to_have_count(3)  # his rating, and his form at both games
    check_page(page, "group-player-fr")
    page.get_by_role("link", name=re.compile(r"^Ouvertures \(valeur moyenne\)\s: 1$")).click()
    expect(page.locator(".counted li")).to_contain_text("a posé")
    check_page(page)

    page.goto("/")
    expect(page.get_by_role("link", name="Sunday table")).to_be_visible()
    page.get_by_role("link", name="Sunday table").click()
    page.get_by_role("link", name="Commencer une table dans ce groupe").click()
    expect(page.get_by_role("radio", name="Sunday table")).to_be_checked()
    expect(page.locator("#p0")).to_have_value("Ana")  # the group's last table: Ana and Ben at Rami
    check_page(page, "group-new-table-fr")
    with page.expect_navigation():  # the table is opened before the group page is read
        page.get_by_role("button", name="Ouvrir la table").click()
    page.goto(f"/g/{sunday.id}")
    expect(page.locator("#tables-h + ul li").first).to_contain_text("en cours")
