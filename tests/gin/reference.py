"""A naive, exhaustive reference for the knock judge: every meld, every set of disjoint melds, every lay-off.

Written from docs/RULES.md G-1, G-5..G-9 alone, plainly and slowly, so that the fast judge
(`referee.gin`) can be checked against it: it shares none of the judge's code but the cards.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from referee.cards import Card


def value(card: Card) -> int:
    """G-1: the ace 1, 2-10 their number, J Q K 10."""
    return min(card.rank, 10)


def is_meld(cards: tuple[Card, ...]) -> bool:
    """G-5: 3 or 4 cards of one rank, or 3 or more in sequence in one suit (the ace low only)."""
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    ranks = sorted(c.rank for c in cards)
    return len({c.suit for c in cards}) == 1 and all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))


def every_meld(cards) -> list[frozenset]:
    """Every subset of the cards that is a meld."""
    return [frozenset(group) for size in range(3, len(cards) + 1)
            for group in combinations(cards, size) if is_meld(group)]


def every_packing(melds: list[frozenset]) -> list[tuple[frozenset, ...]]:
    """Every set of melds no two of which share a card (the empty one too)."""
    if not melds:
        return [()]
    first, rest = melds[0], melds[1:]
    without = every_packing(rest)
    with_first = [(first, *p) for p in every_packing([m for m in rest if not m & first])]
    return without + with_first


def deadwood(cards, packing) -> int:
    melded = set().union(*packing) if packing else set()
    return sum(value(c) for c in cards if c not in melded)


def fits(card: Card, meld: frozenset) -> bool:
    """G-8: the card is a set's fourth card or at one end of a run."""
    ranks = {c.rank for c in meld}
    if len(ranks) == 1:
        return len(meld) < 4 and card.rank in ranks
    return card.suit == next(iter(meld)).suit and card.rank in (min(ranks) - 1, max(ranks) + 1)


@cache
def after_layoffs(melds: tuple[frozenset, ...], left: frozenset) -> int:
    """The lowest count left after laying off the cards `left`, one after another, in every order and place."""
    best = sum(value(c) for c in left)
    for card in left:
        for i, meld in enumerate(melds):
            if fits(card, meld):
                grown = melds[:i] + (meld | {card},) + melds[i + 1:]
                best = min(best, after_layoffs(grown, left - {card}))
    return best


def other_deadwood(cards, knocker_melds: tuple[frozenset, ...], gin: bool) -> int:
    """G-8: her melds, then her lay-offs on the knocker's melds (none after a gin): the lowest deadwood."""
    best = None
    for packing in every_packing(every_meld(cards)):
        melded = set().union(*packing) if packing else set()
        left = frozenset(c for c in cards if c not in melded)
        found = sum(value(c) for c in left) if gin else after_layoffs(knocker_melds, left)
        best = found if best is None else min(best, found)
    return best


def score(mine: int, hers: int) -> dict:
    """G-9."""
    if mine == 0:
        return {"winner": "knocker", "points": hers + 25, "undercut": False}
    if mine < hers:
        return {"winner": "knocker", "points": hers - mine, "undercut": False}
    return {"winner": "other", "points": mine - hers + 25, "undercut": True}


def judge(hand, other) -> dict:
    """The knock judged by brute force: the fields the golden cases compare."""
    packings = every_packing(every_meld(hand))
    lowest = min(deadwood(hand, p) for p in packings)
    if lowest > 10:
        return {"valid": False, "deadwood": lowest}
    gin = lowest == 0
    best = [p for p in packings if deadwood(hand, p) == lowest]
    hers = max(other_deadwood(other, tuple(p), gin) for p in best)  # G-8 Reading: she lays off least
    return {"valid": True, "gin": gin, "deadwood": lowest, "other_deadwood": hers, "score": score(lowest, hers)}
