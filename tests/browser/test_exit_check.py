"""The exit check (issue 18, item 1) in real Chromium, English and French, 390 and 360 px: when the referee finds
a valid exit, confirming it is the only way on; an invalid exit is recorded only when none exists, after the page
has said why, on a step of its own. Taps are counted: an exit ≤ 17 card by card, ≤ 14 with runs by their ends."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page, settle
from tests.browser.screens_helpers import COUNT_TAPS, start, taps
from tests.browser.walk import LOCALES, Words

NAMES = ("Ana", "Ben", "Chloé", "Dan")
# As Ben tapped it (issue 18): three runs of four, and 3♥ JK 5♥ with the joker not announced.
CARDS = ["JD", "QD", "KD", "AD", "5S", "6S", "7S", "8S", "8C", "9C", "10C", "JC", "3H", "JK", "5H"]
BY_ENDS = ["JD", "…", "AD", "5S", "…", "8S", "8C", "…", "JC", "3H", "JK", "5H"]
NO_EXIT = ["JD", "QD", "KD", "AD", "5S", "6S", "7S", "8S", "8C", "9C", "10C", "JC", "3H", "4C", "6H"]


def to_ben_exit(phones, lang: str):
    """Ana deals (7♥ up), Ben takes from the stock and discards: he may go out now."""
    w = Words(lang)
    page = phones(locale=LOCALES[lang])
    page.add_init_script(COUNT_TAPS)
    start(page, NAMES)
    for key in (w.card("7H"), w("Took from the stock"), w.card("9H")):
        settle(page)  # each key once the last entry's page has loaded: a tap on the page being left is lost
        page.get_by_role("button", name=key, exact=True).click()
    expect(page.locator("#headline")).to_have_text(w("%(name)s's turn: take a card.", name="Chloé"))
    return page, w


def tap(page, w, tokens) -> None:
    """Tap the card picker's keys, once the page that holds it has loaded (its script makes a key type a card)."""
    page.wait_for_load_state()
    for token in tokens:
        if token == "…":
            page.get_by_role("button", name=w("through (a run from one card to another)")).click()
        elif token == "↵":
            page.get_by_role("button", name=w("new run or meld")).click()
        else:
            page.get_by_role("button", name=w.card(token), exact=True).click()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_valid_arrangement_is_only_confirmed(phones, lang):
    page, w = to_ben_exit(phones, lang)
    before = taps(page)
    page.get_by_role("link", name=w("%(name)s goes out", name="Ben"), exact=True).click()
    tap(page, w, CARDS)  # the 15th card checks the exit: nothing is written yet
    expect(page.get_by_role("heading", name=w("A valid exit, arranged by the referee"))).to_be_visible()
    expect(page.get_by_role("button", name=w("Confirm: %(name)s goes out", name="Ben"))).to_be_visible()
    expect(page.locator(".verdict button")).to_have_count(1)  # no second way out of the check
    expect(page.locator(".verdict")).not_to_contain_text(w("As declared, the runs are not valid:"))
    check_page(page, f"exit-arranged-{lang}")
    page.get_by_role("button", name=w("Confirm: %(name)s goes out", name="Ben")).click()
    expect(page.get_by_role("heading", name=re.compile("^" + re.escape(w("Valid exit"))))).to_be_visible()
    card_by_card = taps(page) - before
    print(f"taps ({lang}): the issue's exit card by card, arranged by the referee: {card_by_card}")
    assert card_by_card <= 17


def test_runs_by_their_ends_are_arranged_in_fourteen_taps_or_fewer(phones):
    page, w = to_ben_exit(phones, "en")
    before = taps(page)
    page.get_by_role("link", name="Ben goes out", exact=True).click()
    tap(page, w, BY_ENDS)
    expect(page.get_by_role("heading", name="A valid exit, arranged by the referee")).to_be_visible()
    expect(page.locator(".verdict button")).to_have_count(1)
    page.get_by_role("button", name="Confirm: Ben goes out").click()
    expect(page.get_by_role("heading", name=re.compile("^Valid exit"))).to_be_visible()
    by_ends = taps(page) - before
    print(f"taps: the issue's exit by the ends of its runs: {by_ends}")
    assert by_ends <= 14


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_invalid_exit_is_recorded_only_after_saying_why_and_a_confirmation(phones, lang):
    page, w = to_ben_exit(phones, lang)
    page.get_by_role("link", name=w("%(name)s goes out", name="Ben"), exact=True).click()
    tap(page, w, NO_EXIT)  # a card that cannot extend a complete run starts the next one
    expect(page.get_by_role("heading", name=w("No valid exit with these cards"))).to_be_visible()
    expect(page.locator(".verdict")).to_contain_text(w("As declared, the runs are not valid:"))
    expect(page.get_by_role("button", name=w("Confirm: %(name)s goes out", name="Ben"))).to_have_count(0)
    check_page(page, f"exit-none-{lang}")
    page.get_by_role("button", name=w("Record as an attempt: not a valid exit…")).click()
    expect(page.locator(".verdict")).to_contain_text(
        w("Record this attempt by %(name)s as not a valid exit?", name="Ben"))
    check_page(page, f"exit-record-{lang}")
    page.get_by_role("button", name=w("Yes, record: not a valid exit")).click()
    expect(page.get_by_role("heading", name=re.compile("^" + re.escape(w("Not a valid exit"))))).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_results_tracking_checks_the_cards_the_same_way(phones, lang):
    """A scorekeeping table's exit entered by its cards: the same check, the same one action (issue 18, item 1)."""
    w = Words(lang)
    page = phones(locale=LOCALES[lang])
    page.goto("/new")
    for i, name in enumerate(NAMES):
        page.fill(f"#p{i}", name)
    page.locator("input[name=dealer][value='0']").check()
    page.locator("input[name=tracking][value=results]").check()
    with page.expect_navigation():  # the table is made before its address is read
        page.locator("#new-table button.primary").click()
    table = page.url.split("/t/")[1].split("/")[0]
    page.goto(f"/t/{table}")
    dealt = page.get_by_role("button", name=w("Cards dealt"))
    if dealt.count():
        with page.expect_navigation():  # the deal is recorded before the exit form opens
            dealt.click()
    page.goto(f"/t/{table}/compose/exit?seat=1")
    tap(page, w, CARDS)
    expect(page.get_by_role("heading", name=w("A valid exit, arranged by the referee"))).to_be_visible()
    expect(page.locator(".verdict button")).to_have_count(1)
    expect(page.locator(".verdict")).to_contain_text("JK=4♥")  # Ben's own runs, the joker where it fits
    check_page(page, f"exit-arranged-results-{lang}")
    page.get_by_role("button", name=w("Confirm: %(name)s goes out", name="Ben")).click()
    expect(page.get_by_role("heading", name=re.compile("^" + re.escape(w("Valid exit"))))).to_be_visible()


# C-1: a 2 is wild at Continental. Tapped into a run where it stands for another card, it stays in that run as a
# joker does (5♠ 6♠ 2♣ 8♠: the 8♠ extends it, the 8♣ after it starts the next run), and the referee announces it
# where it alone fits (K-5, C-9): Ben's own four runs, 2♣=7♠ and 2♦=4♥, not the solver's.
TWOS = ["JD", "QD", "KD", "AD", "5S", "6S", "2C", "8S", "8C", "9C", "10C", "JC", "3H", "2D", "5H"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_two_tapped_into_a_run_is_placed_as_a_wild(phones, lang):
    from api.web.words.i18n import card_label

    page, w = to_ben_exit(phones, lang)
    page.get_by_role("link", name=w("%(name)s goes out", name="Ben"), exact=True).click()
    tap(page, w, TWOS[:-1])
    expect(page.locator("#runs")).to_have_value("\n".join(" ".join(card_label(c, lang) for c in run) for run in (
        TWOS[:4], TWOS[4:8], TWOS[8:12], TWOS[12:14])))
    tap(page, w, TWOS[-1:])  # the 15th card checks the exit: nothing is written yet
    expect(page.get_by_role("heading", name=w("A valid exit, arranged by the referee"))).to_be_visible()
    runs = page.locator(".verdict ol.runs li")
    expect(runs).to_have_count(4)
    expect(runs.nth(1)).to_contain_text("2♣=7♠")
    expect(runs.nth(3)).to_contain_text("2♦=4♥")
    check_page(page, f"exit-twos-{lang}")
    page.get_by_role("button", name=w("Confirm: %(name)s goes out", name="Ben")).click()
    expect(page.get_by_role("heading", name=re.compile("^" + re.escape(w("Valid exit"))))).to_be_visible()
    table = re.search(r"/t/([^/?#]+)", page.url).group(1)
    entries = page.request.get(re.sub(r"/t/.*", f"/api/v1/tables/{table}/entries", page.url)).json()["entries"]
    assert entries[-1]["type"] == "exit" and entries[-1]["runs"] == [
        ["JD", "QD", "KD", "AD"], ["5S", "6S", "2C=7S", "8S"], ["8C", "9C", "10C", "JC"], ["3H", "2D=4H", "5H"]]


# Issue 29, item 15: a wild that fits two places in a run Ben laid is his to place: 2♣ after 5♠ 6♠ 7♠ stands below
# the 5♠ or above the 7♠. The check asks (each place a large button), then confirms the exit as he laid it.
TWO_ENDS = ["JD", "QD", "KD", "AD", "5S", "6S", "7S", "2C", "8C", "9C", "10C", "JC", "3H", "4H", "5H"]


@pytest.mark.parametrize("lang,width", [("en", 390), ("fr", 360)])
def test_a_two_that_fits_either_end_of_a_run_is_asked_where_it_goes(phones, lang, width):
    from api.web.words.i18n import card_label

    page, w = to_ben_exit(phones, lang)
    page.set_viewport_size({"width": width, "height": 844})
    page.get_by_role("link", name=w("%(name)s goes out", name="Ben"), exact=True).click()
    tap(page, w, TWO_ENDS)  # the 15th card checks the exit: nothing is written yet
    expect(page.get_by_role("heading", name=w("Run %(n)s: where does the wild go?", n=2))).to_be_visible()
    choices = page.locator(".verdict button.choice")
    expect(choices).to_have_count(2)
    expect(choices.nth(0)).to_contain_text("2♣=4♠")
    expect(choices.nth(1)).to_contain_text("2♣=8♠")
    expect(page.get_by_role("button", name=w("Confirm: %(name)s goes out", name="Ben"))).to_have_count(0)
    for i in range(2):
        assert choices.nth(i).bounding_box()["height"] >= 48
    check_page(page, f"exit-wild-place-{lang}")
    choices.nth(1).click()
    expect(page.get_by_role("heading", name=w("A valid exit, as declared"))).to_be_visible()
    expect(page.locator(".verdict ol.runs li").nth(1)).to_contain_text("2♣=8♠")
    check_page(page, f"exit-wild-placed-{lang}")
    page.get_by_role("button", name=w("Confirm: %(name)s goes out", name="Ben")).click()
    expect(page.get_by_role("heading", name=re.compile("^" + re.escape(w("Valid exit"))))).to_be_visible()
    table = re.search(r"/t/([^/?#]+)", page.url).group(1)
    entries = page.request.get(re.sub(r"/t/.*", f"/api/v1/tables/{table}/entries", page.url)).json()["entries"]
    assert entries[-1]["type"] == "exit" and entries[-1]["runs"][1] == ["5S", "6S", "7S", "2C=8S"]
    assert card_label("2C=8S", lang) == "2♣=8♠"


# Issue 29, item 15: the picker of a correction reads cards as the exit screen does: a run by its ends, a new line
# when a complete run cannot take the next card, and a Continental 2 as a wild (C-1). Before, the correction's
# field took the keys as bare text: "5♠…8♠" stayed unexpanded, and every card piled onto one line.
@pytest.mark.parametrize("lang,width", [("en", 390), ("fr", 360)])
def test_correcting_an_exit_the_picker_reads_runs_and_twos_as_the_exit_screen(phones, lang, width):
    from api.web.words.i18n import card_label

    w = Words(lang)
    page = phones(locale=LOCALES[lang], viewport={"width": width, "height": 844})
    page.goto("/new")
    for i, name in enumerate(NAMES):
        page.fill(f"#p{i}", name)
    page.locator("input[name=dealer][value='0']").check()
    page.locator("input[name=tracking][value=results]").check()
    with page.expect_navigation():
        page.locator("#new-table button.primary").click()
    table = page.url.split("/t/")[1].split("/")[0]
    page.goto(f"/t/{table}")
    dealt = page.get_by_role("button", name=w("Cards dealt"))
    if dealt.count():
        with page.expect_navigation():
            dealt.click()
    page.goto(f"/t/{table}/compose/exit?seat=1")
    tap(page, w, CARDS)
    page.get_by_role("button", name=w("Confirm: %(name)s goes out", name="Ben")).click()
    expect(page.get_by_role("heading", name=re.compile("^" + re.escape(w("Valid exit"))))).to_be_visible()
    seq = page.request.get(f"/api/v1/tables/{table}").json()["version"]
    page.goto(f"/t/{table}/e/{seq}/replace")
    field = page.locator("textarea#runs")
    field.fill("")
    tap(page, w, ["5S", "…", "8S", "2C", "8C"])
    expect(field).to_have_value("\n".join([" ".join(card_label(c, lang) for c in ("5S", "6S", "7S", "8S", "2C")),
                                           card_label("8C", lang)]))
    check_page(page, f"exit-correction-picker-{lang}")
