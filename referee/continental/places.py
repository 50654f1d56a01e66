"""Lay one run a player tapped with its wilds announced (C-7..C-9, K-5): `referee.game.Game.places` for Continental.

The same search places Rami's jokers (`referee.melds.wild_places`); here a run is of one suit (C-7), holds a
natural (C-8: a 2 is never it) and may keep a 2 of its suit at its own place unannounced (C-9). A Continental run
may hold several wilds (2s and jokers): each unannounced one is given, in turn, every place of the run's suit. Ways
that fill the same places are one way: which wild stands in which of them changes neither the exit's validity nor
its settlement (C-12 counts the 2s and jokers of the hand), so the player is never asked it; the wilds take the
places in the order they were tapped, lowest first.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import Card
from referee.continental.settlement import is_wild
from referee.melds import Placed, by_place, check_run, parse_placed, wild_places

MOST_OPEN = 3  # unannounced wilds placed in one run; beyond, the run has no way and the solver arranges the cards


def places(tokens: Sequence[str]) -> list[list[str]]:
    """The ways to lay this run with its wilds announced, each as the cards' texts by position: `3H JK 5H` has
    one (`JK=4H`); `3H 4H 5H JK` two (`JK=2H`, `JK=6H`); `5S 2C JK` three (`3S 4S 5S`, `4S 5S 6S`, `5S 6S 7S`);
    a run of two suits none."""
    run = [parse_placed(t) for t in tokens]
    if _valid(run):
        return [_ordered(run)]
    open_wilds = [i for i, p in enumerate(run) if p.announced is None and is_wild(p.card)]
    if len(open_wilds) <= 1:
        return by_place([_ordered(way) for way in wild_places(run, is_wild, _valid)])
    suits = {p.stands_for.suit for p in run if p.stands_for is not None and not is_wild(p.card)}
    suits |= {p.announced.suit for p in run if p.announced is not None}
    if len(suits) != 1 or len(open_wilds) > MOST_OPEN:
        return []
    suit = suits.pop()
    found: dict[frozenset[Card], list[str]] = {}  # by the places the wilds fill
    for way in _announce(run, open_wilds, [Card(rank, suit) for rank in range(1, 14)]):
        filled = frozenset(way[i].announced for i in open_wilds)
        if filled not in found and _valid(way):
            found[filled] = _ordered(way)
    return sorted(found.values(), key=_low)  # lowest run first, as `by_place` orders a single wild's ways


def _announce(run: list[Placed], open_wilds: list[int], cards: list[Card]):
    """Every run with the wilds at `open_wilds` announced as distinct cards of `cards` (a place holds one card)."""
    if not open_wilds:
        yield run
        return
    i, rest = open_wilds[0], open_wilds[1:]
    taken = {p.announced for p in run if p.announced is not None}
    for card in cards:
        if card not in taken:
            yield from _announce([*run[:i], Placed(run[i].card, card), *run[i + 1:]], rest, cards)


def _low(texts: list[str]) -> int:
    """The position of a run's lowest card (its first, by position: K-3)."""
    return parse_placed(texts[0]).stands_for.rank  # type: ignore[union-attr]  # a run's first card stands for one


def _ordered(run: list[Placed]) -> list[str]:
    return [p.text for _, p in check_run(run, is_wild, own_place_twos=True).ordered]


def _valid(run: list[Placed]) -> bool:
    return check_run(run, is_wild, own_place_twos=True).ok and any(not is_wild(p.card) for p in run)
