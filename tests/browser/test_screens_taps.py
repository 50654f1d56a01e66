"""Taps at a real table (issue 8), counted in real Chromium: a turn 2, a Continental exit at most 17 (fewer
with runs entered by their end cards), a Rami opening of two melds at most 8. Each run prints its count."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.screens_helpers import COUNT_TAPS, start, tap_cards, taps

NAMES = ("Ana", "Ben", "Chloé", "Dan")
FIVE_THREES = ["five of hearts", "six of hearts", "seven of hearts", "three of clubs", "four of clubs",
               "five of clubs", "eight of diamonds", "nine of diamonds", "ten of diamonds", "jack of spades",
               "queen of spades", "king of spades", "four of spades", "five of spades", "six of spades"]


def ben_may_go_out(phones):
    page = phones()
    page.add_init_script(COUNT_TAPS)
    start(page, NAMES)
    page.get_by_role("button", name="seven of hearts").click()  # Ana deals, 7♥ turned up
    expect(page.locator("#headline")).to_have_text("Ben's turn: take a card.")
    before = taps(page)
    page.get_by_role("button", name="Took the discard").click()
    page.get_by_role("button", name="nine of clubs").click()
    expect(page.locator("#headline")).to_have_text("Chloé's turn: take a card.")
    return page, taps(page) - before


def test_a_turn_is_two_taps_and_an_exit_of_five_threes_is_seventeen(phones):
    page, turn = ben_may_go_out(phones)
    assert turn == 2
    before = taps(page)
    page.get_by_role("link", name="Ben goes out").click()
    expect(page.locator("#runs")).to_have_attribute("inputmode", "none")
    tap_cards(page, FIVE_THREES[:14])
    expect(page.locator("#runs-count")).to_have_text("14 of 15 cards")
    tap_cards(page, FIVE_THREES[14:])  # the 15th card: the exit is checked, nothing is written yet
    expect(page.get_by_role("heading", name="A valid exit, as declared")).to_be_visible()
    check_page(page, "exit-check")
    page.get_by_role("button", name="Confirm: Ben goes out").click()
    expect(page.get_by_role("heading", name=re.compile("^Valid exit"))).to_be_visible()
    exit_taps = taps(page) - before
    print(f"taps: a turn {turn}, a Continental exit of five runs of three {exit_taps}")
    assert exit_taps <= 17


def test_runs_entered_by_their_end_cards_take_fewer_taps(phones):
    page, _ = ben_may_go_out(phones)
    before = taps(page)
    page.get_by_role("link", name="Ben goes out").click()
    through = "through (a run from one card to another)"
    tap_cards(page, ["three of hearts", through, "seven of hearts", "eight of clubs", through, "jack of clubs",
                     "eight of diamonds", through, "ten of diamonds", "jack of spades", through])
    expect(page.locator("#runs")).to_have_value("3♥ 4♥ 5♥ 6♥ 7♥\n8♣ 9♣ 10♣ J♣\n8♦ 9♦ 10♦\nJ♠…")
    tap_cards(page, ["king of spades"])
    expect(page.get_by_role("heading", name="A valid exit, as declared")).to_be_visible()
    page.get_by_role("button", name="Confirm: Ben goes out").click()
    expect(page.get_by_role("heading", name=re.compile("^Valid exit"))).to_be_visible()
    exit_taps = taps(page) - before
    print(f"taps: a Continental exit 5+4+3+3 by end cards {exit_taps}")
    assert exit_taps <= 14


def test_a_rami_opening_of_two_melds_is_eight_taps(phones):
    page = phones()
    page.add_init_script(COUNT_TAPS)
    start(page, ("Eve", "Fox"), game="rami", clock=False)
    page.get_by_role("button", name="Cards dealt").click()
    expect(page.locator("#headline")).to_have_text("Fox's turn: lay down or discard.")
    before = taps(page)
    page.get_by_role("link", name="Lay down melds").click()
    expect(page.locator("#melds")).to_have_attribute("inputmode", "none")
    tap_cards(page, ["queen of hearts", "king of hearts", "ace of hearts", "ten of spades", "jack of spades",
                     "queen of spades"])
    expect(page.locator("#melds")).to_have_value("Q♥ K♥ A♥\n10♠ J♠ Q♠")  # a new meld where the first ends
    expect(page.locator("#melds-count")).to_have_text("6 cards")
    page.get_by_role("button", name="Send").click()
    expect(page.locator(".melds li")).to_have_count(2)
    opening = taps(page) - before
    print(f"taps: a Rami opening of two melds {opening}")
    assert opening <= 8
