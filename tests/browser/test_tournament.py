"""A club night in Chromium: the evening from the group page, the console, a player's tap on her name landing on
her seat, the screen (1920 x 1080) updating live, the results, and the table cards printed to PDF."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.conftest import SHOTS
from tests.conftest import Tables
from tests.groups.sunday import Group

PLAYERS = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]
SCREEN = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
          "device_scale_factor": 1}


@pytest.fixture(scope="module")
def club(live_database):
    """A group whose eight members played before, written to the live server's database by an app of its own;
    `club.client` plays the tables as the director would from the API."""
    from api import create_app
    from events.db import dispose

    app = create_app({"TESTING": True, "DATABASE_URL": live_database, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    group = Group(client, "Friday club")
    for i in (0, 4):
        group.table(Tables(client), "continental", PLAYERS[i:i + 4], tracking="results")
    group.client, group.tables = client, Tables(client)
    yield group
    dispose(app)


def path(link: str) -> str:
    """A link the server made for other phones (its LAN address), as a path on the test's server."""
    return "/n/" + link.split("/n/", 1)[1]


def sit(page, players_link: str, name: str) -> None:
    """A player taps her name on the players' page: her phone shows her table."""
    page.goto(players_link)
    page.get_by_role("link", name=name, exact=True).click()
    expect(page.locator(".at-table")).to_be_visible()


def create_evening(page, club, lang="en"):
    words = {"en": ("Start a club night", "Create the evening", "8 players: 2 tables (4, 4)"),
             "fr": ("Lancer une soirée de club", "Créer la soirée", "8 joueurs\u00a0: 2 tables (4, 4)")}[lang]
    page.goto(f"/g/{club.id}/k/{club.token}")
    page.get_by_role("link", name=re.compile(words[0])).click()
    for name in PLAYERS[:7]:
        page.get_by_role("checkbox", name=name, exact=True).check()
    page.locator("#ev-new").fill("Ivo\ngus")  # a new player, and Gus again: eight players
    page.get_by_role("radio", name=re.compile("^(only the results|seulement les résultats)")).check()
    page.locator("#ev-rounds").fill("2")
    expect(page.locator("#ev-tables")).to_have_text(words[2])
    check_page(page, f"tournament-new-{lang}")
    page.get_by_role("button", name=words[1]).click()
    expect(page.locator("h1")).to_have_text(re.compile("Club night|Soirée de club"))
    return page.url.split("/n/")[1].split("/")[0]


def reloaded(page) -> None:
    """Reload the console or the players' page, which reload themselves on the evening's news (tournament.js):
    when their own reload is under way, the test's is aborted (`net::ERR_ABORTED`, seen with 1 s of latency on
    each request); reloaded again, the page is the latest either way."""
    for _ in range(3):
        try:
            page.reload()
            return
        except PlaywrightError as error:
            if "ERR_ABORTED" not in error.message:
                raise
    page.reload()


def play_to_the_end(club, table_id: str, director: str, seats: int) -> None:
    table = club.tables.attach({"id": table_id, "host_token": director, "version": 1, "seats": []})
    for dealer, winner in zip(range(seats), (0, 0, 1, 0), strict=False):
        table.enter("deal", dealer=dealer)
        table.enter("exit", winner, counts={"twos": 0, "jokers": 0})


def test_an_evening_from_the_group_page_to_the_results_and_the_printed_cards(phones, club):
    director = phones()
    evening = create_evening(director, club)
    check_page(director, "tournament-console-empty")
    players_link = path(director.locator("section:has(#links-h) p.link a").first.get_attribute("href"))

    screen = phones(**SCREEN)
    screen.goto(f"/n/{evening}/screen")
    expect(screen.locator("#round-now")).to_have_text("Round 1 of 2: not seated yet")  # never "Round 0"

    director.get_by_role("button", name="Seat round 1").click()
    expect(director.locator(".console li")).to_have_count(2)
    expect(screen.locator("#round-now")).to_have_text("Round 1 of 2")  # live, no reload
    expect(screen.locator("#tables-now li")).to_have_count(2)

    ana = phones()
    ana.set_viewport_size({"width": 360, "height": 780})
    ana.goto(players_link)
    expect(ana.get_by_role("heading", name="Tap your name")).to_be_visible()
    check_page(ana, "tournament-players")
    ana.get_by_role("link", name="Ana", exact=True).click()
    expect(ana.locator(".at-table")).to_contain_text(re.compile(r"Round 1, table \d"))
    expect(ana.locator(".top, main")).not_to_have_count(0)
    check_page(ana, "tournament-seat-360")
    table_id = ana.url.rsplit("/t/", 1)[1].split("?")[0].split("/")[0]
    number = re.search(r"table (\d)", ana.locator(".at-table").inner_text()).group(1)

    reloaded(director)
    console_row = director.locator(".console li").filter(has_text=f"Table {number}")
    expect(console_row).to_contain_text("playing")
    link = director.locator("section:has(#links-h) p.link a").nth(1).get_attribute("href")
    director_token = link.rsplit("/k/", 1)[1]
    play_to_the_end(club, table_id, director_token, 4)
    expect(screen.locator("#tables-now li.st-finished")).to_have_count(1)
    leader = screen.locator("#standings tbody tr").first
    expect(leader.locator("td.num").first).not_to_have_text("0")  # the table's winner leads, live
    expect(leader.locator("td.num").nth(1)).to_have_text("1")
    check_page(screen, "tournament-screen")

    reloaded(director)
    check_page(director, "tournament-console")
    director.locator(".console li").filter(has_text="playing").first.locator("a.wide").click()  # as the table's host
    director.get_by_text("Ruling: points and a reason").click()
    director.locator("#points0").fill("5")
    director.locator("#reason").fill("Slow play")
    with director.expect_navigation():  # the ruling is recorded before the console opens
        director.get_by_role("button", name="Record the ruling").click()
    director.goto(f"/n/{evening}/d")
    director.get_by_role("textbox", name="Message").fill("Ten minutes left")
    with director.expect_navigation():  # the message is recorded before Ana's phone reloads
        director.get_by_role("button", name="Send to every phone").click()
    reloaded(ana)
    expect(ana.locator(".t-message")).to_have_text("Ten minutes left")

    director.goto(f"/n/{evening}/cards")
    expect(director.locator(".tcard")).to_have_count(2)
    check_page(director, "tournament-cards")
    SHOTS.mkdir(parents=True, exist_ok=True)
    director.emulate_media(media="print")
    director.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    director.screenshot(path=str(SHOTS / "tournament-cards-print.png"), full_page=True)
    pdf = director.pdf(path=str(SHOTS / "tournament-cards.pdf"), format="A4", print_background=True)
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", pdf)) >= 1

    director.goto(f"/n/{evening}/d")
    director.get_by_role("link", name=re.compile("^Close the table still playing")).click()
    director.get_by_role("button", name="Close and seat round 2").click()  # it asks first (issue 29, item 6)
    expect(screen.locator("#round-now")).to_have_text("Round 2 of 2")
    results = phones()
    results.goto(f"/n/{evening}/results")
    expect(results.get_by_role("heading", name="Standings")).to_be_visible()
    expect(results.locator(".tables li")).to_have_count(4)
    expect(results.get_by_text("Slow play")).to_be_visible()  # the ruling, with its reason
    check_page(results, "tournament-results")


def test_a_french_evening_and_a_player_lands_on_her_seat(phones, club):
    director = phones(locale="fr-FR")
    evening = create_evening(director, club, "fr")
    check_page(director, "tournament-console-fr")
    players_link = path(director.locator("section:has(#links-h) p.link a").first.get_attribute("href"))
    screen = phones(locale="fr-FR", **SCREEN)
    screen.goto(f"/n/{evening}/screen")
    director.get_by_role("button", name="Placer la manche 1").click()
    expect(director.locator(".console li")).to_have_count(2)
    expect(screen.locator("#round-now")).to_have_text("Manche 1 sur 2")  # live
    expect(screen.locator("#tables-now li")).to_have_count(2)
    check_page(screen, "tournament-screen-fr")
    ivo = phones(locale="fr-FR")
    ivo.goto(players_link)
    check_page(ivo, "tournament-players-fr")
    ivo.get_by_role("link", name="Ivo", exact=True).click()
    expect(ivo.locator(".at-table")).to_contain_text(re.compile(r"Manche 1, table \d"))
    check_page(ivo, "tournament-seat-fr")
