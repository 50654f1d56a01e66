"""A table's scores as the standings count them, by the game's scoring (`Game.scoring`).

A balance (Continental) and a total against (Rami) count as the table left them. Points for (Gin, G-11) count
the game's result: "the winner's total less the loser's", so each seat counts its total less the best other
seat's: the winner's margin with its sign, the loser the same taken away (at two seats the two add up to 0). A
total alone would reward a long game lost over a short one won. A table closed while it played (E-7) counts its
totals as they stood the same way, no bonus given (G-11's bonuses come at the game's end).
"""

from __future__ import annotations

from collections.abc import Sequence


def counted_scores(scores: Sequence[int], scoring: str) -> list[int]:
    """Each seat's score as a standing adds it up: the table's own, or (points for) its total less the best
    other seat's."""
    if scoring != "points" or len(scores) < 2:
        return list(scores)
    return [score - max(other for at, other in enumerate(scores) if at != seat) for seat, score in enumerate(scores)]
