"""Native French around the players' names (issue 18 item 10): `d’Ana`, `qu’Émile` but `de Yann`; no gendered
word glued to a name; Rami says *manche*, never *donne*, for its rounds; one word, *entrée*, for an entry; a
no-break space before `:` and `;` on the pages. English is left as it was."""

from __future__ import annotations

import html
import re

import pytest

from api.web.words import french
from tests.web.conftest import joined
from tests.web.test_summary import HEAVY

NBSP = "\u00a0"


def text(page: str) -> str:
    """The page as a reader sees it, its no-break spaces kept (tests.web.test_history_changes.text folds them)."""
    page = re.sub(r'<span class="sr">.*?</span>|<script.*?</script>|<style.*?</style>', "", page, flags=re.S)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


@pytest.mark.parametrize("name, elided", [("Ana", True), ("Émile", True), ("Ines", True), ("Yves", True),
                                          ("Hugo", True), ("Œdipe", True), ("Ulysse", True), ("Ben", False),
                                          ("Yann", False), ("Chloé", False), ("42", False), ("", False)])
def test_which_names_take_the_elision(name, elided):
    assert french.vowel_sound(name) is elided
    said = french.fill("la donne de %(name)s, en attendant que %(name)s donne", {"name": name})
    assert said == (f"la donne d’{name}, en attendant qu’{name} donne" if elided
                    else f"la donne de {name}, en attendant que {name} donne")
    assert french.fill("Code de %(name)s", {"name": name}).startswith("Code d’" if elided else "Code de ")
    assert french.fill("monde %(name)s", {"name": name}) == f"monde {name}"  # "de" only as a word of its own


def test_the_pages_elide_before_a_name_with_a_vowel_sound_in_french_only(host, phone):
    host.start(game="continental", players=("Émile", "Ana", "Yann", "Ines"))
    ana = joined(host, phone("fr"), 1)
    yann = joined(host, phone("fr"), 2)
    assert "Ce téléphone est la place d’Ana." in text(ana.page())
    assert "Ce téléphone est la place de Yann." in text(yann.page())
    english = joined(host, phone(), 1)
    assert "This phone is Ana's seat." in text(english.page())
    share = text(phone("fr").page(f"/t/{host.table}"))
    assert "de Ana" not in share and "que Émile" not in share
    host.enter(type="deal", dealer="0", upcard="7H")
    turn = text(ana.page())
    assert "que Ana" not in turn and "de Ana" not in turn and "de Émile" not in turn


def test_no_gendered_word_is_glued_to_a_name(phone):
    host = phone("fr")
    host.start(game="rami", players=("Ana", "Chloé", "Gus"), ceiling="100", clock="off", tracking="results",
               dealer="random")
    drawn = text(host.page(f"/t/{host.table}"))
    assert "Le sort a désigné" in drawn and "tiré au sort pour" not in drawn
    host.enter(type="deal", dealer="0")
    host.enter(type="round", winner="1", hand0=HEAVY, hand2="3C 4D")
    summary = text(phone("fr").page(f"/t/{host.table}/summary"))
    assert "Chloé a gagné" in summary and "gagnant" not in summary.lower()
    table = text(phone("fr").page(f"/t/{host.table}"))
    assert f"La partie est finie{NBSP}: victoire de Chloé" in table
    assert "Chloé winner" in text(phone().page(f"/t/{host.table}/summary"))  # English as it was


def test_rami_says_manche_and_continental_donne(host, phone):
    host.start(game="rami", players=("Ana", "Ben", "Gus"), ceiling="100", clock="off", tracking="results")
    host.enter(type="deal", dealer="0")
    fr = phone("fr")
    assert "Saisissez le résultat de la manche." in text(fr.page(f"/t/{host.table}"))
    host.enter(type="round", winner="0", hand1="3C 4D", hand2="5H")
    pages = [text(fr.page(path)) for path in (f"/t/{host.table}", f"/t/{host.table}/history",
                                              f"/t/{host.table}/summary")]
    said = " ".join(pages)
    assert f"Manche 1{NBSP}:" in pages[0] and "Manche par manche" in pages[1] and "Manche 1" in pages[1]
    assert f"Manches jouées{NBSP}: 1" in pages[2]
    assert not re.search(r"\b(Donne|Donnes|donnes)\b|donne par donne|chaque donne|la donne\.", said), said
    english = text(phone().page(f"/t/{host.table}/history"))
    assert "Round by round" in english and "Round 1" in english and "Deal 1" not in english
    host2 = phone("fr")
    host2.start(game="continental", players=("Ana", "Ben", "Chloé", "Dan"), tracking="results")
    assert "Saisissez le résultat de la donne." in text(host2.page())  # its deal implied (issue 18 §13)
    assert "Donne par donne" in text(host2.page(f"/t/{host2.table}/history"))


def test_one_word_for_an_entry_entree_never_saisie():
    from tests.web.test_i18n_catalogue import forms
    from tests.web.test_i18n_catalogue import french as catalogue

    nouns = re.compile(r"\b(la|une|cette|toute autre|de|des|Des|[Dd]ernière|Votre|aucune) saisies?\b")
    said = [text for m in catalogue().values() for text in forms(m.string) if text and nouns.search(text)]
    assert said == []


def test_the_french_pages_put_a_no_break_space_before_colons_and_semicolons(host, phone):
    host.start(game="continental", players=("Émile", "Ana", "Yann", "Ines"), tracking="results")
    host.enter(type="deal", dealer="0")
    fr = phone("fr")
    fr.page(f"/t/{host.table}")
    for path in (f"/t/{host.table}", f"/t/{host.table}/history", f"/t/{host.table}/summary", "/", "/new",
                 f"/t/{host.table}/e/2"):
        shown = text(fr.page(path))
        bad = re.findall(r".{12}(?:\w[;:](?=\s)| [;:])", shown)
        assert bad == [], (path, bad)
