"""A club night's table played to its end in Chromium: a result confirmed on another seat's phone, another
disputed on a third phone (360 px), the director's console listing that table first with "a disputed result",
the screen saying live how many of its results wait; then the next round's seat comes to that phone live.
English and French, axe-clean."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.test_tournament import club, create_evening, path, play_to_the_end, sit  # noqa: F401 (a fixture)
from tests.browser.walk import Words, phone_in

SCREEN = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
          "device_scale_factor": 1}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tournament_table_ends_with_a_confirmation_and_a_dispute_seen_by_the_director(phones, club, lang):  # noqa: F811
    words = Words(lang)
    director = phone_in(phones, lang)
    evening = create_evening(director, club, lang)
    links = director.locator("section:has(#links-h) p.link a")
    players_link, director_token = path(links.first.get_attribute("href")), links.nth(1).get_attribute(
        "href").rsplit("/k/", 1)[1]
    screen = phone_in(phones, lang, **SCREEN)
    screen.goto(f"/n/{evening}/screen")
    director.get_by_role("button", name=words("Seat round %(round)s", round=1)).click()
    expect(director.locator(".console li")).to_have_count(2)

    table = club.client.get(f"/api/v1/tournaments/{evening}").json["tables"][0]
    seated = table["players"]
    play_to_the_end(club, table["id"], director_token, 4)  # four quick scores, won by seats 0, 0, 1, 0

    confirmer = phone_in(phones, lang)  # 390 x 844: seat 2 confirms the first exit in one tap
    sit(confirmer, players_link, seated[2])
    box = confirmer.locator("section.confirm")
    expect(box.locator("li")).to_have_count(4)
    expect(box.locator("li").first).to_contain_text(words("%(name)s's exit", name=seated[0]))
    check_page(confirmer, f"tournament-confirm-{lang}")
    box.locator("li").first.get_by_role("button", name=words("Confirm: this is what was shown")).click()
    expect(confirmer.locator("section.confirm li")).to_have_count(3)

    disputer = phone_in(phones, lang)  # 360 px: seat 3 disputes the next one
    disputer.set_viewport_size({"width": 360, "height": 780})
    sit(disputer, players_link, seated[3])
    first = disputer.locator("section.confirm li").first
    expect(first).to_contain_text(words("%(name)s's exit", name=seated[0]))
    dispute = first.get_by_role("button", name=words("Dispute it"))
    dispute.scroll_into_view_if_needed()
    expect(dispute).to_be_in_viewport()
    dispute.click()
    expect(disputer.locator("section.confirm li").first).to_contain_text(
        words("disputed by %(names)s", names=seated[3]))
    check_page(disputer, f"tournament-dispute-360-{lang}")

    director.goto(f"/n/{evening}/d")
    rows = director.locator(".console li")
    expect(rows.first).to_contain_text(words("Table %(number)s", number=table["number"]))
    expect(rows.first).to_contain_text(words("a disputed result"))
    expect(rows.first).to_contain_text(words.count("%(n)s result waiting for confirmation", "%(n)s results waiting for confirmation", 2))
    expect(rows.nth(1)).not_to_contain_text(words("a disputed result"))
    check_page(director, f"tournament-console-dispute-{lang}")

    # The screen, live: that table's results not yet final (two waiting, one disputed).
    shown = screen.locator("#tables-now li").filter(has_text=words("Table %(number)s", number=table["number"]))
    expect(shown).to_contain_text(words.count("%(n)s result waiting for confirmation", "%(n)s results waiting for confirmation", 3))
    check_page(screen, f"tournament-screen-waiting-{lang}")

    # The next round: the disputer's phone, still on her table, is told her new seat live and taps to go.
    # Closing asks first, on a page of its own: the table still playing, by number, with its players (item 6).
    director.get_by_role("link", name=words.count(
        "Close the table still playing and seat round %(round)s",
        "Close the %(n)s tables still playing and seat round %(round)s", 1, round=2)).click()
    expect(director.get_by_role("heading", level=1)).to_have_text(words.count(
        "Close the table still playing?", "Close the %(n)s tables still playing?", 1))
    other = club.client.get(f"/api/v1/tournaments/{evening}").json["tables"][1]
    expect(director.locator("ul.closing li")).to_have_text([words(
        "Table %(number)s: %(players)s", number=other["number"], players=", ".join(other["players"]))])
    check_page(director, f"tournament-close-confirm-{lang}")
    director.get_by_role("link", name=words("Cancel, back to the console")).click()  # a misclick costs nothing
    assert [t["round"] for t in club.client.get(f"/api/v1/tournaments/{evening}").json["tables"]] == [1, 1]
    director.get_by_role("link", name=words.count(
        "Close the table still playing and seat round %(round)s",
        "Close the %(n)s tables still playing and seat round %(round)s", 1, round=2)).click()
    with director.expect_navigation():  # round 2 is seated before the API is asked where
        director.get_by_role("button", name=words("Close and seat round %(round)s", round=2)).click()
    after = club.client.get(f"/api/v1/tournaments/{evening}").json["tables"]
    mine = next(t for t in after if t["round"] == 2 and seated[3] in t["players"])
    told = words("Round %(round)s: your seat is at table %(number)s, tap to go", round=2, number=mine["number"])
    go = disputer.get_by_role("link", name=told)
    expect(go).to_be_visible()
    check_page(disputer, f"tournament-next-seat-360-{lang}")
    go.click()
    expect(disputer.locator(".at-table")).to_contain_text(
        words("Round %(round)s, table %(number)s", round=2, number=mine["number"]))
