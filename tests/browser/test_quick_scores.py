"""Quick scores in results tracking, in real Chromium: taps counted, axe-clean at 390 and 360 px, both languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.conftest import SHOTS

TEXT = {
    "en": {"locale": "en-GB", "who_out": "Quick score: who went out?", "who_won": "Quick score: who won the round?",
           "record": "Record the score", "first": "On the first turn", "suit": "All 15 cards stand for one suit",
           "dealt": "Cards dealt", "valid": "Valid exit", "quick": "not refereed", "back": "Back to the table",
           "history": "History", "won": "Ana won the round", "twos": "2s in Ben's 15 cards",
           "jokers": "Jokers in Ben's 15 cards", "points": "Points left in %s's hand",
           "correct": "Correct this entry", "changes": "Show what changes", "confirm": "Confirm the correction",
           "too_heavy": "Ana's hand cannot be worth 209: 14 cards hold at most 208 points",
           "preview": "Each opponent pays 22; Ben gains +66."},
    "fr": {"locale": "fr-FR", "who_out": "Score rapide\u00a0: qui est sorti\u202f?", "who_won": "Score rapide\u00a0: qui a gagné la manche\u202f?",
           "record": "Enregistrer les points", "first": "Au premier tour", "suit": "Les 15 cartes sont d’une seule couleur",
           "dealt": "Cartes distribuées", "valid": "Sortie valide", "quick": "non arbitré", "back": "Retour à la table",
           "history": "Historique", "won": "Manche gagnée par Ana", "twos": "Ben\u00a0: combien de deux\u202f?",
           "jokers": "Ben\u00a0: combien de jokers\u202f?", "points": "%s\u00a0: points restant en main",
           "correct": "Corriger cette entrée", "changes": "Voir ce qui change", "confirm": "Confirmer la correction",
           "too_heavy": "Ana ne peut pas avoir une main qui vaut 209\u00a0: 14 cartes valent au plus 208 points",
           "preview": "Chaque adversaire paie 22\u202f; Ben gagne +66."},
}
# What a French page of these screens must never show (the English of this feature's own strings).
ENGLISH = ("Quick score", "went out", "Record the score", "not refereed", "On the first turn", "Points left",
           "won the round", "Enter the cards instead", "All 15 cards", "cannot be worth", "cards hold at most",
           "Refused by the rules")


class Taps:
    """Count what a player does: each tap, each key pressed on the number pad."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        self.count += 1
        locator.click()

    def type(self, locator, digits: str) -> None:
        self.tap(locator)
        self.count += len(digits)
        self.page.keyboard.type(digits)


def start_results_table(page, game: str, names: tuple[str, ...]) -> str:
    page.goto("/new")
    page.locator(f"input[name=game][value={game}]").check()
    for i, name in enumerate(names):
        page.fill(f"#p{i}", name)
    page.locator("input[name=dealer][value='0']").check()
    page.locator("input[name=tracking][value=results]").check()
    with page.expect_navigation():  # the table is made before its address is read
        page.locator("#new-table button.primary").click()
    table = page.url.split("/t/")[1].split("/")[0]
    page.goto(f"/t/{table}")
    return table


def no_english(page) -> None:
    text = page.locator("main").inner_text()
    assert [e for e in ENGLISH if e in text] == [], page.url


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_continental_deal_by_quick_score_is_at_most_six_taps(phones, lang):
    t = TEXT[lang]
    host = phones(locale=t["locale"], extra_http_headers={"Accept-Language": t["locale"]})
    table = start_results_table(host, "continental", ("Ana", "Ben", "Chloé", "Dan"))
    expect(host.get_by_role("heading", name=t["who_out"])).to_be_visible()  # no "Cards dealt" first (§13)
    expect(host.get_by_role("button", name=t["dealt"])).to_have_count(0)
    check_page(host, f"quick-start-{lang}" if lang == "en" else None)

    taps = Taps(host)  # the worst case: every count given
    taps.tap(host.locator(".quickstart").get_by_role("link", name="Ben"))
    expect(host.get_by_role("group", name=t["twos"])).to_be_visible()
    check_page(host, f"quick-exit-{lang}")
    if lang == "en":  # the narrowest phone: the counts still fit, two rows of buttons
        host.set_viewport_size({"width": 360, "height": 780})
        SHOTS.mkdir(parents=True, exist_ok=True)
        host.screenshot(path=str(SHOTS / "quick-exit-360.png"), full_page=True, scale="css")
        host.set_viewport_size({"width": 390, "height": 844})
    if lang == "fr":
        no_english(host)
    taps.tap(host.get_by_role("group", name=t["twos"]).get_by_role("radio", name="2", exact=True))
    taps.tap(host.get_by_role("group", name=t["jokers"]).get_by_role("radio", name="1", exact=True))
    taps.tap(host.get_by_role("radio", name=t["first"]))
    taps.tap(host.get_by_label(t["suit"]))
    expect(host.locator("#quick-preview")).to_have_text(t["preview"])  # before anything is written
    taps.tap(host.get_by_role("button", name=t["record"]))
    expect(host.get_by_role("heading", name=t["valid"])).to_be_visible()  # back on the table page (§6)
    assert host.url.endswith(f"/t/{table}")
    print(f"[{lang}] Continental quick score, every count given: {taps.count} taps (before: 1 + {taps.count})")
    assert taps.count <= 6
    host.locator(".verdict a").click()  # the entry's own page: the settlement part by part
    settlement = host.locator(".verdict table.scores")
    expect(settlement.locator("tr").nth(4)).to_contain_text("22")  # each opponent: 1 + (2 + 2 × 1) + 7 + 10
    expect(settlement.locator("tr").nth(5)).to_contain_text("66")
    check_page(host, f"quick-exit-verdict-{lang}" if lang == "en" else None)

    host.get_by_role("link", name=t["back"]).click()
    taps = Taps(host)  # the common case: no 2, no joker, a later turn
    taps.tap(host.locator(".quickstart").get_by_role("link", name="Chloé"))
    taps.tap(host.get_by_role("button", name=t["record"]))
    expect(host.get_by_role("heading", name=t["valid"])).to_be_visible()
    print(f"[{lang}] Continental quick score, no wild: {taps.count} taps (before: 1 + {taps.count})")
    assert taps.count == 2

    host.goto(f"/t/{table}/history")
    expect(host.locator(".timeline")).to_contain_text(t["quick"])
    expect(host.locator(".deals")).to_contain_text(t["quick"])
    check_page(host, f"quick-history-{lang}" if lang == "en" else None)
    if lang == "fr":
        no_english(host)

    host.goto(f"/t/{table}/e/3")  # a quick score is corrected like any entry: Ben had 3 twos, not 2
    host.get_by_role("link", name=t["correct"]).click()
    twos = host.get_by_role("group", name=t["twos"])
    expect(twos.get_by_role("radio", name="2", exact=True)).to_be_checked()
    twos.get_by_role("radio", name="3", exact=True).check()
    host.get_by_role("button", name=t["changes"]).click()
    expect(host.locator(".changes tr", has_text="Ben")).to_contain_text("58")  # 55 now; 3 × (1 + 5 + 7 + 10) − 11 after
    check_page(host, f"quick-correction-{lang}" if lang == "en" else None)
    host.get_by_role("button", name=t["confirm"]).click()
    expect(host.locator(".scores tbody tr", has_text="Ben")).to_contain_text("58")  # back on the table (§6)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_rami_round_by_points_is_at_most_six_taps_a_hand(phones, lang):
    t = TEXT[lang]
    host = phones(locale=t["locale"], extra_http_headers={"Accept-Language": t["locale"]})
    start_results_table(host, "rami", ("Ana", "Ben", "Chloé"))
    expect(host.get_by_role("heading", name=t["who_won"])).to_be_visible()

    taps = Taps(host)
    taps.tap(host.locator(".quickstart").get_by_role("link", name="Ana"))
    expect(host.get_by_role("heading", name=t["won"])).to_be_visible()
    ben, chloe = host.get_by_label(t["points"] % "Ben"), host.get_by_label(t["points"] % "Chloé")
    assert ben.get_attribute("inputmode") == "numeric" and host.get_by_label(t["points"] % "Ana").count() == 0
    check_page(host, f"quick-round-{lang}")
    if lang == "fr":
        no_english(host)
    taps.type(ben, "35")
    taps.type(chloe, "18")
    taps.tap(host.get_by_role("button", name=t["record"]))
    expect(host.locator(".verdict")).to_contain_text(t["quick"])
    hands = 2
    print(f"[{lang}] Rami quick round, {hands} losing hands: {taps.count} taps ({taps.count / hands:.1f} a hand)")
    assert taps.count <= 6 * hands and taps.count / hands <= 6
    scores = host.locator(".scores")
    expect(scores).to_contain_text("35")
    expect(scores).to_contain_text("18")
    check_page(host, f"quick-round-done-{lang}" if lang == "en" else None)
    if lang == "fr":
        no_english(host)

    # the next round (its deal implied, §13): a hand no 14 cards can be worth
    host.locator(".quickstart").get_by_role("link", name="Ben").click()
    host.get_by_label(t["points"] % "Ana").fill("209")
    host.get_by_label(t["points"] % "Chloé").fill("12")
    host.get_by_role("button", name=t["record"]).click()
    alert = host.get_by_role("alert")
    expect(alert).to_contain_text(t["too_heavy"])
    expect(alert.get_by_role("link", name="R-14")).to_be_visible()
    check_page(host, f"quick-round-refused-{lang}" if lang == "en" else None)
    if lang == "fr":
        no_english(host)
