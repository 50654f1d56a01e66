"""Forgetting a member from the group's page, in Chromium at 390×844, in English and French (axe-clean)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.conftest import Tables
from tests.forget.test_forget import NAME, build


@pytest.fixture
def family(live_database):
    """A group where she plays (tests/forget/test_forget.py), written to the live server's database."""
    from api import create_app
    from events.db import dispose

    app = create_app({"TESTING": True, "DATABASE_URL": live_database})
    client = app.test_client()
    group, listed = build(client, Tables(client))
    yield group, listed
    dispose(app)


@pytest.mark.parametrize("locale, words", [
    ("en-GB", {"forget": "Forget this player…", "button": f"Forget {NAME}", "label": "Forgotten player 1",
               "heading": f"Forget {NAME}?"}),
    ("fr-FR", {"forget": "Oublier cette personne…", "button": f"Oublier {NAME}", "label": "Personne oubliée 1",
               "heading": f"Oublier {NAME}\u00a0?"}),
])
def test_a_member_is_forgotten_from_the_group_page(phones, family, locale, words):
    group, listed = family
    page = phones(locale=locale)
    page.goto(f"/g/{group.id}/k/{group.token}")
    page.get_by_role("link", name=NAME).first.click()
    expect(page.get_by_role("heading", name=NAME, level=1)).to_be_visible()
    check_page(page)
    page.get_by_role("link", name=words["forget"]).click()
    expect(page.get_by_role("heading", name=words["heading"], level=1)).to_be_visible()
    check_page(page, f"forget-confirm-{locale[:2]}")
    page.get_by_role("button", name=words["button"]).click()
    expect(page.get_by_role("heading", name=words["label"], level=1)).to_be_visible()
    check_page(page, f"forget-done-{locale[:2]}")
    assert NAME not in page.content()
    page.goto(f"/g/{group.id}")
    assert NAME not in page.content() and words["label"] in page.content()
    check_page(page)
    page.goto(f"/t/{listed[0].id}")
    assert NAME not in page.content() and words["label"] in page.content()  # her seat's phones
