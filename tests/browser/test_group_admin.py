"""The group's admin page (what was done) and the members' pages in Chromium at 390×844 and 360 px, in English and
French: axe-clean, large text on the admin's page, no admin control on the members' link (issue 30, items 1, 2);
a member's copy as a person reads it, from her page (item 7)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_large_page, check_page
from tests.conftest import Tables
from tests.groups.test_audit import NAME, evening


@pytest.fixture(scope="module")
def club(live_database):
    """A group whose audit holds every kind of action and her forgetting (tests/groups/test_audit.py), written to
    the live server's database by an app of its own."""
    from api import create_app
    from events.db import dispose

    app = create_app({"TESTING": True, "DATABASE_URL": live_database})
    client = app.test_client()
    group, seen = evening(app, client, Tables(client))
    yield group, seen
    dispose(app)


WORDS = {
    "en-GB": {"audit": "What was done", "share": "Share the members' link", "label": "Forgotten player 1",
              "forget": "Forget this player…", "ruling": "Ruling, entry", "by": "by the group's admin",
              "round": "Round 1, table 1", "read": "Read her data", "rulings": "Rulings about her",
              "download": "Download her data (JSON file)"},
    "fr-FR": {"audit": "Ce qui a été fait", "share": "Partager le lien des membres", "label": "Personne oubliée 1",
              "forget": "Oublier cette personne…", "ruling": "Décision, entrée", "by": "par l’admin du groupe",
              "round": "Manche 1, table 1", "read": "Lire ses données", "rulings": "Décisions qui la concernent",
              "download": "Télécharger ses données (fichier JSON)"},
}


@pytest.mark.parametrize("locale", WORDS)
def test_the_admins_phone_reads_what_was_done_and_shares_the_members_link(phones, club, locale):
    group, _seen = club
    words = WORDS[locale]
    page = phones(locale=locale)
    page.goto(f"/g/{group.id}/k/{group.token}")
    expect(page.get_by_role("heading", name=words["share"])).to_be_visible()
    check_page(page, f"group-admin-{locale[:2]}")
    page.get_by_role("link", name=words["audit"]).click()
    expect(page.get_by_role("heading", name=words["audit"], level=1)).to_be_visible()
    items = page.locator("ol.audit li")
    expect(items).to_have_count(10)
    expect(items.first).to_contain_text(words["label"])
    expect(items.first).to_contain_text(words["by"])
    expect(page.locator("ol.audit")).to_contain_text(words["ruling"])
    expect(page.locator("ol.audit")).to_contain_text(words["round"])  # a table of the evening, as people find it
    assert NAME not in page.content()
    assert "AM" not in items.first.locator("time").inner_text() and "PM" not in page.locator("ol.audit").inner_text()
    check_large_page(page, f"group-audit-{locale[:2]}")
    page.set_viewport_size({"width": 360, "height": 780})
    check_large_page(page, f"group-audit-360-{locale[:2]}")


@pytest.mark.parametrize("locale", WORDS)
def test_the_members_link_shows_no_admin_control(phones, club, locale):
    group, _seen = club
    words = WORDS[locale]
    page = phones(locale=locale)
    page.goto(f"/g/{group.id}/k/{group.members_token}")
    expect(page.get_by_role("heading", name="Sunday", level=1)).to_be_visible()
    expect(page.get_by_role("link", name=words["audit"])).to_have_count(0)
    check_page(page, f"group-members-{locale[:2]}")
    page.locator("section", has=page.locator("#players-h")).get_by_role("link", name="Ben", exact=True).click()
    expect(page.get_by_role("heading", name="Ben", level=1)).to_be_visible()
    expect(page.get_by_role("link", name=words["forget"])).to_have_count(0)
    expect(page.locator("form[action$='/name']")).to_have_count(0)
    check_page(page, f"group-member-player-{locale[:2]}")
    page.set_viewport_size({"width": 360, "height": 780})
    check_page(page, f"group-member-player-360-{locale[:2]}")


@pytest.mark.parametrize("locale", WORDS)
def test_the_admins_phone_reads_a_members_copy(phones, club, locale):
    group, seen = club
    words = WORDS[locale]
    page = phones(locale=locale)
    page.goto(f"/g/{group.id}/k/{group.token}")
    page.goto(f"/g/{group.id}/p/{seen['ids'][NAME]}")  # her ruling ("late") is hers, under her forgotten label
    page.get_by_role("link", name=words["read"]).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(words["label"])
    rulings = page.locator("section", has=page.locator("#rulings-h"))
    expect(rulings).to_contain_text("late")
    expect(rulings).to_contain_text("-10")
    expect(page.get_by_role("link", name=words["download"])).to_be_visible()
    assert NAME not in page.content() and "Ana" not in page.locator("main").inner_text()
    assert "AM" not in page.locator("main").inner_text()
    check_large_page(page, f"group-copy-{locale[:2]}")
    page.set_viewport_size({"width": 360, "height": 780})
    check_large_page(page, f"group-copy-360-{locale[:2]}")
