"""G-1: what a card counts at Gin rami, and the deck a hand comes from.

One 52-card deck and no joker (K-2 with 0 jokers): a card is in a hand, or in the
other's, once at most. The ace is low only: it counts 1 and a run starts at it,
never ends at it (Q-K-A is no run).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.cards import SUITS, Card

JOKERS = 0  # K-2: no joker in a Gin deck
DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))  # one deck, each card once
HAND = 10  # G-2: ten cards each
FACE = 10  # G-1: J, Q, K count 10


def value(card: Card) -> int:
    """A card's count (G-1): the ace 1, 2-10 their number, the faces 10."""
    return card.rank if card.rank < FACE else FACE


def count(cards: Iterable[Card]) -> int:
    """The cards' count added up (G-1): a deadwood's points."""
    return sum(value(card) for card in cards)
