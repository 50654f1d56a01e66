"""A Gin table on the pages, in French: the start form, the upcard's two buttons, draw and discard, a knock and the
other's hand on the entry screen (full tracking), her lay-offs one tap each (G-8), and a scorekeeping hand by its
deadwood counts, to the summary."""

from __future__ import annotations

import html
import re

UNDO = re.compile(r'href="(/t/[^/]+/undo/(\d+))"[^>]*>↶ ([^<]+)</a>')

KNOCKER = "AH 2H 3H 4S 4D 4C 9C 10C JC 2S"  # deadwood 2 (the 2S)
OTHER = "4H 5H QH QD QC 7S 8S 9D KH 6C"  # lays 4H 5H off on A-2-3H: 40 left


def test_a_move_the_hand_does_not_wait_for_is_refused_in_french_naming_who_is_to_play(phone):
    host = phone("fr")
    host.start(game="gin", players=["Ana", "Ben"], dealer="0")
    host.enter(type="deal", dealer="0", upcard="KD")
    page = html.unescape(host.enter(type="discard", seat="1", card="5C"))
    assert "c’est à Ben de prendre la carte retournée ou de passer" in page and "/rules#G-4" in page
    host.enter(type="upcard", seat="1", take="no")
    host.enter(type="upcard", seat="0", take="no")
    page = html.unescape(host.enter(type="upcard", seat="0", take="yes"))
    assert "c’est à Ben de piocher" in page and "/rules#G-3" in page
    host.enter(type="draw", seat="1", from_="stock")
    page = html.unescape(host.enter(type="upcard", seat="0", take="yes"))
    assert "Ben a pioché et doit maintenant défausser ou frapper" in page


def test_a_refereed_gin_hand_is_played_from_the_pages_in_french(phone):
    host = phone("fr")
    host.start(game="gin", players=["Ana", "Ben"], dealer="0")
    page = host.enter(type="deal", dealer="0", upcard="KD")
    assert "Prend la carte retournée" in page and "Passe" in page
    host.enter(type="upcard", seat="1", take="no")
    host.enter(type="upcard", seat="0", take="no")
    host.enter(type="draw", seat="1", from_="stock")
    page = host.page()
    assert "Ben frappe" in page and f"/t/{host.table}/compose/knock?seat=1" in page
    assert "Les dix cartes montrées" in host.page(f"/t/{host.table}/compose/knock?seat=1")
    host.enter(type="knock", seat="1", card="QS", hand=KNOCKER)
    page = host.page()
    assert "Ana montre sa main" in page
    screen = host.page(f"/t/{host.table}/compose/show?seat=0")
    assert "l’arbitre propose chaque carte" in screen
    page = host.enter(type="show", seat="0", hand=OTHER)
    assert "Ajouter 4♥ à la suite A♥ 2♥ 3♥ de Ben" in page and "5♥" not in _buttons(page)  # 5♥ once 4♥ is laid
    assert "Fini d’ajouter\u00a0: compter la main" in page and "Points morts d’Ana pour l’instant\u00a0: 49" in page
    page = host.enter(type="lay_off", seat="0", card="5H")  # not proposed: refused, citing G-8
    assert "5♥ n’est pas une carte qu’Ana peut ajouter maintenant\u00a0: l’arbitre propose 4♥" in page
    assert "/rules#G-8" in page
    page = host.enter(type="lay_off", seat="0", card="4H")
    assert "Ajouter 5♥ à la suite A♥ 2♥ 3♥ 4♥ de Ben" in page
    page = host.enter(type="lay_off", seat="0", card="5H")
    assert "Ben marque 38\u00a0points" in page or "Ben marque 38 points" in page  # 40 - 2 (G-9)
    assert "Points morts\u00a0: Ben 2, Ana 40" in page
    history = host.page(f"/t/{host.table}/history")
    assert "frappe" in history and "main montrée" in history and "carte retournée" in history
    assert "a ajouté aux combinaisons de celui qui frappe" in history


def shown(host, upcard: str, knocker: str, other: str):
    """Ana deals (the upcard passed by both, G-3), Ben draws and knocks with `knocker`, discarding the Q♠; Ana
    shows `other`, her lay-offs then one tap each (G-8). The host's phone enters it all."""
    host.start(game="gin", players=["Ana", "Ben"], dealer="0")
    host.enter(type="deal", dealer="0", upcard=upcard)
    host.enter(type="upcard", seat="1", take="no")
    host.enter(type="upcard", seat="0", take="no")
    host.enter(type="draw", seat="1", from_="stock")
    host.enter(type="knock", seat="1", card="QS", hand=knocker)
    host.enter(type="show", seat="0", hand=other)
    return host


def _buttons(page: str) -> str:
    return " ".join(re.findall(r"<button[^>]*>([^<]*)</button>", page))


def test_a_lay_off_tapped_is_undone_in_words_and_her_proposals_come_back(phone):
    host = shown(phone("fr"), "KD", KNOCKER, OTHER)
    page = host.enter(type="lay_off", seat="0", card="4H")
    (link, seq, words), *_ = UNDO.findall(page)
    assert words == "Annuler\u00a0: Ana a ajouté 4♥"
    page = host.follow(host.post(link, {"version": host.version()})).get_data(as_text=True)
    assert "Ajouter 4♥ à la suite A♥ 2♥ 3♥ de Ben" in page
    page = host.enter(type="done", seat="0")  # she stops: 4H and 5H count (49 - 2)
    assert "Ben marque 47" in page


def test_a_scorekeeping_gin_hand_by_its_counts_in_french(phone):
    host = phone("fr")
    host.start(game="gin", players=["Ana", "Ben"], tracking="results", dealer="0")
    host.enter(type="deal", dealer="0")
    page = host.page()
    assert "Score rapide\u00a0: qui a frappé\u00a0?" in page
    assert "Points morts de la frappe" in host.page(f"/t/{host.table}/compose/knock?seat=1")
    host.enter(type="knock", seat="1", deadwood="0", no_deadwood="yes")
    assert "Points morts après les ajouts" in host.page(f"/t/{host.table}/compose/show?seat=0")
    page = host.enter(type="show", seat="0", deadwood="30")
    assert "55" in page  # gin: 30 + 25 (G-9)
    summary = host.page(f"/t/{host.table}/summary")
    assert "Ben" in summary
    host.enter(type="deal", dealer="1")
    host.enter(type="null_deal")  # G-10, said in Gin's words in History (not C-14's null deal)
    history = host.page(f"/t/{host.table}/history")
    assert "donne blanche\u00a0: deux cartes restent au talon, personne n’a frappé (G-10)" in history
    assert "C-14" not in history


def test_a_lay_off_is_corrected_from_history_to_another_proposed_card(phone, client):
    host = shown(phone("fr"), "2D", "6H 7H 8H 2S 3S 4S JD QD KD AC", "9H 10H 5H KS QH JS 9D 7C 6S 3C")
    host.enter(type="lay_off", seat="0", card="9H")  # entry 8: the 10H is proposed after it
    fields = {"version": host.version(), "card": "5H", "seat": "0"}
    assert "10♥" in host.post(f"/t/{host.table}/e/8/replace", {**fields, "action": "preview"},
                              status=200).get_data(as_text=True)
    host.post(f"/t/{host.table}/e/8/replace", {**fields, "action": "confirm"})
    lay_off = client.get(f"/api/v1/tables/{host.table}").json["deal"]["lay_off"]
    assert lay_off["laid_off"] == [{"card": "5H", "meld": 0}] and [p["card"] for p in lay_off["proposals"]] == ["9H"]
    refused = host.post(f"/t/{host.table}/e/8/replace", {**fields, "card": "10H", "action": "preview"}, status=422)
    assert "/rules#G-8" in refused.get_data(as_text=True)  # 10H is not proposed before the 9H: the log would not replay
