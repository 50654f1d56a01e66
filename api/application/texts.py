"""The referee's message keys, spoken: English with the players' names for the JSON, any language for pages.

A violation carries `key` (the English template, also the msgid) and `params` (seats as numbers, cards
as canonical texts...: see `referee/violations.py`). `render` fills a key through a `Voice`, which says
how to translate it and how to name seats, cards, suits, ranks, entry types and times. The JSON API
speaks `english(names)`: the key as it is, players by name, cards as their canonical text; the pages
speak through `api/web/words/messages.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee.violations import (
    CARD_LIST_PARAMS,
    CARD_PARAMS,
    CHOICE_PARAMS,
    RANK_NAMES,
    SEAT_LIST_PARAMS,
    SEAT_PARAMS,
    SUIT_NAMES,
    choice,
)

WORD_PARAMS = frozenset({"what", "reason"})  # their values are keys themselves: "turns", "not a card"


def _same(text):
    return text


@dataclass(frozen=True)
class Voice:
    """How a language says the parts of a message."""

    translate: Callable[[str], str] = _same
    seat: Callable[[int], str] = "seat {}".format
    card: Callable[[str], str] = _same
    suit: Callable[[str], str] = SUIT_NAMES.get
    rank: Callable[[int], str] = lambda n: RANK_NAMES.get(n, str(n))
    entry_type: Callable[[str], str] = _same
    time: Callable[[str], str] = _same
    meld: Callable[[int], object] = _same  # a table meld's id as the reader knows it (pages: 1, 2, 3 per deal)
    and_word: str = "and"
    or_word: str = "or"
    fill: Callable[[str, dict], str] = lambda text, values: text % values  # French elides (api/web/words/french.py)


def render(key: str, params: dict | None, voice: Voice) -> str:
    """The message of `key` filled with `params`, in `voice`."""
    text = voice.translate(key)
    if not params:
        return text
    try:
        return voice.fill(text, {name: _shown(name, value, voice) for name, value in params.items()})
    except (KeyError, TypeError, ValueError):  # a catalogue line out of step with its key: say it in English
        return key % {name: _shown(name, value, Voice()) for name, value in params.items()}


def _shown(name: str, value, voice: Voice):
    """A message parameter as `voice` says it: a nested message, a seat, a card, or else a word."""
    if isinstance(value, dict) and "key" in value:
        return render(value["key"], value.get("params"), voice)
    if value is None:
        return "—"
    if name in SEAT_PARAMS and isinstance(value, int):
        return voice.seat(value)
    if name in SEAT_LIST_PARAMS:
        return ", ".join(voice.seat(s) for s in value)
    if name in CARD_PARAMS:
        return voice.card(value)
    if name in CARD_LIST_PARAMS:
        return ", ".join(map(voice.card, value))
    if name == "either":
        return choice(map(voice.card, value), voice.or_word)
    if name in CHOICE_PARAMS:
        return choice(value, voice.or_word)
    return _shown_word(name, value, voice)


def _shown_word(name: str, value, voice: Voice):
    """A parameter that is neither a seat nor a card: a suit, rank, entry type, word, time, meld or list."""
    if name == "suit":
        return voice.suit(value) or value
    if name == "suits":
        return f" {voice.and_word} ".join(voice.suit(s) or s for s in value)
    if name == "rank" and isinstance(value, int):
        return voice.rank(value)
    if name == "type" and isinstance(value, str):
        return voice.entry_type(value)
    if name in WORD_PARAMS and isinstance(value, str):
        return voice.translate(value)
    if name == "until":
        return voice.time(value)
    if name == "meld" and isinstance(value, int):
        return voice.meld(value)
    if name == "melds" and isinstance(value, (list, tuple)):
        return ", ".join(str(voice.meld(m)) for m in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return value


def english(names: list[str] | None = None) -> Voice:
    """The JSON's voice: English, players by name (else "seat 2"), cards and entry types as the API writes them."""
    if not names:
        return Voice()

    def seat(n: int) -> str:
        return names[n] if isinstance(n, int) and 0 <= n < len(names) else f"seat {n}"

    return Voice(seat=seat)


def message(violation: dict, voice: Voice) -> str:
    """The message of a violation as the API lists it (`{"rule", "message", "key", "params", ...}`)."""
    if "key" not in violation:
        return str(violation.get("message", ""))
    return render(violation["key"], violation.get("params"), voice)


def named(violations: list[dict], names: list[str] | None) -> list[dict]:
    """The violations with their English `message` naming the players."""
    voice = english(names)
    return [{**v, "message": message(v, voice)} if "key" in v else v for v in violations]


def named_verdict(verdict, names: list[str] | None):
    """A verdict (`{"valid", "violations", ...}`) with its messages naming the players; anything else as it is."""
    if isinstance(verdict, dict) and verdict.get("violations"):
        return {**verdict, "violations": named(verdict["violations"], names)}
    return verdict
