"""G-6: the arrangement of a hand with the lowest deadwood, as the referee takes it (the player announces none).

`arrangements` gives every arrangement of the lowest deadwood (G-8 picks among them the one that
lets the other lay off least); `arrange` gives the first. The melds come from `referee.gin.melds`
and the search from `referee.gin.packing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.cards import Card, sort_key
from referee.gin.melds import Meld, candidates
from referee.gin.packing import Packing
from referee.gin.values import value


class Arrangement(NamedTuple):
    """A hand laid out: its melds, the cards in none (the deadwood, G-6) and their count (G-1)."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def gin(self) -> bool:
        """Deadwood 0 (G-7)."""
        return self.points == 0


def arrangements(cards: Sequence[Card]) -> list[Arrangement]:
    """Every arrangement of these cards with the lowest deadwood (G-6), in a fixed order."""
    search, melds = _search(cards)
    return [_laid_out(cards, [melds[mask] for mask in packing]) for packing in search.every()]


def arrange(cards: Sequence[Card]) -> Arrangement:
    """One arrangement of these cards with the lowest deadwood (G-6)."""
    search, melds = _search(cards)
    return _laid_out(cards, [melds[mask] for mask in search.one()])


def _search(cards: Sequence[Card]) -> tuple[Packing, dict[int, Meld]]:
    found = {candidate.mask: candidate.meld for candidate in candidates(cards)}
    return Packing([value(card) for card in cards], list(found)), found


def _laid_out(cards: Sequence[Card], melds: Sequence[Meld]) -> Arrangement:
    """The arrangement of these melds: the cards in none are its deadwood, in display order."""
    melded = {card for meld in melds for card in meld.cards}
    deadwood = tuple(sorted((card for card in cards if card not in melded), key=sort_key))
    return Arrangement(tuple(melds), deadwood, sum(value(card) for card in deadwood))
