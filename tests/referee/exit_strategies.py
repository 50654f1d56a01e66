"""Hypothesis strategies for Continental hands and exits (shared by the referee tests)."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from referee.cards import SUITS, Card, excess, full_deck
from referee.continental.exit import SHAPES
from referee.melds import Placed

DECK = full_deck(jokers=2)
WILDS = [c for c in DECK if c.is_joker or c.rank == 2]
# A narrow pool (two suits, aces, low and high cards, every wild) makes exits and near misses common.
NARROW = [c for c in DECK if c.suit in ("H", "S") and c.rank in (1, 3, 4, 5, 6, 12, 13)] + WILDS


def _draw(pool: list[Card]):
    return st.lists(st.integers(0, len(pool) - 1), min_size=15, max_size=15, unique=True).map(
        lambda picks: [pool[i] for i in picks])


random_hands = _draw(DECK)
narrow_hands = _draw(NARROW)


@st.composite
def valid_exits(draw, one_suit: bool = False) -> list[list[Placed]]:
    """Draw a valid exit: runs of one suit each, some places held by announced wilds, 2s at their own place."""
    shape = draw(st.permutations(draw(st.sampled_from(SHAPES))))
    suit_all = draw(st.sampled_from(SUITS))
    runs = []
    for length in shape:
        suit = suit_all if one_suit else draw(st.sampled_from(SUITS))
        start = draw(st.integers(1, 15 - length))
        places = list(range(start, start + length))
        naturals = [p for p in places if p != 2]
        keep = draw(st.sampled_from(naturals))  # C-8: one natural at least
        run = []
        for pos in places:
            card = Card(1 if pos == 14 else pos, suit)
            if pos == 2:
                own = draw(st.booleans())
                run.append(Placed(card) if own else Placed(draw(st.sampled_from(WILDS)), card))
            elif pos != keep and draw(st.integers(0, 3)) == 0:
                run.append(Placed(draw(st.sampled_from(WILDS)), card))
            else:
                run.append(Placed(card))
        runs.append(draw(st.permutations(run)))
    assume(not excess([p.card for run in runs for p in run], jokers=2))
    return [list(run) for run in runs]


def hand_from(runs: list[list[Placed]]) -> list[Card]:
    return [p.card for run in runs for p in run]


def texts(runs) -> list[list[str]]:
    return [[p.text for p in run] for run in runs]


__all__ = ["DECK", "NARROW", "WILDS", "hand_from", "narrow_hands", "random_hands", "texts", "valid_exits"]
