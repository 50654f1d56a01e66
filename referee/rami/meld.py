"""Rami melds: runs and sets (R-6), one joker at most (R-7), meld value (R-8)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from referee.cards import Card
from referee.melds import Placed, check_run, check_set
from referee.violations import Violation


def is_wild(card: Card) -> bool:
    """R-1: only jokers are wild; a 2 is an ordinary card."""
    return card.is_joker


@dataclass
class MeldVerdict:
    kind: str | None = None  # "run" or "set"
    value: int | None = None
    cards: list[Placed] = field(default_factory=list)  # in position order
    violations: list[Violation] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def texts(self) -> list[str]:
        return [p.text for p in self.cards]


def card_value_in_run(position: int) -> int:
    """R-8: 2..10 face, J Q K 10, ace 1 low (position 1) or 11 high (position 14)."""
    if position == 1:
        return 1
    if position == 14:
        return 11
    return min(position, 10)


def card_value_in_set(rank: int) -> int:
    """R-8 *Reading*: an ace in a set counts 11."""
    return 11 if rank == 1 else min(rank, 10)


def _kind(items: Sequence[Placed]) -> str:
    standing = [p.announced or p.card for p in items if not (p.card.is_joker and p.announced is None)]
    ranks = {c.rank for c in standing if not c.is_joker}
    return "set" if len(ranks) == 1 and len(items) >= 2 else "run"


def check_meld(items: Sequence[Placed], where: dict | None = None) -> MeldVerdict:
    """Judge one meld: a valid run or set (R-6) with at most one joker (R-7), and its value (R-8)."""
    where = where or {}
    jokers = [p for p in items if p.card.is_joker]
    out = MeldVerdict()
    if len(jokers) > 1:
        out.violations.append(Violation("R-7", f"a meld holds at most one joker, this one has {len(jokers)}", **where))
    kind = _kind(items)
    if kind == "set":
        result = check_set(items, is_wild, set_rules=("R-6",), wild_rules=("K-5",), where=where)
        out.violations += result.violations
        if out.valid:
            out.kind, out.cards = "set", result.ordered
            out.value = card_value_in_set(result.rank) * len(items)
    else:
        result = check_run(items, is_wild, run_rules=("K-4",), wild_rules=("K-5",), where=where)
        out.violations += result.violations
        if out.valid:
            out.kind, out.cards = "run", [p for _, p in result.ordered]
            out.value = sum(card_value_in_run(pos) for pos, _ in result.ordered)
    return out
