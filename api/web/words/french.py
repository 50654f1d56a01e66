"""French words around a name: "de" and "que" are elided before a vowel sound (`d’Ana`, `qu’Émile`).

A message's French says `de %(name)s`; the name is known only when the message is shown. `fill` puts the values
in and elides the word before a value that starts with a vowel sound. The choice, for first names:
- a vowel, accented or not (Ana, Émile, Ines, Océane, Ulysse): `d’Ana`, `qu’Émile`;
- an `h`, taken as mute as in most first names (Hugo, Hélène, Henri): `d’Hugo`;
- a `y` before a consonant sounds as a vowel (Yves, Yvonne): `d’Yves`; before a vowel it does not (Yann,
  Yolande): `de Yann`;
- anything else (a consonant, a digit, a sign) keeps the full word: `de Ben`, `de 11`.
It elides `de`, `que` and the conjunctions ending in `que` (lorsque, puisque, jusque), never across other words.
"""

from __future__ import annotations

import re
import unicodedata

APOSTROPHE = "\u2019"  # the typographic apostrophe the catalogue uses (`l’hôte`)
ELIDED = re.compile(r"(?<![\w\u2019'])(de|De|que|Que|lorsque|Lorsque|puisque|Puisque|jusque|Jusque) %\((\w+)\)s")


def _plain(letter: str) -> str:
    return unicodedata.normalize("NFD", letter)[0].lower()


def vowel_sound(word: str) -> bool:
    """Whether a word (a first name) starts with a vowel sound in French, as the module's docstring decides."""
    word = word.strip()
    if not word:
        return False
    first = _plain(word[0])
    if first in "aeiouhæœ":
        return True
    if first == "y":
        return len(word) > 1 and _plain(word[1]) not in "aeiouy"
    return False


def fill(text: str, values: dict) -> str:
    """`text % values`, each `de %(x)s` (`que`...) elided before a value with a vowel sound."""
    def elide(match: re.Match) -> str:
        word, name = match.group(1), match.group(2)
        value = values.get(name)
        if isinstance(value, str) and vowel_sound(value):
            return f"{word[:-1]}{APOSTROPHE}%({name})s"
        return match.group(0)

    return ELIDED.sub(elide, text) % values
