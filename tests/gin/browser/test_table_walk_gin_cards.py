"""A refereed Gin game on two phones (issue 31): the host's phone starts a table that follows the cards, Ben's phone
takes his seat with its code. The upcard is passed twice (G-3), a card is drawn from the discard pile and others
from the stock (G-4), Ana knocks and the referee judges it (G-7); Ben's phone shows his hand and lays off the cards
the referee proposes, one tap each, the 10♥ only once the 9♥ is laid (G-8), and the hand is scored (G-9). In the
second hand Ben takes the upcard and goes gin: the game ends at 100 with its bonuses (G-11). Each page passes axe at
390×844 and at 360 px, with screenshots at both widths, in French and in English."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import axe_violations, check_large_page, seat_card, settle
from tests.browser.conftest import SHOTS
from tests.browser.walk import LOCALES, Words, english_on, visit

WAIT = 15_000  # ms: another phone's entry reaches this one by the page's live refresh
ANA_KNOCKS = "6H 7H 8H 2S 3S 4S JD QD KD AC"  # runs 6H-8H, 2S-4S, JD-KD; the AC: 1 of deadwood
BEN_SHOWS = "9H 10H 5H KC QS JC 9S 7C 6S 3C"  # 5H and 9H fit 6H-8H, the 10H once the 9H is laid; 55 left
BEN_GIN = "2C 3C 4C 5D 6D 7D 8D 9S 9H 9C"  # with the upcard 2C: no deadwood (G-7)
ANA_SHOWS = "KC QD JH 10S 9D KD QH JS 10C 8S"  # no meld: 97 of deadwood, 122 for Ben's gin (G-9)


def shots(page, lang: str, name: str) -> None:
    """What older eyes and fingers need (`check_large_page`: axe, 48 px targets, 18 px text, 7:1 contrast, 200 %
    zoom at 360 px), no English left on a French page, a screenshot at 390×844; then axe and a screenshot again at
    360 px wide."""
    check_large_page(page, f"gin-cards-{name}-{lang}")
    if lang == "fr":
        assert english_on(page) == [], page.url
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 780})
    assert axe_violations(page) == [], (page.url, "at 360 px")
    page.screenshot(path=str(SHOTS / f"gin-cards-{name}-{lang}-360.png"), full_page=True, scale="css")
    page.set_viewport_size(size)


def settled(page) -> None:
    """After a tap: the page it leads to loaded (an entry the outbox sends navigates only once its POST is
    answered), so that the next tap or look is not lost to that navigation (the known race)."""
    settle(page)


def tap(page, locator) -> None:
    expect(locator).to_be_visible(timeout=WAIT)
    locator.click()
    settled(page)


def compose(page, link_name: str, fields: dict[str, str], w, shot: tuple[str, str] | None = None,
            picked: str | None = None) -> None:
    """Open an entry screen by its link and send its fields (a knock, a hand shown); `picked`: the face-down card,
    tapped in the picker once its field is (no phone keyboard); `shot`: (lang, name)."""
    tap(page, page.get_by_role("link", name=link_name))
    if picked:
        page.locator("#card").click()
        page.locator(".picker").get_by_role("button", name=w.card(picked), exact=True).click()
        expect(page.locator("#card")).to_have_value(_labels(picked, w.lang))
        assert page.locator("#card").get_attribute("inputmode") == "none"
    for field, value in fields.items():  # typed as the phone's language writes cards (`D♦ R♦`, `Q♦ K♦`)
        page.locator(field).wait_for(timeout=WAIT)
        page.fill(field, _labels(value, w.lang))
    if shot:
        expect(page.get_by_role("button", name=w.card("JK"))).to_have_count(0)  # no joker in a Gin deck (K-2)
        shots(page, *shot)
    tap(page, page.get_by_role("button", name=w("Send")))


def new_gin_table(host, w, dealer: str) -> None:
    """Start a Gin table of Ana and Ben from the new-table form, `dealer` dealing first: its share page opens."""
    visit(host, "/new")
    host.get_by_label(w("Gin rami (2 players)")).check()
    for i, name in enumerate(("Ana", "Ben")):
        host.fill(f"#p{i}", name)
    host.get_by_role("radio", name=dealer, exact=True).check()
    with host.expect_navigation():
        host.get_by_role("button", name=w("Start the table")).click()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refereed_gin_game_on_two_phones_with_lay_offs_tapped_one_by_one(phones, base_url, lang):
    w = Words(lang)
    host = phones(locale=LOCALES[lang])
    new_gin_table(host, w, dealer="Ben")  # Ben deals first: Ana is offered the upcard
    code = seat_card(host, "Ben").locator(".code").inner_text()
    ben = phones(locale=LOCALES[lang])
    visit(ben, "/join")
    ben.fill("#code", code.lower())
    with ben.expect_navigation():
        ben.locator("#code").press("Enter")
    expect(ben.locator(".role")).to_contain_text("Ben")
    tap(host, host.get_by_role("link", name=w("Play: this phone enters for everyone")))

    # Hand 1. Ben's phone deals: the upcard 5♣ (G-2); Ana passes on the host's phone, Ben on his (G-3).
    tap(ben, ben.get_by_role("button", name=w.card("5C")))
    tap(host, host.get_by_role("button", name=w("Passes")))
    expect(ben.get_by_role("button", name=w("Passes"))).to_be_visible(timeout=WAIT)
    shots(ben, lang, "upcard")
    tap(ben, ben.get_by_role("button", name=w("Passes")))
    tap(host, host.get_by_role("button", name=w("Took from the stock")))  # G-3: Ana draws from the stock
    tap(host, host.get_by_role("button", name=w.card("9S")))
    tap(ben, ben.get_by_role("button", name=w("Took the discard")))  # the 9♠ (G-4)
    expect(ben.get_by_role("button", name=w.card("QC"))).to_be_visible()  # the discard's page has landed
    shots(ben, lang, "discard")
    tap(ben, ben.get_by_role("button", name=w.card("QC")))
    tap(host, host.get_by_role("button", name=w("Took from the stock")))
    compose(host, w("%(name)s knocks", name="Ana"), {"#hand": ANA_KNOCKS}, w, (lang, "knock-form"),
            picked="2D")
    expect(host.locator(".verdict")).to_contain_text(w("Valid knock: %(n)s of deadwood", n=1))
    shots(host, lang, "knock")

    # Ben shows his hand on his phone; the referee proposes each lay-off, one large button each (G-8).
    compose(ben, w("%(name)s shows their hand", name="Ben"), {"#hand": BEN_SHOWS}, w)
    nine = ben.get_by_role("button", name=w("Lay off %(card)s on %(name)s’s run %(cards)s", card="9♥", name="Ana",
                                            cards=_labels("6H 7H 8H", lang)))
    expect(nine).to_be_visible()
    expect(ben.get_by_role("button", name=w("Lay off %(card)s on %(name)s’s run %(cards)s", card="10♥",
                                            name="Ana", cards=_labels("6H 7H 8H 9H", lang)))).to_have_count(0)
    expect(host.locator("#headline")).to_have_text(w("%(name)s's turn: lay off on the knocker's melds one card at a "
                                                     "time, then score the hand (G-8).", name="Ben"),
                                                   timeout=WAIT)  # the host's phone follows
    shots(ben, lang, "lay-offs")
    tap(ben, nine)
    ten = ben.get_by_role("button", name=w("Lay off %(card)s on %(name)s’s run %(cards)s", card="10♥", name="Ana",
                                           cards=_labels("6H 7H 8H 9H", lang)))
    expect(ten).to_be_visible()
    shots(ben, lang, "lay-off-next")
    tap(ben, ten)
    tap(ben, ben.get_by_role("button", name=w("Lay off %(card)s on %(name)s’s run %(cards)s", card="5♥", name="Ana",
                                              cards=_labels("6H 7H 8H 9H 10H", lang))))
    expect(ben.locator(".verdict")).to_contain_text(w.count("%(name)s scores %(n)s point",
                                                            "%(name)s scores %(n)s points", 54, name="Ana"))
    shots(ben, lang, "score")

    # Hand 2: Ana won, Ana deals (G-2); Ben takes the upcard 2♣ (G-3) and goes gin at once (G-7).
    tap(host, host.get_by_role("button", name=w.card("2C")))
    tap(ben, ben.get_by_role("button", name=w("Takes the upcard")))
    compose(ben, w("%(name)s knocks", name="Ben"), {"#card": "KH", "#hand": BEN_GIN}, w)
    expect(ben.locator(".verdict")).to_contain_text(w("Gin: no deadwood"))
    compose(host, w("%(name)s shows their hand", name="Ana"), {"#hand": ANA_SHOWS}, w)
    expect(host.locator(".verdict")).to_contain_text(w("%(names)s wins the game", names="Ben"))
    shots(host, lang, "game")
    tap(host, host.get_by_role("link", name=w("The game's summary")))
    expect(host.get_by_role("heading", level=1)).to_have_text(w("%(names)s wins the game", names="Ben"))
    expect(host.locator("main")).to_contain_text("247")  # 122 + 100 + 25 (G-11); Ana 54 + 25
    shots(host, lang, "summary")
    tap(ben, ben.get_by_role("link", name=w("History")))
    expect(ben.get_by_role("heading", level=1)).to_have_text(w("History"))
    shots(ben, lang, "history")


def _labels(cards: str, lang: str) -> str:
    from api.web.words.i18n import card_label
    from tests.browser.live import LIVE

    with LIVE["app"].test_request_context(headers={"Accept-Language": lang}):
        return " ".join(card_label(card) for card in cards.split())
