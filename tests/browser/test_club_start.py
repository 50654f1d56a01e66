"""Issue 29 items 4 and 8 in Chromium, in French at 390 x 844 and 360 px, axe-clean: a club starts with a group from
the home page; the director's console settles a result left waiting or disputed in an earlier round (disputed
first, one tap), opens that table as its host, and the table links back to the console."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.conftest import Tables
from tests.tournaments.evening import Evening, play_out

FR = {"locale": "fr-FR", "extra_http_headers": {"Accept-Language": "fr-FR"}}
EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]


@pytest.fixture(scope="module")
def open_evening(live_database):
    """An evening of two rounds written to the live server's database: round 1 played out, table 1's last exit
    left waiting, table 2's second disputed; round 2 seated."""
    from api import create_app
    from events.db import dispose

    app = create_app({"TESTING": True, "DATABASE_URL": live_database, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    evening = Evening(client, Tables(client), players=EIGHT, rounds=2)
    evening.start()
    for table, left in zip(evening.rounds[0], (3, 1), strict=True):
        play_out(table, [0, 1, 2, 0])
        for i, entry in enumerate(e for e in table.entries() if e["type"] == "exit"):
            other = (entry["seat"] + 1) % 4
            if i != left:
                table.enter("confirm", other, target=entry["seq"], as_seat=other)
            elif left == 1:
                table.enter("dispute", other, target=entry["seq"], as_seat=other)
    evening.start()
    yield evening
    dispose(app)


def test_the_home_page_starts_a_group(phones):
    phone = phones(**FR)
    phone.goto("/")
    start = phone.get_by_role("link", name="Créer un groupe (un club, une famille)")
    expect(start).to_be_visible()
    check_page(phone, "home-fr")
    start.click()
    expect(phone.get_by_role("heading", name="Créer un groupe")).to_be_visible()
    phone.set_viewport_size({"width": 360, "height": 780})
    check_page(phone, "group-new-360-fr")
    phone.get_by_role("textbox", name="Nom du groupe").fill("Club du jeudi")
    phone.get_by_role("button", name="Créer le groupe").click()
    expect(phone.get_by_role("heading", name="Club du jeudi", level=1)).to_be_visible()
    expect(phone.get_by_role("link", name=re.compile("Lancer une soirée de club"))).to_be_visible()
    check_page(phone, "group-started-360-fr")


def test_the_console_settles_round_ones_results_and_the_table_links_back(phones, open_evening):
    evening = open_evening
    director = phones(**FR)
    director.goto(f"/n/{evening.id}/k/{evening.director}")
    settle = director.locator("section:has(#unsettled-h)")
    expect(settle.get_by_role("heading", name="Résultats à régler, toutes manches")).to_be_visible()
    rows = settle.locator("li")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Manche 1, table 2")
    expect(rows.first).to_contain_text("contestée par")  # disputed first
    expect(rows.nth(1)).to_contain_text("Manche 1, table 1")
    check_page(director, "console-unsettled-fr")
    director.set_viewport_size({"width": 360, "height": 780})
    check_page(director, "console-unsettled-360-fr")

    with director.expect_navigation():
        rows.first.get_by_role("button", name="Confirmer en tant que directeur").click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Manche 1, table 1")

    rows.first.get_by_role("link", name="Ouvrir la table").click()
    back = director.get_by_role("link", name="Retour à la console du directeur")
    expect(back).to_be_visible()
    expect(director.locator("section.confirm")).to_contain_text("Confirmer en tant qu’hôte")
    check_page(director, "table-from-console-360-fr")
    back.click()
    expect(settle.locator("li")).to_have_count(1)


def test_the_results_page_states_the_tie_break_and_shows_each_place(phones, open_evening):
    reader = phones(**FR)
    reader.goto(f"/n/{open_evening.id}/results")
    expect(reader.locator("#ties")).to_contain_text("Égalités\u00a0: à score égal, on départage par le plus de tables")
    places = [int(p) for p in reader.locator("#st-h ~ .scroll tbody tr td:first-child").all_inner_texts()
              if p.strip().split(" ")[0].isdigit() for p in [p.split(" ")[0]]]
    assert places == sorted(places) and places[0] == 1
    check_page(reader, "results-ties-fr")
    reader.set_viewport_size({"width": 360, "height": 780})
    check_page(reader, "results-ties-360-fr")
