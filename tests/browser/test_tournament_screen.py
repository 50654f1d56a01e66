"""The club night's screen on a TV (1920 x 1080) with 40 players at 10 tables (issue 29, item 10): every row it shows
lies inside the screen, nothing cut, and it pages through the standings ("page 1 of 3"), so that every player is
shown on one of its pages; in English and French. The console beside it on a 1366 x 768 laptop."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import axe_violations
from tests.browser.conftest import SHOTS
from tests.conftest import Tables
from tests.tournaments.evening import Evening

FORTY = [f"{first} {last}" for last in ("Martin", "Bernard", "Dubois", "Lefèvre")
         for first in ("Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana", "Ivo", "Jun")]
SCREEN = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
          "device_scale_factor": 1}
LAPTOP = {"viewport": {"width": 1366, "height": 768}, "is_mobile": False, "has_touch": False,
          "device_scale_factor": 1}

# What the screen shows and where: each shown row of the standings and each shown table, with its box.
SHOWN = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#standings tbody tr, #tables-now > li')) {
    const r = el.getBoundingClientRect();
    if (!el.getClientRects().length) continue;  // on another page
    out.push({text: el.querySelector('th, strong').textContent.trim(), top: r.top, bottom: r.bottom,
              left: r.left, right: r.right});
  }
  return out;
}"""


@pytest.fixture(scope="module")
def forty(live_database):
    """An evening of 40 players at tables of 4, round 1 seated, three tables with a result waiting for confirmation
    (its players' rows carry the "waiting" badge), written to the live server's database by an app of its own."""
    from api import create_app
    from events.db import dispose

    app = create_app({"TESTING": True, "DATABASE_URL": live_database, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    evening = Evening(client, Tables(client), players=FORTY, rounds=3, name="Vendredi")
    evening.start()
    for table in evening.rounds[0][:3]:
        table.enter("deal", dealer=0)
        table.enter("exit", 1, counts={"twos": 0, "jokers": 0}, as_seat=1)
    yield evening
    dispose(app)


def shown_inside(page) -> list[dict]:
    """The rows and tables the screen shows now, each asserted inside the 1920 x 1080 viewport."""
    shown = page.evaluate(SHOWN)
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    cut = [s for s in shown if s["top"] < 0 or s["bottom"] > height or s["left"] < 0 or s["right"] > width]
    assert cut == [], cut
    return shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_screen_pages_through_forty_players_with_nothing_cut(phones, forty, lang):
    words = {"en": ("Page 1 of 3", "Page 2 of 3", "Table 10"), "fr": ("Page 1 sur 3", "Page 2 sur 3", "Table 10")}[lang]
    screen = phones(locale={"en": "en-GB", "fr": "fr-FR"}[lang], **SCREEN)
    screen.goto(f"/n/{forty.id}/screen?every=2")
    SHOTS.mkdir(parents=True, exist_ok=True)
    expect(screen.locator("#standings tbody tr")).not_to_have_count(0)
    screen.screenshot(path=str(SHOTS / f"tournament-screen-40-{lang}.png"))
    pager = screen.locator("#st-pager")
    expect(pager).to_have_text(words[0])
    assert screen.evaluate("() => document.documentElement.scrollHeight") <= 1080  # nothing below the screen
    seen: set[str] = set()
    first = shown_inside(screen)
    seen.update(s["text"] for s in first if s["text"].startswith(tuple(FORTY)))
    tables = [s["text"] for s in first if s["text"].startswith("Table")]
    assert words[2] in tables and len(tables) == 10  # the round's ten tables on one page
    screen.screenshot(path=str(SHOTS / f"tournament-screen-40-{lang}.png"))
    assert axe_violations(screen) == []
    expect(pager).to_have_text(words[1])  # it turns the page by itself
    seen.update(s["text"] for s in shown_inside(screen) if s["text"].startswith(tuple(FORTY)))
    expect(pager).to_have_text(re.compile("3"))
    expect(pager).not_to_have_text(words[1])
    seen.update(s["text"] for s in shown_inside(screen) if s["text"].startswith(tuple(FORTY)))
    assert seen == set(FORTY)
    size = screen.evaluate("() => parseFloat(getComputedStyle(document.querySelector('#standings tbody th')).fontSize)")
    assert size >= 28  # a name read from across the room


def test_the_console_links_the_screen_and_results_on_the_address_the_director_used(phones, forty):
    """The console's links to the screen and the results open on the host the director's browser asked for (a TV
    beside the laptop opens the same address), never only on the LAN address made for other phones."""
    director = phones(**LAPTOP)
    director.goto(f"/n/{forty.id}/k/{forty.director}")
    screen_link = director.get_by_role("link", name="Open the screen").get_attribute("href")
    results_link = director.get_by_role("link", name="The results").first.get_attribute("href")
    base = director.url.split("/n/", 1)[0]
    for link in (screen_link, results_link):
        assert link.startswith("/n/") or link.startswith(base), link
    director.get_by_role("link", name="Open the screen").click()
    expect(director.locator("#round-now")).to_have_text("Round 1 of 3")
    director.goto(f"/n/{forty.id}/d")
    SHOTS.mkdir(parents=True, exist_ok=True)
    director.screenshot(path=str(SHOTS / "tournament-console-1366-en.png"))
    french = phones(locale="fr-FR", **LAPTOP)
    french.goto(f"/n/{forty.id}/k/{forty.director}")
    french.screenshot(path=str(SHOTS / "tournament-console-1366-fr.png"))
    assert axe_violations(french) == []


QR_TOPS = """() => Array.from(document.querySelectorAll('.tcard'), (card) => {
  const tops = Array.from(card.querySelectorAll('.qr'), (qr) => Math.round(qr.getBoundingClientRect().top));
  return {card: card.getBoundingClientRect().height, tops: Array.from(new Set(tops))};
})"""


def test_the_table_cards_print_two_a_page_with_their_codes_in_line(phones, forty):
    """Ten tables print on five A4 pages, two cards a page, and in each card the seats' QR codes stand on one line
    whatever the length of the names above them (issue 29, item 13)."""
    director = phones(**LAPTOP)
    director.goto(f"/n/{forty.id}/k/{forty.director}")
    director.goto(f"/n/{forty.id}/cards")
    director.emulate_media(media="print")
    director.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    cards = director.evaluate(QR_TOPS)
    assert len(cards) == 10 and all(len(c["tops"]) == 1 for c in cards), cards
    assert all(c["card"] < 1123 / 2 for c in cards), cards  # two fit on a page
    SHOTS.mkdir(parents=True, exist_ok=True)
    director.screenshot(path=str(SHOTS / "tournament-cards-40-print.png"), full_page=True)
    pdf = director.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 5
