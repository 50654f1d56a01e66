"""The screens at 390×844 and 360 px (issue 8): long names and known hands never scroll sideways, the turn
clock on every screen of the turn with the screen kept awake, the Rami actions above the discard grid."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.checks import check_page, settle, sideways_at_360
from tests.browser.screens_helpers import start, tap_cards

LONG = ("Anastasia-Bérénice de la Tour-Montfaucon", "Maximilienalexandredelatourmontfauconsai",
        "Chloé", "Dan")
INVALID = "5H 6H 7H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 8S"

# A stand-in for the Wake Lock API (headless Chromium has none): records requests and releases.
FAKE_WAKE_LOCK = """
window.__wake = [];
Object.defineProperty(navigator, 'wakeLock', {value: {request: (type) => {
  const lock = new EventTarget();
  lock.release = () => { window.__wake.push('release'); return Promise.resolve(); };
  window.__wake.push(type);
  return Promise.resolve(lock);
}}});
"""


def test_long_names_and_a_known_hand_after_an_invalid_exit_never_scroll_sideways(phones):
    for locale in ("en-GB", "fr-FR"):
        page = phones(locale=locale)
        table = start(page, LONG)
        page.locator(".picker button[value='7H']").click()
        page.locator("button[name=from][value=discard]").click()
        page.locator(".picker button[value='9C']").click()
        expect(page.locator("#headline")).to_contain_text("Chloé")
        page.goto(f"/t/{table}/compose/exit?seat=1")
        page.fill("#runs", INVALID)
        page.locator("button[data-check]").click()
        page.locator("button[name=action][value=record]").click()  # no valid exit: recorded after a step
        page.locator("button[name=confirm][value=declared]").click()
        settle(page)  # the outbox posts the exit, then the table page loads, its verdict on top (issue 18 §6)
        expect(page.locator(".verdict").first).to_be_visible()
        page.goto(f"/t/{table}")
        expect(page.locator("td.known").nth(1)).to_contain_text("8♠")
        for width in (390, 360):
            page.set_viewport_size({"width": width, "height": 844})
            extra = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert extra <= 0, (locale, width, extra)
        page.set_viewport_size({"width": 390, "height": 844})
        check_page(page, "known-long-names" if locale == "en-GB" else None)
        page.goto(f"/t/{table}/history")
        page.set_viewport_size({"width": 360, "height": 780})
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 361)
            .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right) + ' ' + e.outerHTML.slice(0, 120))""")
        page.set_viewport_size({"width": 390, "height": 844})
        assert sideways_at_360(page) <= 0, wide


def test_the_clock_shows_on_every_screen_of_the_turn_and_keeps_the_screen_awake(phones):
    page = phones()
    page.add_init_script(FAKE_WAKE_LOCK)
    table = start(page, ("Eve", "Fox"), game="rami")
    page.get_by_role("button", name="Cards dealt").click()
    expect(page.locator(".turnclock time.clock")).to_have_text(__import__("re").compile(r"^[01]:\d\d$"))
    page.wait_for_function("() => window.__wake.includes('screen')")
    page.get_by_role("link", name="Lay down melds").click()
    expect(page.locator(".turnclock")).to_contain_text("Fox")
    expect(page.locator(".turnclock time.clock")).to_have_text(__import__("re").compile(r"^[01]:\d\d$"))
    page.wait_for_function("() => window.__wake.includes('screen')")
    expect(page.locator("#melds-count")).to_have_text("0 cards")
    tap_cards(page, ["queen of hearts", "king of hearts", "ace of hearts", "ten of spades", "jack of spades",
                     "queen of spades"])
    check_page(page, "rami-compose-clock")
    page.get_by_role("button", name="Send").click()
    expect(page.locator(".melds li")).to_have_count(2)
    for link in ("Lay off on a meld", "Lay down melds"):  # both above the 53-card discard grid, in view
        box = page.get_by_role("link", name=link).bounding_box()
        grid = page.locator("form.discard .picker").bounding_box()
        assert box["y"] + box["height"] <= grid["y"], link
        assert box["y"] + box["height"] <= 844, link
    check_page(page, "rami-actions")
    page.get_by_role("link", name="Lay off on a meld").click()
    expect(page.locator(".turnclock time.clock")).to_be_visible()
    expect(page.locator("#cards")).to_have_attribute("inputmode", "none")
    check_page(page)
    page.goto(f"/t/{table}/compose/hand?seat=0")
    expect(page.locator(".turnclock time.clock")).to_be_visible()


def test_the_keyboard_key_brings_the_phone_keyboard_back(phones):
    page = phones(locale="fr-FR")
    table = start(page, ("Eve", "Fox"), game="rami", clock=False)
    page.get_by_role("button", name="Cartes distribuées").click()
    expect(page.get_by_role("link", name="Poser des combinaisons")).to_be_visible()
    page.goto(f"/t/{table}/compose/meld?seat=1")
    field = page.locator("#melds")
    expect(field).to_have_attribute("inputmode", "none")
    page.get_by_role("button", name="taper au clavier").click()
    expect(field).to_have_attribute("inputmode", "text")
    tap_cards(page, ["dame de cœur"])
    expect(page.locator("#melds-count")).to_have_text("1 carte")
    check_page(page, "rami-compose-fr")


def test_a_french_phone_hears_why_the_pile_card_blocks_and_puts_it_back_in_one_tap(phones):
    page = phones(locale="fr-FR")
    start(page, ("Eve", "Fox"), game="rami", clock=False)
    page.get_by_role("button", name="Cartes distribuées").click()
    page.get_by_role("link", name="Poser des combinaisons").click()
    tap_cards(page, ["dame de cœur", "roi de cœur", "as de cœur", "dix de pique", "valet de pique",
                     "dame de pique"])
    page.get_by_role("button", name="Envoyer").click()
    page.locator("form.discard button[value='5C']").click()
    page.locator("button[name=from][value=discard]").click()
    stuck = page.locator(".stuck")
    expect(stuck).to_contain_text("Eve a pris cette carte dans la défausse")
    expect(stuck).to_contain_text("Elle doit être posée pendant ce tour")
    check_page(page, "rami-pickup-fr")
    page.get_by_role("button", name="Une erreur\u00a0: remettre la carte sur la défausse").click()
    expect(page.locator("#headline")).to_have_text("À Eve\u00a0: prendre une carte.")
    expect(page.locator(".stuck")).to_have_count(0)
    check_page(page)


def test_a_french_exit_is_checked_then_confirmed(phones):
    page = phones(locale="fr-FR")
    table = start(page, ("Ana", "Ben", "Chloé", "Dan"))
    page.locator(".picker button[value='7H']").click()
    page.locator("button[name=from][value=discard]").click()
    page.locator(".picker button[value='9C']").click()
    page.get_by_role("link", name="Ben sort").click()
    page.fill("#runs", "5H 6H 8H 3C 4C 5C 8D 9D 10D JS QS KS 4S 5S 7H")
    page.get_by_role("button", name="Vérifier la sortie").click()
    expect(page.get_by_role("heading", name="Aucune sortie valide avec ces cartes")).to_be_visible()
    check_page(page, "exit-none-fr")
    page.goto(f"/t/{table}/compose/exit?seat=1")
    page.fill("#runs", "5H 6H 7H 3C 4C 5C 8D 9D 10D JS QS KS 4S 5S 6S")
    page.get_by_role("button", name="Vérifier la sortie").click()
    page.get_by_role("button", name="Confirmer : Ben sort").click()
    expect(page.get_by_role("heading", name="Sortie valide")).to_be_visible()


def test_card_keys_show_only_once_a_tap_on_them_adds_the_card(phones):
    """The picker of an entry screen adds cards by script. Before the script has run (a slow phone, a loaded
    machine) or without it, its keys must not show: a tap on one did nothing (the picker's flex display beat
    `hidden`; a CI walk sent a run of two cards so). Without scripts one types the cards; with them, the keys."""
    bare = phones(java_script_enabled=False, locale="fr-FR")
    table = start(bare, ("Eve", "Fox"), game="rami")
    with bare.expect_navigation():  # the deal is recorded before the meld form opens
        bare.get_by_role("button", name="Cartes distribuées").click()
    bare.goto(f"/t/{table}/compose/meld")
    expect(bare.locator("#melds")).to_be_visible()
    expect(bare.get_by_role("button", name="dame de cœur")).to_be_hidden()
    host = phones(locale="fr-FR")
    start(host, ("Eve", "Fox"), game="rami")
    host.get_by_role("button", name="Cartes distribuées").click()
    host.get_by_role("link", name="Poser des combinaisons").click()
    host.get_by_role("button", name="dame de cœur").click()
    expect(host.locator("#melds")).to_have_value("D♥")
