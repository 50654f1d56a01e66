"""A Gin table's headline says what the table waits for in the game's own words, naming the player, in English and
French: the upcard offered to the non-dealer, then to the dealer once she passed (G-3), the first draw from the stock
after both passed (G-3), a draw (G-4), a discard or a knock (G-7), the hand shown after a knock or a gin, and the
lay-offs tapped one by one (G-8)."""

from __future__ import annotations

import html
import re

KNOCKER = "AH 2H 3H 4S 4D 4C 9C 10C JC 2S"  # deadwood 2 (the 2S)
OTHER = "4H 5H QH QD QC 7S 8S 9D KH 6C"  # lays 4H then 5H off on A-2-3H, one tap each
HEADLINE = re.compile(r'<h1 id="headline">(.*?)</h1>', re.S)


def headline(page: str) -> str:
    return html.unescape(HEADLINE.search(page).group(1)).strip()


def test_a_refereed_hand_says_each_step_in_english(phone):
    host = phone("en")
    host.start(game="gin", players=["Ana", "Ben"], dealer="0")
    page = host.enter(type="deal", dealer="0", upcard="KD")
    assert headline(page) == "Ben's turn: take the upcard K♦, or pass (G-3)."  # the non-dealer first
    page = host.enter(type="upcard", seat="1", take="no")
    assert headline(page) == "Ben passed: Ana's turn to take the upcard K♦, or pass too (G-3)."
    page = host.enter(type="upcard", seat="0", take="no")
    assert headline(page) == "Nobody took the upcard: Ben draws from the stock (G-3)."
    assert re.search(r'<button[^>]*value="discard" disabled', page)  # G-3: not the upcard they both passed
    page = host.enter(type="draw", seat="1", from_="stock")
    assert headline(page) == "Ben's turn: discard a card, or knock (G-7)."
    page = host.enter(type="discard", seat="1", card="5C")
    assert headline(page) == "Ana's turn: draw from the stock or the discard pile (G-4)."
    assert re.search(r'<button[^>]*value="discard" data-say=', page)  # her draw may take Ben's 5♣
    host.enter(type="draw", seat="0", from_="stock")
    host.enter(type="discard", seat="0", card="6D")
    host.enter(type="draw", seat="1", from_="stock")
    page = host.enter(type="knock", seat="1", card="QS", hand=KNOCKER)
    assert headline(page) == "Ben knocked: Ana shows their hand and lays off what fits on the knocker's melds (G-8)."
    page = host.enter(type="show", seat="0", hand=OTHER)
    assert headline(page) == "Ana's turn: lay off on the knocker's melds one card at a time, then score the hand (G-8)."


def test_a_refereed_hand_says_each_step_in_french(phone):
    host = phone("fr")
    host.start(game="gin", players=["Ana", "Ben"], dealer="1")
    page = host.enter(type="deal", dealer="1", upcard="KD")
    assert headline(page) == "À Ana\u00a0: prendre la carte retournée R♦, ou passer (G-3)."
    page = host.enter(type="upcard", seat="0", take="no")
    assert headline(page) == "Ana a passé\u00a0: à Ben de prendre la carte retournée R♦, ou de passer aussi (G-3)."
    page = host.enter(type="upcard", seat="1", take="no")
    assert headline(page) == "Personne n’a pris la carte retournée\u00a0: Ana prend à la pioche (G-3)."
    page = host.enter(type="draw", seat="0", from_="stock")
    assert headline(page) == "À Ana\u00a0: défausser une carte, ou frapper (G-7)."
    page = host.enter(type="discard", seat="0", card="5C")
    assert headline(page) == "À Ben\u00a0: prendre une carte à la pioche ou à la défausse (G-4)."
    host.enter(type="draw", seat="1", from_="stock")
    page = host.enter(type="knock", seat="1", card="QS", hand=KNOCKER)
    assert headline(page) == ("Ben a frappé\u00a0: Ana montre sa main et ajoute sur les combinaisons de celui qui "
                              "frappe tout ce qui s’y place (G-8).")
    page = host.enter(type="show", seat="0", hand=OTHER)
    assert headline(page) == ("À Ana\u00a0: ajouter aux combinaisons de celui qui frappe, une carte à la fois, puis "
                              "compter la main (G-8).")


def test_a_taken_upcard_is_no_first_draw_and_the_taker_discards(phone):
    host = phone("en")
    host.start(game="gin", players=["Ana", "Ben"], dealer="0")
    host.enter(type="deal", dealer="0", upcard="KD")
    host.enter(type="upcard", seat="1", take="no")
    page = host.enter(type="upcard", seat="0", take="yes")  # the dealer takes it: she discards, Ben then draws
    assert headline(page) == "Ana's turn: discard a card, or knock (G-7)."
    page = host.enter(type="discard", seat="0", card="5C")
    assert headline(page) == "Ben's turn: draw from the stock or the discard pile (G-4)."


def test_a_gin_answered_by_the_other_s_hand_in_both_languages(phone):
    for lang, words in (("en", "Ben went gin: Ana shows their hand; nothing is laid off on a gin (G-8)."),
                        ("fr", "Ben a fait gin\u00a0: Ana montre sa main\u00a0; rien ne s’ajoute sur un gin (G-8).")):
        host = phone(lang)
        host.start(game="gin", players=["Ana", "Ben"], tracking="results", dealer="0")
        host.enter(type="deal", dealer="0")
        page = host.enter(type="knock", seat="1", deadwood="0", no_deadwood="yes")
        assert headline(page) == words


def test_offline_the_queued_draw_and_discard_say_the_gin_words_ahead(phone):
    """The outbox's headlines ahead (outbox.js): once the queued draw is sent Ben discards, then Ana draws (G-4)."""
    host = phone("fr")
    host.start(game="gin", players=["Ana", "Ben"], dealer="0")
    host.enter(type="deal", dealer="0", upcard="KD")
    host.enter(type="upcard", seat="1", take="yes")
    host.enter(type="discard", seat="1", card="5C")
    host.enter(type="draw", seat="0", from_="stock")
    host.enter(type="discard", seat="0", card="6D")
    template = re.search(r'<template id="after-draw"([^>]*)>', host.page()).group(1)
    said = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', html.unescape(template)))
    assert said["headline"] == "À Ben\u00a0: défausser une carte."
    assert said["after-discard"] == "À Ana\u00a0: prendre une carte à la pioche ou à la défausse (G-4)."
