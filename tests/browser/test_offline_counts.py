"""Offline, the counts as they will be once the queue is sent (issue 29, item 15), in real Chromium, English at
390×844 and French at 360 px: a queued discard puts its card on the pile (one more), a queued draw at an empty
stock takes the pile but its top (C-14), a queued Rami draw adds to the hand it goes to; each figure that is
not yet sent is marked so (a dashed box, and "waiting to send" to a screen reader)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.checks import check_page
from tests.browser.live_helpers import controlled, join, log
from tests.browser.screens_helpers import start
from tests.browser.walk import Words, phone_in

NAMES = ("Ana", "Ben", "Chloé", "Dan")
SIZES = {"en": {"width": 390, "height": 844}, "fr": {"width": 360, "height": 780}}
# 45 different discards: with the 7♥ turned up, no card of the pile twice (K-2), none Ben was seen to take (C-11)
DISCARDS = [f"{rank}{suit}" for suit in "CDHS" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")
            if f"{rank}{suit}" != "7H"][:45]


def phone(phones, lang: str):
    return phone_in(phones, lang, viewport=SIZES[lang])


def dealt(page, w) -> str:
    """Ana deals, the 7♥ turned up: Ben's turn to take a card. This phone is the host."""
    table = start(page, NAMES)
    page.get_by_role("button", name=w.card("7H"), exact=True).click()
    expect(page.locator("#headline")).to_have_text(w("%(name)s's turn: take a card.", name="Ben"))
    page.wait_for_load_state()
    return table


def figure(page, name: str):
    return page.locator(f"dl.counts dd[data-count='{name}']")


def offered(page, name: str):
    return page.locator("main").get_by_role("button", name=re.compile(re.escape(name))).filter(visible=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_queued_discard_puts_its_card_on_the_pile_marked_as_waiting(phones, base_url, lang):
    w = Words(lang)
    host = phone(phones, "en")
    table = dealt(host, Words("en"))
    ben = phone(phones, lang)
    join(ben, host, "Ben")
    ben.goto(f"/t/{table}")
    controlled(ben)
    offered(ben, w("Took from the stock")).click()  # online: written at once
    expect(ben.locator("#headline")).to_have_text(w("%(name)s's turn: discard a card.", name="Ben"))
    ben.wait_for_load_state()  # the draw's answer is a new page: its scripts (the outbox's) take the next tap
    stock, pile, top = figure(ben, "stock"), figure(ben, "pile"), figure(ben, "top")
    stocked, piled = int(stock.inner_text()), int(pile.inner_text())

    ben.context.set_offline(True)
    ben.get_by_role("button", name=w.card("9C"), exact=True).click()
    expect(pile).to_have_text(str(piled + 1))
    expect(top.locator(".card")).to_contain_text("9♣")
    expect(pile).to_have_class(re.compile(r"\bqueued\b"))
    expect(top).to_have_class(re.compile(r"\bqueued\b"))
    expect(pile).to_have_attribute("aria-describedby", "queued-note")  # said to a screen reader
    expect(ben.locator("#queued-note")).to_have_text(w("waiting to send"))
    expect(stock).to_have_text(str(stocked))
    expect(stock).not_to_have_class(re.compile(r"\bqueued\b"))
    check_page(ben, f"offline-counts-discard-{lang}")

    ben.reload()  # offline: the page the service worker kept, the queue (and the card's chip) from localStorage
    expect(pile).to_have_text(str(piled + 1))
    expect(top.locator(".card")).to_contain_text("9♣")
    expect(top).to_have_class(re.compile(r"\bqueued\b"))

    ben.context.set_offline(False)
    expect(ben.locator("#live .outbox")).to_be_hidden()
    expect(pile).to_have_text(str(piled + 1))  # the server's figures: what the phone showed offline
    expect(pile).not_to_have_class(re.compile(r"\bqueued\b"))
    expect(top.locator(".card")).to_contain_text("9♣")
    assert [(e["type"], e.get("card")) for e in log(base_url, table)][-1] == ("discard", "9C")


def drain(page, table: str) -> None:
    """45 turns, each a draw from the stock and a discard, posted as the host's phone would: the stock is empty."""
    csrf = page.locator("meta[name=csrf]").get_attribute("content")
    for turn, card in enumerate(DISCARDS):
        seat = str((1 + turn) % len(NAMES))
        for fields in ({"type": "draw", "from": "stock"}, {"type": "discard", "card": card}):
            version = page.request.get(f"/api/v1/tables/{table}").json()["version"]
            answer = page.request.post(f"/t/{table}/outbox", form={
                "csrf": csrf, "version": str(version), "seat": seat, "key": f"drain-{turn}-{fields['type']}", **fields})
            assert answer.status == 201, answer.text()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_queued_draw_at_an_empty_stock_takes_the_pile_but_its_top(phones, base_url, lang):
    w = Words(lang)
    host = phone(phones, lang)
    table = dealt(host, w)
    drain(host, table)
    host.goto(f"/t/{table}")
    controlled(host)
    stock, pile, top = figure(host, "stock"), figure(host, "pile"), figure(host, "top")
    expect(stock).to_have_text("0")
    expect(pile).to_have_text("46")
    shown = top.locator(".sr").inner_text()  # the card on the pile, named as the table names it

    host.context.set_offline(True)
    offered(host, w("Took from the stock")).click()  # Chloé's draw: the 45 cards under the top become the stock
    expect(stock).to_have_text("44")
    expect(pile).to_have_text("1")
    expect(stock).to_have_class(re.compile(r"\bqueued\b"))
    expect(pile).to_have_class(re.compile(r"\bqueued\b"))
    expect(top.locator(".sr")).to_have_text(shown)  # the top stays
    expect(top).not_to_have_class(re.compile(r"\bqueued\b"))
    check_page(host, f"offline-counts-reshuffle-{lang}")

    host.context.set_offline(False)
    expect(host.locator("#live .outbox")).to_be_hidden()
    expect(stock).to_have_text("44")  # the server's figures agree
    expect(pile).to_have_text("1")
    assert log(base_url, table)[-1]["type"] == "draw"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_queued_rami_draw_adds_a_card_to_the_hand_it_goes_to(phones, lang):
    w = Words(lang)
    host = phone(phones, lang)
    table = start(host, ("Eve", "Fox"), game="rami", clock=False)
    host.get_by_role("button", name=w("Cards dealt")).click()
    expect(host.locator("#headline")).to_have_text(w("%(name)s's turn: lay down or discard.", name="Fox"))
    host.get_by_role("button", name=w.card("9C"), exact=True).click()  # Fox discards: Eve's turn
    expect(host.locator("#headline")).to_have_text(w("%(name)s's turn: take a card.", name="Eve"))
    host.goto(f"/t/{table}")
    controlled(host)
    eve = host.locator(".sizes [data-hand='0']")
    held = int(eve.inner_text())

    host.context.set_offline(True)
    offered(host, w("Took from the stock")).click()
    expect(eve).to_have_text(str(held + 1))
    expect(eve).to_have_class(re.compile(r"\bqueued\b"))
    expect(host.locator(".sizes [data-hand='1']")).not_to_have_class(re.compile(r"\bqueued\b"))
    check_page(host, f"offline-counts-rami-{lang}")
    host.context.set_offline(False)
    expect(host.locator("#live .outbox")).to_be_hidden()
    expect(eve).to_have_text(str(held + 1))
