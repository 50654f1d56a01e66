"""Texts are for reading: a name or a free text (a ruling's reason, a director's message...) that holds a control
character (U+0000–U+001F, U+007F–U+009F) or a bidi control is refused, naming the field and the character.

Why: a control character shows as nothing or as a box on every phone, so two seats could look alike, and
PostgreSQL's text cannot hold U+0000 at all, so storing it would fail after the request was accepted. A bidi
control (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) changes the order in which what follows it is
shown: a right-to-left override makes the director read a reason backwards.

Names are also tidied, not refused, for zero-width characters (`events.names.readable_name`): "Ana" and "Ana"
with a zero-width space are one member.
"""

from __future__ import annotations

import unicodedata

from api.application.errors import BadRequest
from events.names import readable_name
from referee.violations import N_

__all__ = ["BIDI", "BIDI_IN", "CONTROL_IN", "bidi_control", "check", "control_character", "readable_name",
           "unreadable"]

BIDI = frozenset(map(chr, (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)))
CONTROL_IN = N_("`%(field)s` cannot hold %(char)s, a control character: a text is for reading")
BIDI_IN = N_("`%(field)s` cannot hold %(char)s, a bidi control: it changes the order in which a text reads")


def control_character(text: str) -> str | None:
    """The first control character of `text`, written U+XXXX for a message; None when every character reads."""
    for char in text:
        if unicodedata.category(char) == "Cc":
            return f"U+{ord(char):04X}"
    return None


def bidi_control(text: str) -> str | None:
    """The first bidi control of `text`, written U+XXXX; None when it has none."""
    for char in text:
        if char in BIDI:
            return f"U+{ord(char):04X}"
    return None


def unreadable(text: str) -> tuple[str, str] | None:
    """Why `text` is refused, as (message key, the character U+XXXX): its first control or bidi character."""
    for char in text:
        if unicodedata.category(char) == "Cc":
            return CONTROL_IN, f"U+{ord(char):04X}"
        if char in BIDI:
            return BIDI_IN, f"U+{ord(char):04X}"
    return None


def check(field: str, text: object, **extra) -> None:
    """Refuse (400) a text, or any text inside a list or an object, that holds a control or bidi character.
    `extra`: more members of the answer (an import's `line`)."""
    for value in _texts(text):
        found = unreadable(value)
        if found:
            raise BadRequest(N_("Unreadable text"), found[0], {"field": field, "char": found[1]}, said=True,
                             **extra)


def _texts(value: object):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)
