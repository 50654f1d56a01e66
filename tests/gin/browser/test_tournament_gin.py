"""A Gin evening at a club in Chromium, axe-clean: its screen on the room's TV (1920 x 1080, English) and on a phone
(390 x 844, French) says how it counts (each game's result, higher is better), names the player with a bye and
ranks the pair's winner above the loser, whose result shows below 0; nothing cut or scrolled sideways. The start
form on a phone seats a Gin evening in pairs: ticking Gin sets the table size to 2, read-only, and the preview
counts the tables and the bye."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import axe_violations
from tests.browser.conftest import SHOTS
from tests.conftest import Tables
from tests.gin.gin_evening import FIVE, by_director, by_phones, gin_evening

NBSP = "\u00a0"
SCREEN = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
          "device_scale_factor": 1}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture(scope="module")
def played(live_database):
    """A Gin evening of five, round 1 played: the phones' table 290 to 35 (+255, −255), the director's 520 to 0;
    written to the live server's database by an app of its own. Gives the evening, the bye, and the two pairs."""
    from api import create_app
    from events.db import dispose

    app = create_app({"TESTING": True, "DATABASE_URL": live_database, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    evening = gin_evening(client, Tables(client), name="Gin au café")
    rested = evening.start()["byes"][0]
    phones, director = evening.rounds[0]
    by_phones(phones, [(1, 2, 12), (0, 0, 60), (0, 0, 30)])
    by_director(director, [(0, 0, 30), (0, 0, 30)])
    pairs = [[s["name"] for s in t.created["seats"]] for t in (phones, director)]
    yield evening, rested, pairs
    dispose(app)


@pytest.mark.parametrize("where", ["room", "phone"])
def test_the_screen_of_a_gin_evening_says_how_it_counts_and_ranks_higher_first(phones, played, where):
    evening, rested, (pair, shutout) = played
    lang = "en" if where == "room" else "fr"
    page = phones(locale={"en": "en-GB", "fr": "fr-FR"}[lang], **(SCREEN if where == "room" else PHONE))
    page.goto(f"/n/{evening.id}/screen")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(5)
    words = {"en": ("Gin rami: each game counts its result, the winner's total less the loser's, bonuses included; "
                    "higher is better.", f"Bye this round: {rested}"),
             "fr": (f"Gin rami{NBSP}: chaque partie compte pour son résultat, le total du gagnant moins celui du "
                    f"perdant, primes comprises{NBSP}; le plus haut l’emporte.", f"Au repos cette manche{NBSP}: {rested}")}
    expect(page.locator(".scoring")).to_have_text(words[lang][0])
    expect(page.locator("#byes-now")).to_have_text(words[lang][1])
    order = [rows.nth(i).locator("th").inner_text().strip() for i in range(5)]
    assert order == [shutout[0], pair[0], rested, pair[1], shutout[1]]  # 520, 255, 0, −255, −520
    expect(rows.nth(3).locator("td.num").first).to_have_text("−255")
    expect(page.locator("#tables-now > li")).to_have_count(2)
    assert page.evaluate(SIDEWAYS) == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"tournament-gin-screen-{where}-{lang}.png"), full_page=True)
    assert axe_violations(page) == []


def test_the_start_form_on_a_phone_seats_a_gin_evening_in_pairs(phones, played):
    evening, *_ = played
    group = evening.group
    page = phones(locale="fr-FR", **PHONE)
    page.goto(f"/g/{group.id}/k/{group.token}")
    page.wait_for_load_state()
    page.goto(f"/g/{group.id}/evening")
    size = page.locator("#ev-size")
    expect(size).to_have_value("4")
    for name in FIVE:
        page.get_by_label(name, exact=True).check()
    expect(page.locator("#ev-tables")).to_have_text(f"5 joueurs{NBSP}: 1 table (5)")
    page.get_by_label("Gin rami (2 joueurs)").check()
    expect(size).to_have_value("2")
    assert size.evaluate("el => el.readOnly")
    expect(page.locator("#ev-tables")).to_have_text(
        f"5 joueurs{NBSP}: 2 tables (2, 2) 1 joueur au repos à chaque manche, à tour de rôle.")
    page.get_by_label("Rami continental (4 à 5 joueurs)").check()
    expect(size).to_have_value("4")
    assert not size.evaluate("el => el.readOnly")
    page.get_by_label("Gin rami (2 joueurs)").check()
    assert page.evaluate(SIDEWAYS) == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "tournament-gin-form-390-fr.png"), full_page=True)
    assert axe_violations(page) == []
