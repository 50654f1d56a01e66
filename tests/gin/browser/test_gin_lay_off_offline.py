"""A lay-off tapped offline (G-8): the phone's outbox keeps the tap, the page from the cache after a reload still
shows it waiting, and once the phone is back online it is written once, the next proposal comes, and the hand
scores as the same taps made online score it (54 for Ana, as in test_table_walk_gin_cards.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.live_helpers import controlled, log
from tests.browser.walk import Words
from tests.gin.browser.test_table_walk_gin_cards import ANA_KNOCKS, BEN_SHOWS, compose, new_gin_table, tap

RUN = "Lay off %(card)s on %(name)s’s run %(cards)s"


def test_a_lay_off_tapped_offline_is_sent_once_online_and_the_hand_scores_as_online(phones, base_url):
    w = Words("en")
    host = phones()
    new_gin_table(host, w, dealer="Ben")
    tap(host, host.get_by_role("link", name=w("Play: this phone enters for everyone")))
    table = host.url.split("/t/")[1].split("/")[0].split("?")[0]
    tap(host, host.get_by_role("button", name=w.card("5C")))
    tap(host, host.get_by_role("button", name=w("Passes")))
    tap(host, host.get_by_role("button", name=w("Passes")))
    tap(host, host.get_by_role("button", name=w("Took from the stock")))
    compose(host, w("%(name)s knocks", name="Ana"), {"#hand": ANA_KNOCKS}, w, picked="2D")
    compose(host, w("%(name)s shows their hand", name="Ben"), {"#hand": BEN_SHOWS}, w)
    nine = host.get_by_role("button", name=w(RUN, card="9♥", name="Ana", cards="6♥ 7♥ 8♥"))
    expect(nine).to_be_visible()
    laid = host.locator(".layoffs button:visible")
    expect(laid.nth(1)).to_be_visible()  # the 5♥ is proposed too, and the end of her lay-offs
    controlled(host)
    written = len(log(base_url, table))

    host.context.set_offline(True)
    nine = host.get_by_role("button", name=w(RUN, card="9♥", name="Ana", cards="6♥ 7♥ 8♥"))
    nine.click()
    outbox = host.locator("#live .outbox")
    expect(outbox).to_contain_text("Waiting to send (1)")
    expect(nine).to_have_count(0)  # not tapped twice on a state the phone no longer shows
    expect(laid).to_have_count(0)  # no other lay-off, nor the hand's end, on a guess: they follow once sent
    host.reload()  # offline: the page from the cache, the tap still waiting
    expect(outbox).to_contain_text("Waiting to send (1)")
    expect(laid).to_have_count(0)
    assert len(log(base_url, table)) == written  # nothing reached the table yet

    host.context.set_offline(False)
    expect(outbox).to_be_hidden()
    ten = host.get_by_role("button", name=w(RUN, card="10♥", name="Ana", cards="6♥ 7♥ 8♥ 9♥"))
    expect(ten).to_be_visible()
    entries = log(base_url, table)
    assert [(e["type"], e.get("card")) for e in entries[written:]] == [("lay_off", "9H")]  # once
    tap(host, ten)
    tap(host, host.get_by_role("button", name=w(RUN, card="5♥", name="Ana", cards="6♥ 7♥ 8♥ 9♥ 10♥")))
    expect(host.locator(".verdict")).to_contain_text(w.count("%(name)s scores %(n)s point",
                                                             "%(name)s scores %(n)s points", 54, name="Ana"))
