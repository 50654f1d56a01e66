"""A text that names a count takes the form its language gives that count (api/web/words/i18n.py `ngettext`):
French puts 0 and 1 in the singular, English only 1; the French keeps its elision and no-break spaces."""

from __future__ import annotations

import pytest

from api.web.words.i18n import ngettext


def said(app, lang: str, singular: str, plural: str, count: int, **params) -> str:
    with app.test_request_context(headers={"Accept-Language": lang}):
        return ngettext(singular, plural, count, **params)


@pytest.mark.parametrize(("lang", "count", "text"), [
    ("en", 0, "0 points laid down"), ("en", 1, "1 point laid down"), ("en", 2, "2 points laid down"),
    ("fr", 0, "0 point posé"), ("fr", 1, "1 point posé"), ("fr", 2, "2 points posés"),
])
def test_a_count_takes_its_languages_form(app, lang, count, text):
    assert said(app, lang, "%(n)s point laid down", "%(n)s points laid down", count) == text


def test_a_seats_points_name_the_seat_and_keep_the_french_no_break_space(app):
    assert said(app, "en", "%(name)s: %(n)s point", "%(name)s: %(n)s points", 1, name="Ana") == "Ana: 1 point"
    assert said(app, "fr", "%(name)s: %(n)s point", "%(name)s: %(n)s points", 0, name="Ana") == "Ana\u00a0: 0 point"
    assert said(app, "fr", "%(name)s: %(n)s point", "%(name)s: %(n)s points", 14, name="Ana") == "Ana\u00a0: 14 points"


def test_a_shown_count_may_differ_from_the_one_that_picks_the_form(app):
    """A negative score picks its form by its size and is shown with its minus sign; a script's template keeps
    its placeholder."""
    assert said(app, "en", "%(n)s point", "%(n)s points", 1, n="\u22121") == "\u22121 point"
    assert said(app, "fr", "%(n)s result waiting for confirmation", "%(n)s results waiting for confirmation", 2,
                n="{n}") == "{n} résultats en attente de confirmation"
