"""Issue 29 item 12: the pages a club player holds (a table in both games, full tracking and quick score, her seat
at a club night, the players' page), in French and English, pass `check_large_page`: 48 px targets, 18 px text,
7:1 contrast and 200 % zoom at 360 px without sideways scroll."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_large_page
from tests.browser.test_tournament import club, create_evening, path, play_to_the_end  # noqa: F401 (a fixture)
from tests.browser.walk import Words, phone_in

PLAYERS = ("Ana", "Ben", "Chloé", "Dan")


def _start(page, game: str, tracking: str) -> str:
    """A table of four opened from /new, dealt by Ana; the table page's address."""
    page.goto("/new")
    page.locator(f"input[name=game][value={game}]").check()
    for i, name in enumerate(PLAYERS):
        page.fill(f"#p{i}", name)
    page.locator("input[name=dealer][value='0']").check()
    page.locator(f"input[name=tracking][value={tracking}]").check()
    with page.expect_navigation():  # the table is made before its address is read
        page.locator("#new-table button.primary").click()
    return "/t/" + page.url.split("/t/")[1].split("/")[0]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_table_fully_tracked_reads_and_taps_large(phones, lang, game):
    w = Words(lang)
    page = phone_in(phones, lang)
    table = _start(page, game, "full")
    page.goto(table)
    check_large_page(page, f"large-{game}-deal-{lang}")  # the dealer's form
    if game == "continental":  # the card turned up on the discard pile, tapped in the picker
        page.get_by_role("button", name=w.card("7H"), exact=True).click()
    else:
        page.get_by_role("button", name=w("Cards dealt")).click()
    expect(page.locator("#dealer")).to_have_count(0)  # the deal is in: the first turn
    check_large_page(page, f"large-{game}-turn-{lang}")  # a turn: its buttons, the scores, the state


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_table_by_quick_score_reads_and_taps_large(phones, lang, game):
    page = phone_in(phones, lang)
    table = _start(page, game, "results")
    page.goto(table)
    check_large_page(page, f"large-{game}-quick-{lang}")
    page.locator(".quickstart a").nth(1).click()  # Ben went out / won: the counts or the points
    expect(page.locator("form")).not_to_have_count(0)
    check_large_page(page, f"large-{game}-quick-form-{lang}")
    if game == "continental":  # recorded as it stands: the table page with its verdict
        w = Words(lang)
        page.get_by_role("button", name=w("Record the score")).click()
        expect(page.locator(".verdict")).to_be_visible()
        check_large_page(page, f"large-{game}-quick-verdict-{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_club_night_seat_and_the_players_page_read_and_tap_large(phones, club, lang):  # noqa: F811
    w = Words(lang)
    director = phone_in(phones, lang)
    evening = create_evening(director, club, lang)
    links = director.locator("section:has(#links-h) p.link a")
    players_link, director_token = path(links.first.get_attribute("href")), links.nth(1).get_attribute(
        "href").rsplit("/k/", 1)[1]
    director.get_by_role("button", name=w("Seat round %(round)s", round=1)).click()
    expect(director.locator(".console li")).to_have_count(2)

    player = phone_in(phones, lang)
    player.goto(players_link)
    check_large_page(player, f"large-players-{lang}")
    table = club.client.get(f"/api/v1/tournaments/{evening}").json["tables"][0]
    player.get_by_role("link", name=table["players"][2], exact=True).click()
    expect(player.locator(".at-table")).to_be_visible()
    check_large_page(player, f"large-seat-{lang}")  # her seat: the table page and its quick score
    play_to_the_end(club, table["id"], director_token, 4)
    player.reload()
    expect(player.locator("section.confirm li")).to_have_count(4)
    check_large_page(player, f"large-seat-confirm-{lang}")  # results to confirm or dispute
    player.get_by_role("link", name=w("The game's summary")).click()
    expect(player.locator(".badge.ok")).to_be_visible()  # the winner's badge: white on green, 7:1
    check_large_page(player, f"large-seat-summary-{lang}")
