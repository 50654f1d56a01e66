"""G-5: sets and runs, and every meld a hand could lay (the candidates the arrangement search picks from).

A meld is a `Meld(kind, cards)`, its cards in order: a run by rank (the ace low only, G-1), a set
by suit. The search works on a hand's cards by index: a candidate is the bit mask of the cards it
holds, so that two melds share no card exactly when their masks share no bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from referee.cards import SUITS, Card

SET_SIZES = (3, 4)  # G-5: 3 or 4 cards of one rank
RUN_LEAST = 3  # G-5: 3 or more in sequence


class Meld(NamedTuple):
    """A set or a run (G-5), its cards in order."""

    kind: str  # "set" or "run"
    cards: tuple[Card, ...]

    @property
    def texts(self) -> list[str]:
        return [card.text for card in self.cards]


class Candidate(NamedTuple):
    """A meld a hand could lay: its cards as a bit mask of the hand's indexes, and the meld."""

    mask: int
    meld: Meld


def kind_of(cards: Sequence[Card]) -> str | None:
    """Say whether these cards make a set or a run (G-5), or None."""
    if len(cards) in SET_SIZES and len({c.rank for c in cards}) == 1 and len({c.suit for c in cards}) == len(cards):
        return "set"
    ranks = sorted(c.rank for c in cards)
    if len(cards) >= RUN_LEAST and len({c.suit for c in cards}) == 1 and ranks == list(range(ranks[0],
                                                                                         ranks[0] + len(cards))):
        return "run"
    return None


def candidates(cards: Sequence[Card]) -> list[Candidate]:
    """Every set and run these cards can make (G-5): the sets of a rank, then every stretch of a suit's run."""
    return _sets(cards) + _runs(cards)


def _sets(cards: Sequence[Card]) -> list[Candidate]:
    """Each rank held 3 or 4 times: its set of 3, or its set of 4 and its four sets of 3."""
    by_rank: dict[int, list[int]] = {}
    for i, card in enumerate(cards):
        by_rank.setdefault(card.rank, []).append(i)
    found = []
    for held in by_rank.values():
        if len(held) < SET_SIZES[0]:
            continue
        held.sort(key=lambda i: SUITS.index(cards[i].suit))
        for size in SET_SIZES:
            for picked in combinations(held, size):
                found.append(_candidate("set", picked, cards))
    return found


def _runs(cards: Sequence[Card]) -> list[Candidate]:
    """Each stretch of 3 or more consecutive ranks of one suit (the ace low only)."""
    places = {(card.suit, card.rank): i for i, card in enumerate(cards)}
    found = []
    for (suit, rank), first in places.items():
        if (suit, rank + RUN_LEAST - 1) not in places:  # no run of 3 can start here (the cheap common answer)
            continue
        held = [first]
        while (suit, rank + len(held)) in places:
            held.append(places[suit, rank + len(held)])
            if len(held) >= RUN_LEAST:
                found.append(_candidate("run", held, cards))
    return found


def _candidate(kind: str, picked: Sequence[int], cards: Sequence[Card]) -> Candidate:
    return Candidate(sum(1 << i for i in picked), Meld(kind, tuple(cards[i] for i in picked)))
