"""Issue 29 §1 in Chromium: at a club night's table of four phones (390 x 844, one at 360 px), the winner's own
phone enters her exit by its counts, and a table-mate's phone confirms it in one tap; the phone that entered it is
offered no confirmation. Axe-clean, French and English; the taps are counted."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page, settle
from tests.browser.test_tournament import club, create_evening, path, sit  # noqa: F401 (a fixture)
from tests.browser.walk import Taps, Words, phone_in


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_winners_phone_enters_her_exit_and_a_table_mate_confirms_it(phones, club, lang):  # noqa: F811
    words = Words(lang)
    director = phone_in(phones, lang)
    evening = create_evening(director, club, lang)
    players_link = path(director.locator("section:has(#links-h) p.link a").first.get_attribute("href"))
    director.get_by_role("button", name=words("Seat round %(round)s", round=1)).click()
    expect(director.locator(".console li")).to_have_count(2)
    table = club.client.get(f"/api/v1/tournaments/{evening}").json["tables"][0]
    seated = table["players"]

    at_table = []
    for seat, name in enumerate(seated):
        page = phone_in(phones, lang)
        if seat == 3:
            page.set_viewport_size({"width": 360, "height": 780})
        sit(page, players_link, name)
        at_table.append(page)
    winner, mate = at_table[2], at_table[3]
    taps = Taps()

    # Every phone of the table is offered the result, naming every player (before: the dealer's alone, for itself).
    for page in at_table:
        offered = page.locator("section.quickstart")
        expect(offered.get_by_role("heading")).to_have_text(words("Quick score: who went out?"))
        expect(offered.get_by_role("link")).to_have_text(seated)
    check_page(winner, f"seat-result-offered-{lang}")

    start = taps.count
    taps.tap(winner.locator("section.quickstart").get_by_role("link", name=seated[2], exact=True))
    expect(winner.locator("h1")).to_have_text(words("%(name)s went out", name=seated[2]))
    jokers = winner.get_by_role("group", name=words("Jokers in %(name)s's 15 cards", name=seated[2]))
    taps.tap(jokers.locator("label.pick").filter(has_text="1"))
    check_page(winner, f"seat-result-form-{lang}")
    taps.tap(winner.get_by_role("button", name=words("Record the score")))
    result_taps = taps.measure("a player's result", start)
    settle(winner)
    mine = winner.locator("section.confirm")
    expect(mine).to_contain_text(words("Another player confirms it on their phone."))
    expect(mine.get_by_role("button")).to_have_count(0)  # her own result: nothing to confirm or dispute
    check_page(winner, f"seat-result-entered-{lang}")

    box = mate.locator("section.confirm")  # live: the table-mate's phone did not reload
    expect(box.locator("li")).to_have_count(1)
    expect(box).to_contain_text(words("%(name)s's exit", name=seated[2]))
    check_page(mate, f"seat-result-to-confirm-360-{lang}")
    start = taps.count
    taps.tap(box.get_by_role("button", name=words("Confirm: this is what was shown")))
    confirm_taps = taps.measure("its confirmation", start)
    settle(mate)
    expect(mate.locator("section.confirm")).to_have_count(0)
    check_page(mate, f"seat-result-confirmed-360-{lang}")

    state = club.client.get(f"/api/v1/tables/{table['id']}").json
    entries = club.client.get(f"/api/v1/tables/{table['id']}/entries").json["entries"]
    exit_ = next(e for e in entries if e["type"] == "exit")
    assert (exit_["seat"], exit_.get("by"), exit_["counts"]["jokers"]) == (2, None, 1)
    assert state["confirmations"][0]["status"] == "confirmed" and state["confirmations"][0]["confirmed_by"] == 3
    assert (result_taps, confirm_taps) == (3, 1), taps.log  # her name, one joker, "Record the score"; one tap
