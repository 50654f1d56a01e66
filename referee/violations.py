"""Verdict vocabulary: a violation names its rule and says why as a message key and its parameters.

The referee names facts, never in a language: a `key` is the English template of the message (it is
also the msgid the edge translates, `pybabel extract` finds it) and `params` fill it, seats as numbers
(`player`, `dealer`...), cards as canonical texts (`card`, `cards`...), entry types as themselves
(`type`), suits as letters (`suits`), a nested message as `{"key", "params"}` (`cause`).
`api/application/texts.py` renders them with the players' names, `api/web/words/messages.py` in the reader's language. `message` is the
key filled plainly (seats as "seat 2"), for logs and tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SEAT_PARAMS = frozenset({"player", "dealer", "turn", "winner", "first", "holder", "actor"})
CARD_PARAMS = frozenset({"card", "taken", "heaviest", "said", "announced", "other", "hint", "stands", "example"})
CARD_LIST_PARAMS = frozenset({"cards"})
SEAT_LIST_PARAMS = frozenset({"players"})
CHOICE_PARAMS = frozenset({"games"})  # words one of which a message asks for, said "continental or rami"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}  # `rank`: a rank number, named


def N_(key: str) -> str:
    """Mark a message key where it is not an argument of `refuse`, `Violation`...: the key itself."""
    return key


def fill(key: str, params: dict | None) -> str:
    """The key filled with its parameters as they are (seats as "seat 2"): no names, no language."""
    if not params:
        return key
    return key % {name: plain(name, value) for name, value in params.items()}


def choice(words, or_word: str = "or") -> str:
    """`a, b or c`: the words one of which is asked for, as a sentence lists them."""
    words = [str(word) for word in words]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {or_word} {words[-1]}"


def plain(name: str, value):
    if isinstance(value, dict) and "key" in value:
        return fill(value["key"], value.get("params"))
    if name in SEAT_PARAMS and isinstance(value, int):
        return f"seat {value}"
    if name in SEAT_LIST_PARAMS:
        return ", ".join(f"seat {seat}" for seat in value)
    if name == "rank" and isinstance(value, int):
        return RANK_NAMES.get(value, str(value))
    if name == "either" or name in CHOICE_PARAMS:
        return choice(value)
    if name == "suit":
        return SUIT_NAMES.get(value, value)
    if name == "suits":
        return " and ".join(SUIT_NAMES.get(s, s) for s in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return value


@dataclass(frozen=True)
class Violation:
    """One broken rule: `rule` is an id of RULES.md (`C-8`); `key` and `params` say why."""

    rule: str
    key: str
    params: dict | None = field(default=None, hash=False)  # a dict: left out of the hash, kept in ==
    run: int | None = None  # 1-based index of the run in an exit
    meld: int | None = None  # meld index in an entry, or table meld id
    card: str | None = None  # canonical card text
    entry: int | None = None  # seq of the log entry concerned

    @property
    def message(self) -> str:
        return fill(self.key, self.params)

    def to_dict(self) -> dict:
        out = {"rule": self.rule, "message": self.message, "key": self.key, "params": dict(self.params or {})}
        for name in ("run", "meld", "card", "entry"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


class Refusal(Exception):
    """An action the referee refuses (HTTP 422): the violations say why."""

    status = 422

    def __init__(self, violations: list[Violation] | Violation, title: str | None = None):
        if isinstance(violations, Violation):
            violations = [violations]
        self.violations = list(violations)
        self.title = title or N_("Refused by the rules")
        super().__init__(self.violations)

    def __str__(self) -> str:
        return "; ".join(f"{v.rule}: {v.message}" for v in self.violations)

    def cause(self) -> dict:
        """Why, as a parameter of another message: `{"key", "params"}` of the first violation."""
        first = self.violations[0] if self.violations else Violation("", str(self))
        return {"key": first.key, "params": first.params}

    @property
    def rules(self) -> list[str]:
        seen: list[str] = []
        for v in self.violations:
            if v.rule not in seen:
                seen.append(v.rule)
        return seen


class Malformed(Refusal):
    """An entry that is not readable as such (HTTP 400): a missing or unknown field."""

    status = 400

    def __init__(self, key: str, rule: str | None = None, **params):
        self.key, self.params = key, params
        super().__init__([Violation(rule, key, params or None)] if rule else [], title=N_("Malformed request"))

    @property
    def message(self) -> str:
        return fill(self.key, self.params)

    def cause(self) -> dict:
        return {"key": self.key, "params": self.params or None}

    def __str__(self) -> str:
        return self.message


def refuse(rule: str, key: str, *, run=None, meld=None, card=None, entry=None, **params) -> Refusal:
    """Build a one-violation refusal: `raise refuse("C-3", "%(player)s ...", player=seat)`.

    The violation's own `run`, `meld`, `card`, `entry` are parameters of its key too (`%(card)s`).
    """
    for name, value in (("run", run), ("meld", meld), ("card", card), ("entry", entry)):
        if value is not None:
            params.setdefault(name, value)
    return Refusal([Violation(rule, key, params or None, run, meld, card, entry)])
