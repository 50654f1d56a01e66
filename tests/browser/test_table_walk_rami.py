"""A Rami round at a table of phones, in English and in French (issue 8, "Done when").

Fox's phone joins by its link, opens with two melds, undoes a wrong discard in one tap (and its
confirmation); the host's phone enters for Gus and Eve; Eve's turn times out on a driven clock (R-17);
Fox lays off and goes out; the hands are entered, the ceiling is passed, the summary is shared and
"play again" opens the next table with Fox dealing first.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.browser.live import LIVE
from tests.browser.test_table_walk_continental import joined_by_link, seat_link
from tests.browser.walk import LOCALES, SHARE_STUB, Taps, Words, check, lan_base, visit

GUS = "KH KS KD KC QH QS QD QC JH JS JD JC 10H 10S"  # 140 points: past the ceiling of 100
EVE = "2C 3D 4H 5S 6C 8D 9H 2S 3H 4D 5C 6S 8H 9C"  # 14 cards each


@pytest.fixture
def clock():
    """Drive the live server's clock: `clock.advance(seconds)`; put back afterwards."""
    class Clock:
        offset = timedelta()

        def __call__(self):
            return datetime.now(UTC) + self.offset

        def advance(self, seconds: float):
            self.offset += timedelta(seconds=seconds)

    driven = Clock()
    LIVE["app"].config["CLOCK"] = driven
    yield driven
    LIVE["app"].config.pop("CLOCK", None)


def tap_cards(taps, page, cards: str, w):
    for token in cards.split():
        if token == "/":
            taps.tap(page.get_by_role("button", name=w("new run or meld")))
        else:
            taps.tap(page.get_by_role("button", name=w.card(token), exact=True))


def melds_shown(page, count: int) -> None:
    """The table shows `count` melds; else fail saying where the phone is and what it was told (a refusal's
    text, when the meld came back to its compose page), not only that the list was not found."""
    try:
        expect(page.locator(".melds li")).to_have_count(count)
    except AssertionError as missing:
        told = " | ".join(page.locator(".problem, .notice").all_inner_texts()) or "nothing"
        raise AssertionError(f"{count} melds expected on {page.url}; the page says: {told}") from missing


def start(phones, base, lang, w):
    host = phones(locale=LOCALES[lang], base_url=base)
    host.add_init_script(SHARE_STUB)
    visit(host, "/new")
    host.get_by_label(w("Rami (2–4 players)")).check()
    for i, name in enumerate(("Eve", "Fox", "Gus")):
        host.fill(f"#p{i}", name)
    host.get_by_role("radio", name="Eve", exact=True).check()
    host.select_option("#opening", "51")
    host.select_option("#ceiling", "100")
    host.get_by_role("button", name=w("Start the table")).click()
    expect(host.get_by_role("heading", name=w("The table is ready"))).to_be_visible()
    return host


def turn(host, name, card, w):
    host.get_by_role("button", name=w("Took from the stock")).click()
    expect(host.locator("#headline")).to_have_text(w("%(name)s's turn: lay down or discard.", name=name))
    host.get_by_role("button", name=w.card(card), exact=True).click()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_rami_round_at_a_table_of_phones(phones, base_url, clock, lang):
    w, taps, base = Words(lang), Taps(), lan_base(base_url)
    host = start(phones, base, lang, w)
    table = host.url.split("/")[-2]
    fox = joined_by_link(phones, lang, seat_link(host, "Fox", base), "Fox", w)
    host.get_by_role("link", name=w("Play: this phone enters for everyone")).click()
    host.get_by_role("button", name=w("Cards dealt")).click()

    expect(fox.locator("#headline")).to_have_text(w("%(name)s's turn: lay down or discard.", name="Fox"))
    expect(fox.locator("time.clock")).to_have_text(re.compile(r"^[01]:\d\d$"))
    opening = taps.count
    taps.tap(fox.get_by_role("link", name=w("Lay down melds")))
    tap_cards(taps, fox, "QH KH AH / 10S JS QS", w)
    taps.tap(fox.get_by_role("button", name=w("Send")))
    taps.measure("a Rami opening of two melds", opening)
    melds_shown(fox, 2)
    check(fox, lang, "rami-melds" if lang == "en" else None)

    fox.get_by_role("button", name=w.card("2D"), exact=True).click()  # the wrong card: undone
    expect(fox.locator("#headline")).to_have_text(w("%(name)s's turn: take a card.", name="Gus"))
    undo = taps.count
    taps.tap(fox.get_by_role("link", name=w("Undo: %(what)s", what=w("%(name)s discarded %(card)s", name="Fox",
                                                                    card="2♦"))))
    check(fox, lang)
    taps.tap(fox.get_by_role("button", name=w("Yes, undo it")))
    assert taps.measure("undo last (with its confirmation)", undo) == 2
    expect(fox.locator("#headline")).to_have_text(w("%(name)s's turn: lay down or discard.", name="Fox"))
    fox.get_by_role("button", name=w.card("9S"), exact=True).click()

    visit(host, f"/t/{table}")
    turn(host, "Gus", "8C", w)
    expect(host.locator("#headline")).to_have_text(w("%(name)s's turn: take a card.", name="Eve"))
    clock.advance(61)  # Eve lets her turn run out
    host.reload()
    expect(host.locator("#headline")).to_contain_text("Eve")
    expect(host.locator("#headline")).to_contain_text("R-17")
    check(host, lang, "rami-timeout" if lang == "en" else None)
    expect(host.locator(".undo > a")).to_have_count(0)  # Gus's discard is played on now: History's to correct
    host.get_by_role("button", name=w.card("KS"), exact=True).click()  # her heaviest card

    visit(fox, f"/t/{table}")
    expect(fox.locator("#headline")).to_have_text(w("%(name)s's turn: take a card.", name="Fox"))
    fox.get_by_role("button", name=w("Took from the stock")).click()
    fox.locator(".melds li", has_text="K♥" if lang == "en" else "R♥").get_by_role("link", name=w("Lay off")).click()
    fox.get_by_role("button", name=w.card("JH"), exact=True).click()
    fox.get_by_role("button", name=w("Send")).click()
    expect(fox.locator(".melds li").first).to_contain_text("V♥" if lang == "fr" else "J♥")
    fox.get_by_role("link", name=w("Lay down melds")).click()
    tap_cards(Taps(), fox, "3C 4C 5C / 7D 7S 7H 7C", w)
    fox.get_by_role("button", name=w("Send")).click()
    melds_shown(fox, 4)
    fox.get_by_role("button", name=w.card("9H"), exact=True).click()  # the last card: the round ends
    expect(fox.locator("#headline")).to_have_text(w("The round is over: each player enters the cards left in hand."))
    check(fox, lang)

    visit(host, f"/t/{table}")
    for name, cards in (("Eve", EVE), ("Gus", GUS)):
        host.get_by_role("link", name=w("Cards left in %(name)s's hand", name=name)).click()
        host.fill("#cards", cards)
        host.get_by_role("button", name=w("Send")).click()
        visit(host, f"/t/{table}")
    host.get_by_role("link", name=w("The game's summary")).click()
    expect(host.get_by_role("heading", level=1)).to_have_text(w("%(names)s wins the game", names="Fox"))
    expect(host.locator(".standings tbody tr").last).to_contain_text("Gus")
    check(host, lang, "rami-summary" if lang == "en" else None)
    host.get_by_role("button", name=w("Share…")).click()
    assert host.evaluate("window.__shared.map(d => d.url)")[-1] == f"{base}/t/{table}/summary"

    host.get_by_role("button", name=w("Play again with the same players")).click()
    fox_again = joined_by_link(phones, lang, seat_link(host, "Fox", base), "Fox", w)
    host.get_by_role("link", name=w("Play: this phone enters for everyone")).click()
    expect(host.locator("#dealer")).to_have_value("1")  # Fox: Eve dealt first last time
    check(fox_again, lang)
    print(f"taps ({lang}):", taps.log)
