"""G-7 and G-9: who may knock, and what a hand scores (undercut, gin).

The sides are "knocker" and "other", as the stateless judge answers them; a table turns them into
seats. `rules` lists the ids a score applied, for the verdict to cite.
"""

from __future__ import annotations

from typing import NamedTuple

KNOCK_LIMIT = 10  # G-7: a knock leaves 10 of deadwood or less
GIN_BONUS = 25  # G-9: a gin scores the other's deadwood and 25
UNDERCUT_BONUS = 25  # G-9: an undercut scores the difference and 25


class HandScore(NamedTuple):
    """A knocked hand's score (G-9): the side that scores, its points, whether it was an undercut or a gin."""

    winner: str  # "knocker" or "other"
    points: int
    undercut: bool
    gin: bool
    rules: tuple[str, ...]

    def to_dict(self) -> dict:
        """The score as the stateless judge answers it."""
        return {"winner": self.winner, "points": self.points, "undercut": self.undercut}


def may_knock(deadwood: int) -> bool:
    """A knock is allowed with 10 of deadwood or less (G-7)."""
    return deadwood <= KNOCK_LIMIT


def hand_score(deadwood: int, other_deadwood: int) -> HandScore:
    """Score a valid knock from the knocker's deadwood and the other's, after her lay-offs (G-9).

    A gin scores the other's deadwood and 25 (G-7, G-9). Otherwise the lower deadwood wins the difference;
    when the other's is equal or lower, she undercuts and scores the difference and 25.
    """
    if deadwood == 0:
        return HandScore("knocker", other_deadwood + GIN_BONUS, False, True, ("G-7", "G-9"))
    if deadwood < other_deadwood:
        return HandScore("knocker", other_deadwood - deadwood, False, False, ("G-9",))
    return HandScore("other", deadwood - other_deadwood + UNDERCUT_BONUS, True, False, ("G-9",))
