"""The French catalogue covers every text the code and the templates can show, and the app serves it."""

from __future__ import annotations

import os
from datetime import UTC, datetime

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from api.web.table import cardview
from api.web.words import catalogues
from api.web.words.i18n import TRANSLATIONS

ROOT = os.path.dirname(TRANSLATIONS)
FRENCH_PO = os.path.join(TRANSLATIONS, "fr", "LC_MESSAGES", "messages.po")


def extracted() -> dict[tuple, str]:
    """Every (msgid, context) `pybabel extract -F babel.cfg` finds in the tree, with where it was found."""
    with open(os.path.join(ROOT, "babel.cfg")) as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = {}
    for filename, lineno, message, _comments, context in extract_from_dir(ROOT, method_map, options_map):
        for msgid in message if isinstance(message, tuple) else (message,):
            if msgid:
                found.setdefault((msgid, context), f"{filename}:{lineno}")
    return found


def french() -> dict:
    """The French catalogue by (msgid, context); a text with a plural is there under its singular and its plural."""
    with open(FRENCH_PO, "rb") as f:
        return {(msgid, m.context): m for m in read_po(f) if m.id for msgid in forms(m.id)}


def forms(text) -> tuple:
    """A message's id or string: its one text, or its forms when it has a plural."""
    return text if isinstance(text, tuple) else (text,)


def test_every_text_of_the_code_and_templates_has_its_french():
    found, catalogue = extracted(), french()
    assert len(found) > 400  # the extraction did read the tree, the referee's keys too
    assert ("%(player)s has not opened yet: no %(what)s before the opening", None) in found
    missing = [f"{where}: {msgid!r}" + (f" ({context})" if context else "") for (msgid, context), where in found.items()
               if (msgid, context) not in catalogue or not catalogue[msgid, context].string
               or catalogue[msgid, context].fuzzy]
    assert not missing, "untranslated or fuzzy (make babel-update, translate, then commit the .po):\n" + \
        "\n".join(sorted(missing))


def test_the_french_keeps_each_texts_parameters():
    for (msgid, _context), message in french().items():
        if any(forms(message.string)):  # a count's forms may leave out the count (« la table »): all of them together
            said = {p for text in forms(message.string) for p in catalogues_params(text)}  # say what the English says
            assert said == {p for text in forms(message.id) for p in catalogues_params(text)}, msgid


def catalogues_params(text: str) -> list[str]:
    import re

    return re.findall(r"%\((\w+)\)s", text)


def test_a_po_newer_than_its_mo_is_compiled_again(tmp_path):
    po = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  'msgid "Deal"\nmsgstr "Donne"\n', encoding="utf-8")
    assert catalogues.ensure(str(tmp_path), str(tmp_path / "fallback")) == str(tmp_path)
    mo = po.with_suffix(".mo")
    first = mo.read_bytes()
    assert b"Donne" in first
    po.write_text(po.read_text(encoding="utf-8").replace("Donne", "Manche"), encoding="utf-8")
    os.utime(po, (mo.stat().st_mtime + 5, mo.stat().st_mtime + 5))
    catalogues.ensure(str(tmp_path), str(tmp_path / "fallback"))
    assert b"Manche" in mo.read_bytes()


def test_the_app_serves_the_po_as_it_is_now(app, phone):
    def plain(text):
        return text.replace("\xa0", " ").replace("\u202f", " ")

    home = plain(phone("fr").page("/"))
    for msgid in ("Start a table", "Arbitre keeps the score; the cards stay in your hands."):
        assert plain(french()[msgid, None].string) in home


def test_numbers_and_signs_follow_the_language(app):
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert cardview.signed(1234) == "+1\u202f234" and cardview.signed(-10) == "−10" and cardview.signed(0) == "0"
        assert cardview.when("2026-03-01T14:05:09.5Z") == "14:05:09"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert cardview.signed(1234) == "+1,234" and cardview.signed(-10) == "−10" and cardview.signed(30) == "+30"
        assert cardview.when(datetime(2026, 3, 1, 14, 5, 9, tzinfo=UTC)) == "2:05:09\u202fPM"


def test_french_puts_a_no_break_space_before_colons_semicolons_and_question_marks():
    """French typography: « Ana : 12 », never with a breakable space that lets the colon start a line."""
    import re

    loose = []
    for (msgid, _context), message in french().items():
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            if text and re.search(r" [:;?!]", text):
                loose.append(f"{msgid!r}: {text!r}")
    assert not loose, "a plain space before : ; ? ! (use U+00A0):\n" + "\n".join(loose)


def test_french_guillemets_hold_their_text_with_no_break_spaces():
    """« aucun groupe », never «aucun groupe» nor « aucun groupe » with spaces a line may break at."""
    import re

    loose = []
    for (msgid, _context), message in french().items():
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            if text and re.search("\u00ab(?![\u00a0\u202f])|(?<![\u00a0\u202f])\u00bb", text):
                loose.append(f"{msgid!r}: {text!r}")
    assert not loose, "« » without a no-break space inside (use U+00A0):\n" + "\n".join(loose)
