"""Gin rami hands to judge: random deals, and near-knocks (melds, a little deadwood, the other's cards near them).

Shared by `bench.bench_gin` and the tests of `referee.gin`: a random deal is mostly no knock at all,
a near-knock is what a table shows (two or three melds, deadwood around the limit of 10, and the
other holding cards that could be laid off).
"""

from __future__ import annotations

import random

from referee.cards import Card
from referee.gin.values import DECK, HAND


def random_deal(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """Two hands of ten from a shuffled deck."""
    cards = rng.sample(DECK, 2 * HAND)
    return cards[:HAND], cards[HAND:]


def _meld(rng: random.Random, free: set[Card]) -> list[Card]:
    """A set or a run of free cards around a random free card (possibly cut short), or nothing."""
    card = rng.choice(sorted(free))
    if rng.random() < 0.4:
        cards = sorted(c for c in free if c.rank == card.rank)  # sorted: a set's order changes with the process
        return rng.sample(cards, min(len(cards), rng.choice((3, 3, 4))))
    run = [card]
    for rank in range(card.rank + 1, min(14, card.rank + rng.choice((3, 3, 4, 5)))):
        if Card(rank, card.suit) not in free:
            break
        run.append(Card(rank, card.suit))
    return run


def _near(card: Card) -> list[Card]:
    """The cards that could be laid off on a meld holding this card: its rank, its suit's neighbours."""
    return [c for c in DECK if c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)]


def near_knock(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A knocker's ten with two or three melds and little deadwood, and an other's ten, half near her melds."""
    free = set(DECK)
    hand: list[Card] = []
    melded = rng.choice((6, 7, 8, 9, 10))
    while len(hand) < melded:
        meld = _meld(rng, free)[: melded - len(hand)]
        hand += meld
        free -= set(meld)
    low = sorted(c for c in free if c.rank <= 5)
    hand += rng.sample(low, HAND - len(hand))
    free -= set(hand)
    near = sorted({c for card in hand for c in _near(card)} & free)
    other = rng.sample(near, min(len(near), rng.randint(2, 6)))
    other += rng.sample(sorted(free - set(other)), HAND - len(other))
    rng.shuffle(hand)
    return hand, other
