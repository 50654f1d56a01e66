"""Rami hand value at the end of a round (R-14)."""

from __future__ import annotations

from collections.abc import Iterable

from referee.cards import Card


def card_penalty(card: Card) -> int:
    """R-14: 2..9 face value; 10, J, Q, K 10; A 11; joker 25."""
    if card.is_joker:
        return 25
    if card.rank == 1:
        return 11
    return min(card.rank, 10)


def hand_value(cards: Iterable[Card]) -> int:
    return sum(card_penalty(c) for c in cards)
