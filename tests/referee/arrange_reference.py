"""An exhaustive reference for the arrangement solver: tries every way to split the cards into runs."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from referee.cards import Card, excess
from referee.continental.exit import SHAPES


def _wild(card: Card) -> bool:
    return card.rank in (0, 2)


def can_be_run(group: tuple[Card, ...]) -> bool:
    """Tell whether these cards, wilds announced as needed, make a Continental run (C-7..C-10)."""
    naturals = [c for c in group if not _wild(c)]
    if not naturals or len({c.suit for c in naturals}) > 1 or len(set(naturals)) < len(naturals):
        return False
    for ace_high in (False, True):
        places = [14 if c.rank == 1 and ace_high else c.rank for c in naturals]
        if max(places) - min(places) + 1 <= len(group):
            return True
    return False


def exit_exists(cards: list[Card]) -> bool:
    """Tell whether the 15 cards can be laid as a valid exit, by trying every split into runs."""
    if len(cards) != 15 or excess(cards, jokers=2):
        return False
    # Every wild can stand for any place (C-1, K-5): one generic wild stands for them all.
    # Naturals first, so the first card left is a natural while there is one.
    generic = [Card(0, "") if _wild(c) else c for c in cards]
    ordered = tuple(sorted(generic, key=lambda c: (_wild(c), c.suit, c.rank)))
    return _split(ordered, ())


@cache
def _split(left: tuple[Card, ...], lengths: tuple[int, ...]) -> bool:
    if not left:
        return tuple(sorted(lengths, reverse=True)) in SHAPES
    first, rest = left[0], left[1:]
    if _wild(first):
        return False  # only wilds are left: no run can take them (C-8)
    tried = set()
    for size in (3, 4, 5):
        grown = tuple(sorted(lengths + (size,), reverse=True))
        if not any(_fits(grown, shape) for shape in SHAPES):
            continue
        for picks in combinations(range(len(rest)), size - 1):
            group = (first,) + tuple(rest[i] for i in picks)
            key = tuple(sorted(group))
            if key in tried or not can_be_run(group):
                continue
            tried.add(key)
            others = tuple(c for i, c in enumerate(rest) if i not in picks)
            if _split(others, grown):
                return True
    return False


def _fits(lengths: tuple[int, ...], shape: tuple[int, ...]) -> bool:
    """Tell whether these run lengths can still grow into `shape`."""
    left = list(shape)
    for n in lengths:
        if n not in left:
            return False
        left.remove(n)
    return True
