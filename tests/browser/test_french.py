"""A phone in French walks a Continental deal: every page French (no English word left), axe-clean, 360 px wide."""

from __future__ import annotations

import os
import re

from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.web.english import leaks

NAMES = ("Ana", "Ben", "Chloé", "Dan")
SHOTS = os.environ.get("ARBITRE_FRENCH_SHOTS")  # a folder: keep a screenshot of each page there, to look at


def french_page(page, name: str) -> None:
    """The page passes the layout checks and shows no English, at 390 and at 360 px."""
    check_page(page)
    found = leaks(page.content(), NAMES)
    assert not found, (page.url, found)
    if SHOTS:
        for width in (390, 360):
            page.set_viewport_size({"width": width, "height": 844})
            page.screenshot(path=os.path.join(SHOTS, f"{name}-{width}.png"), full_page=True, scale="css")
        page.set_viewport_size({"width": 390, "height": 844})


def test_a_french_phone_sees_a_deal_a_refusal_an_invalid_exit_and_the_rules_in_french(phones):
    host = phones(locale="fr-FR", extra_http_headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    host.goto("/")
    french_page(host, "home")
    host.get_by_role("link", name="Ouvrir une table").click()
    for i, name in enumerate(NAMES):
        host.fill(f"#p{i}", name)
    host.get_by_role("radio", name="Ana", exact=True).check()
    french_page(host, "new")
    host.get_by_role("button", name="Ouvrir la table").click()
    expect(host.get_by_role("heading", name="La table est prête")).to_be_visible()
    french_page(host, "share")
    host.get_by_role("link", name="Jouer\u00a0: ce téléphone saisit pour tous").click()
    french_page(host, "deal")
    host.get_by_role("button", name="sept de cœur").click()
    expect(host.locator("#headline")).to_contain_text("Ben")
    french_page(host, "take")
    host.get_by_role("button", name=re.compile("A pris la défausse")).click()
    expect(host.locator("#headline")).to_contain_text("défausser")
    host.get_by_role("button", name="sept de cœur").click()  # the card just taken: refused (C-3)
    problem = host.get_by_role("alert")
    expect(problem).to_contain_text("Refusé par les règles")
    expect(problem).to_contain_text("7♥ vient d’être pris à la défausse")
    french_page(host, "refused")
    host.get_by_role("button", name="neuf de trèfle").click()
    expect(host.locator("#headline")).to_contain_text("Chloé")
    table = host.url
    host.get_by_role("link", name="Historique").click()
    french_page(host, "history")
    host.goto(table + "/e/3")
    french_page(host, "entry")
    host.get_by_role("link", name="Corriger cette entrée").click()
    french_page(host, "correct")
    host.goto(table.split("/t/")[0] + "/rules")
    expect(host.locator("#C-3")).to_contain_text("défausse")
    french_page(host, "rules")


def test_a_french_phone_plays_a_rami_opening_refused_then_laid(phones):
    host = phones(locale="fr-FR", extra_http_headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    host.goto("/new")
    host.get_by_label("Rami (2 à 4 joueurs)").check()
    host.fill("#p0", "Eve")
    host.fill("#p1", "Fox")
    host.get_by_role("radio", name="Eve", exact=True).check()
    host.select_option("#opening", "51")
    host.get_by_role("button", name="Ouvrir la table").click()
    host.get_by_role("link", name="Jouer\u00a0: ce téléphone saisit pour tous").click()
    host.get_by_role("button", name="Cartes distribuées").click()
    expect(host.locator("#headline")).to_contain_text("Fox")
    french_page(host, "rami-turn")
    host.get_by_role("link", name="Poser des combinaisons").click()
    host.fill("#melds", "3C 4C 5C")
    host.get_by_role("button", name="Envoyer").click()
    expect(host.get_by_role("alert")).to_contain_text("une ouverture doit atteindre 51 en une seule pose")
    french_page(host, "rami-refused")
    host.fill("#melds", "QH KH AH\n10S JS QS")
    host.get_by_role("button", name="Envoyer").click()
    expect(host.locator(".melds li")).to_have_count(2)
    french_page(host, "rami-melds")
