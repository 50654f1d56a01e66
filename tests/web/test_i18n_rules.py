"""The rules page in French: docs/RULES.fr.md, the faithful French version, with the same rule ids."""

from __future__ import annotations

import os
import re

from api.web.words.rulesdoc import ROOT, rules_html

RULE = re.compile(r"^- \*\*([KCREG]-\d+) ", re.M)
READING = {"en": "*Reading", "fr": "*Lecture"}


def ids_in(name: str) -> list[str]:
    with open(os.path.join(ROOT, "docs", name), encoding="utf-8") as f:
        return RULE.findall(f.read())


def test_the_french_rules_have_the_same_ids_in_the_same_order():
    english, french = ids_in("RULES.md"), ids_in("RULES.fr.md")
    assert len(english) > 40 and french == english


def test_each_rule_keeps_its_readings_in_french():
    texts = {}
    for lang, name in (("en", "RULES.md"), ("fr", "RULES.fr.md")):
        with open(os.path.join(ROOT, "docs", name), encoding="utf-8") as f:
            parts = re.split(r"^- \*\*(?=[KCREG]-\d+ )", f.read(), flags=re.M)[1:]
        texts[lang] = {p.split(" ", 1)[0]: p.count(READING[lang]) for p in parts}
    assert texts["fr"] == texts["en"]


def test_the_rules_page_is_french_for_a_french_reader(phone):
    page = phone("fr").page("/rules")
    assert "Rami continental" in page and "Lecture" in page and "défausse" in page
    assert "The discard" not in page and "Reading" not in page
    html, ids = rules_html("fr")
    assert ids == rules_html("en")[1] and 'id="C-8"' in page and 'href="#K-5"' in page
    assert "Reading" in phone("en").page("/rules")
