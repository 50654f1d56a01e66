"""Lay one run a player tapped with its wild announced (C-7..C-9, K-5): `referee.game.Game.places` for Continental.

The same search places Rami's jokers (`referee.melds.wild_places`); here a run is of one suit (C-7), holds a
natural (C-8: a 2 is never it) and may keep a 2 of its suit at its own place unannounced (C-9).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.continental.settlement import is_wild
from referee.melds import Placed, by_place, check_run, parse_placed, wild_places


def places(tokens: Sequence[str]) -> list[list[str]]:
    """The ways to lay this run with its wild announced, each as the cards' texts by position: `3H JK 5H` has
    one (`JK=4H`); `3H 4H 5H JK` two (`JK=2H`, `JK=6H`); a run of two suits none."""
    run = [parse_placed(t) for t in tokens]
    return by_place([[p.text for _, p in check_run(way, is_wild, own_place_twos=True).ordered]
                     for way in wild_places(run, is_wild, _valid)])


def _valid(run: list[Placed]) -> bool:
    return check_run(run, is_wild, own_place_twos=True).ok and any(not is_wild(p.card) for p in run)
