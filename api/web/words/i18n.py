"""French and English: the language of a request, gettext catalogues (Flask-Babel), card names."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable

import flask_babel
from flask import Flask, has_request_context, request, session
from markupsafe import Markup

from referee.cards import RANKS, Card, parse_card
from referee.melds import parse_placed

LANGUAGES = ("en", "fr")
TRANSLATIONS = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "translations"))
# French rank letters (roi, dame, valet) and names, K-1 ranks as the key.
FR_RANKS = {"K": "R", "Q": "D", "J": "V"}
FR_INPUT = {v: k for k, v in FR_RANKS.items()}
RANK_NAMES = {
    "en": ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"],
    "fr": ["as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valet", "dame", "roi"],
}
SUIT_NAMES = {
    "en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
    "fr": {"C": "trèfle", "D": "carreau", "H": "cœur", "S": "pique"},
}
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def init_app(app: Flask) -> None:
    """Serve the catalogues of `translations/`, compiled from their .po if need be (api/web/words/catalogues.py)."""
    from api.web.words import catalogues

    if "BABEL_TRANSLATION_DIRECTORIES" not in app.config:
        built = catalogues.ensure(TRANSLATIONS, os.path.join(app.instance_path, "translations"))
        app.config["BABEL_TRANSLATION_DIRECTORIES"] = built
    flask_babel.Babel(app, locale_selector=current_lang)
    app.jinja_env.globals.update(colon=colon, quoted=quoted)
    app.after_request(forgotten_labels)


FORGOTTEN = re.compile(r"Forgotten player (\d+)")  # the label of a forgotten player (events/names.py)


def forgotten_labels(response):
    """A page in French says a forgotten player's label in French: the label is the one name the server writes."""
    if response.direct_passthrough or response.mimetype != "text/html" or current_lang() == "en":
        return response
    text = response.get_data(as_text=True)
    if "Forgotten player" in text:
        response.set_data(FORGOTTEN.sub(lambda m: gettext("Forgotten player %(number)s", number=m.group(1)), text))
    return response


def colon() -> str:
    """A colon as the request's language writes it: `Score:` in English, `Score :` in French (a no-break space)."""
    return "\u00a0:" if current_lang() == "fr" else ":"


def quoted(text) -> Markup:
    """A quoted text (a ruling's reason) as the request's language quotes it: “late” in English, « retard » in
    French, with a no-break space inside each guillemet so that a line never breaks between it and the text."""
    if current_lang() == "fr":
        return Markup("«\u00a0{}\u00a0»").format(text)
    return Markup("“{}”").format(text)


def current_lang() -> str:
    """Pick the session's choice, else the best of Accept-Language, else English (outside a request too)."""
    if not has_request_context():
        return "en"
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default="en")


def gettext(text: str, **params) -> str:
    """Translate `text` into the request's language and fill its %(name)s params (in French, `de` and `que`
    elided before a name with a vowel sound: api/web/words/french.py)."""
    translated = flask_babel.gettext(text)
    return _filled(translated, params) if params else translated


def ngettext(singular: str, plural: str, count: int, **params) -> str:
    """`gettext` for a text that names a count: the form the request's language uses for `n` (French takes the
    singular for 0 and 1, English only for 1), its `%(n)s` filled with `count` unless the params say otherwise
    (a template for a script: `n="{n}"`), the rest as `gettext` fills them."""
    return _filled(flask_babel.get_translations().ngettext(singular, plural, count), {"n": count, **params})


def _filled(text: str, values: dict) -> str:
    """`text % values`, in French with `de`/`que` elided before a vowel sound (api/web/words/french.py)."""
    if current_lang() == "fr":
        from api.web.words import french

        return french.fill(text, values)
    return text % values


def alphabetical(names) -> list[str]:
    """Names in the order a reader looks for them: letters before their accents and case (Cedric, Chloé, Claire;
    ana before Ben), as a French or English index sorts; code points would put Chloé after Claire, and Zoé
    before ana."""
    def key(name: str) -> tuple[str, str]:
        bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
        return bare.casefold(), name
    return sorted(names, key=key)


def N_(text: str) -> str:
    """Mark a text for the catalogue where it is written; it is translated where it is shown."""
    return text


def rank_label(card: Card, lang: str) -> str:
    text = "JK" if card.is_joker else RANKS[card.rank - 1]
    return FR_RANKS.get(text, text) if lang == "fr" else text


def card_label(token: str, lang: str | None = None) -> str:
    """Show a card as players read it: `10♥`, `D♠` in French, `JK=7♥` for an announced wild."""
    return _placed(token, lang, _short, "=", "=")


def _placed(token: str, lang: str | None, write: Callable[[Card, str], str], between: str, between_fr: str) -> str:
    """A card token as `write` says a card, then, for a wild with the card it stands for, `between` (`between_fr`
    in French) and that card; a token that is not a card, as it is."""
    lang = lang or current_lang()
    try:
        placed = parse_placed(token)
    except ValueError:
        return str(token)
    out = write(placed.card, lang)
    if not placed.announced:
        return out
    return out + (between_fr if lang == "fr" else between) + write(placed.announced, lang)


def _short(card: Card, lang: str) -> str:
    return "JK" if card.is_joker else rank_label(card, lang) + SYMBOLS[card.suit]


def key_name(token: str, lang: str | None = None) -> str:
    """Name a card key as it reads, then in words (`Q♥, queen of hearts`): a voice user says what they see
    (WCAG 2.5.3), a screen reader user hears the words."""
    return card_label(token, lang) + ", " + card_name(token, lang)


def card_name(token: str, lang: str | None = None) -> str:
    """Name a card in words for screen readers: `queen of hearts`, `dame de cœur`."""
    return _placed(token, lang, _name, " as ", " pour ")


def _name(card: Card, lang: str) -> str:
    if card.is_joker:
        return "joker"
    sep = " de " if lang == "fr" else " of "
    return RANK_NAMES[lang][card.rank - 1] + sep + SUIT_NAMES[lang][card.suit]


def is_red(token: str) -> bool:
    try:
        placed = parse_placed(token)
    except ValueError:
        return False
    return (placed.announced or placed.card).suit in ("H", "D")


def canonical(token: str, lang: str | None = None) -> str:
    """Read a typed card (French R/D/V allowed in French) into its canonical text, e.g. `QH`, `JK=7H`."""
    lang = lang or current_lang()
    parts = token.strip().split("=")
    out = []
    for part in parts:
        part = part.strip()
        if lang == "fr" and len(part) >= 2 and part[0].upper() in FR_INPUT and part[:2].upper() != "JK":
            part = FR_INPUT[part[0].upper()] + part[1:]
        out.append(parse_card(part).text if part.upper() not in ("JK", "JOKER") else "JK")
    return "=".join(out)
