"""Scorekeeping at a table of phones (results tracking, quick scores), in English and in French: a round by
its points, undone in one tap (and its confirmation), entered again past the ceiling; the summary, and
"play again" keeps the tracking (issue 8, "Done when")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_table_walk_continental import joined_by_link, seat_link
from tests.browser.walk import LOCALES, Taps, Words, check, lan_base, visit


def quick_round(host, winner: str, points: dict, w):
    host.locator(".quickstart").get_by_role("link", name=winner, exact=True).click()
    expect(host.get_by_role("heading", name=w("%(name)s won the round", name=winner))).to_be_visible()
    for name, value in points.items():
        host.get_by_label(w("Points left in %(name)s's hand", name=name)).fill(str(value))
    host.get_by_role("button", name=w("Record the score")).click()
    expect(host.locator(".verdict")).to_contain_text(w("not refereed"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_scorekeeping_with_quick_scores_at_a_table_of_phones(phones, base_url, lang):
    w, taps, base = Words(lang), Taps(), lan_base(base_url)
    host = phones(locale=LOCALES[lang], base_url=base)
    visit(host, "/new")
    host.get_by_label(w("Rami (2–4 players)")).check()
    for i, name in enumerate(("Ana", "Ben", "Chloé")):
        host.fill(f"#p{i}", name)
    host.get_by_role("radio", name="Ana", exact=True).check()
    host.locator("input[name=tracking][value=results]").check()
    with host.expect_navigation():  # the table is made before its address is read
        host.get_by_role("button", name=w("Start the table")).click()
    table = host.url.split("/")[-2]
    ben = joined_by_link(phones, lang, seat_link(host, "Ben", base), "Ben", w)
    host.get_by_role("link", name=w("Play: this phone enters for everyone")).click()

    expect(host.get_by_role("button", name=w("Cards dealt"))).to_have_count(0)  # the round implies its deal
    quick_round(host, "Chloé", {"Ana": 35, "Ben": 18}, w)
    expect(ben.locator(".scores")).to_contain_text("35")
    check(ben, lang)

    visit(host, f"/t/{table}")  # the score was Ben's 81, not 18: undo it, then enter it again
    undo = taps.count
    taps.tap(host.get_by_role("link", name=w("Undo: %(what)s", what=w("the round"))))
    check(host, lang)
    taps.tap(host.get_by_role("button", name=w("Yes, undo it")))
    assert taps.measure("undo last (with its confirmation)", undo) == 2
    expect(host.locator(".quickstart")).to_be_visible()
    quick_round(host, "Chloé", {"Ana": 35, "Ben": 81}, w)
    visit(host, f"/t/{table}")
    quick_round(host, "Ana", {"Ben": 40, "Chloé": 12}, w)  # Ben passes the ceiling of 100

    visit(host, f"/t/{table}")
    host.get_by_role("link", name=w("The game's summary")).click()
    expect(host.get_by_role("heading", level=1)).to_have_text(w("%(names)s wins the game", names="Chloé"))
    check(host, lang)
    host.get_by_role("link", name=w("History")).click()
    expect(host.locator(".timeline")).to_contain_text(w("not refereed"))
    check(host, lang)
    host.go_back()
    host.get_by_role("button", name=w("Play again with the same players")).click()
    host.get_by_role("link", name=w("Play: this phone enters for everyone")).click()
    expect(host.locator(".quickstart")).to_be_visible()  # the next table keeps results tracking
    check(host, lang)
    print(f"taps ({lang}):", taps.log)
