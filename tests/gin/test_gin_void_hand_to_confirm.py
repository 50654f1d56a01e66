"""A void hand (G-10) entered by a seat's phone waits for the other player's confirmation (E-6): the table page
and the director's console name it in Gin's words, « la donne blanche », not Continental's null deal (C-14)."""

from __future__ import annotations

import html

from tests.gin.gin_evening import gin_evening
from tests.web.conftest import Phone, joined


def test_a_void_hand_to_confirm_is_named_in_gin_s_words_on_the_table_page(app):
    host = Phone(app, "fr")
    host.start(game="gin", players=["Ana", "Ben"], tracking="results", confirmation="1")
    ana, ben = (joined(host, Phone(app, lang), seat) for seat, lang in ((0, "fr"), (1, "en")))
    mine = html.unescape(ben.enter(type="null_deal", key="v-1"))
    assert "the void hand · deal 1 · entered by Ben" in mine and "null deal" not in mine
    page = html.unescape(ana.page())
    assert "la donne blanche" in page and "donne nulle" not in page


def test_a_void_hand_to_confirm_is_named_in_gin_s_words_on_the_console(app, client, tables):
    evening = gin_evening(client, tables)
    evening.start()
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0, as_seat=1)
    table.enter("null_deal", as_seat=1)
    director = Phone(app, "fr")
    director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    settle = html.unescape(director.page(f"/n/{evening.id}/d")).split("Résultats à régler, toutes manches", 1)[1]
    settle = settle.split("</section>", 1)[0]
    assert "la donne blanche" in settle and "donne nulle" not in settle


def test_after_a_void_hand_the_other_dealer_is_refused_in_the_same_words(app):
    """G-2 after G-10: the same dealer deals again, and the French refusal says « donne blanche » as the rest of
    Gin's pages do (it said « donne nulle », Continental's word)."""
    host = Phone(app, "fr")
    host.start(game="gin", players=["Ana", "Ben"], tracking="results")
    host.enter(type="deal", dealer="0")
    host.enter(type="null_deal")
    refused = html.unescape(host.enter(type="deal", dealer="1"))
    assert "Ana distribue à nouveau\u00a0: après une donne blanche, c’est le même donneur" in refused
    assert "donne nulle" not in refused
