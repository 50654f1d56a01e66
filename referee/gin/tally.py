"""G-11: the game to 100, from its hands' scores, with its bonuses at the end.

A pure fold over the hands as a table records them: each hand names the seat that scored and its
points (G-9), or no seat for a void hand (G-10). The first seat to 100 or more wins the game: 100
more, then 25 a hand to each seat for every hand it won; if the loser won none (a shutout), the
winner's total, bonuses included, is doubled. The game's result for standings is the winner's total
less the loser's. Seats are 0 and 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.violations import N_, refuse

SEATS = 2
TARGET = 100  # G-11: the first to 100 or more
GAME_BONUS = 100  # G-11: the game's winner scores 100 more
HAND_BONUS = 25  # G-11: 25 for each hand won
OVER = N_("the game was over after hand %(n)s: a hand after it scores nothing")


class Hand(NamedTuple):
    """One hand's result (G-9): the seat that scored and its points; `winner` None is a void hand (G-10)."""

    winner: int | None
    points: int = 0


class Tally(NamedTuple):
    """The game as its hands leave it: the hands' points a seat, and once won, the bonuses and totals."""

    points: tuple[int, ...]  # the hands' points, no bonus
    won: tuple[int, ...]  # hands won, a seat
    winner: int | None  # the game's winner, once a seat reached 100
    bonuses: tuple[int, ...]  # the game's and the hands' bonuses, and a shutout's doubling (0 while playing)
    totals: tuple[int, ...]  # points and bonuses
    shutout: bool
    result: int  # for standings: the winner's total less the loser's (0 while playing)


def tally(hands: Sequence[Hand]) -> Tally:
    """Add up the hands (G-9, G-10) and, once a seat reaches 100, the bonuses (G-11).

    A hand after the one that ended the game is refused (G-11): the game is over.
    """
    points, won = [0] * SEATS, [0] * SEATS
    for n, hand in enumerate(hands, 1):
        if max(points) >= TARGET:
            raise refuse("G-11", OVER, n=n - 1)
        if hand.winner is not None:
            points[hand.winner] += hand.points
            won[hand.winner] += 1
    if max(points) < TARGET:
        return Tally(tuple(points), tuple(won), None, (0,) * SEATS, tuple(points), False, 0)
    return _won(points, won)


def _won(points: list[int], won: list[int]) -> Tally:
    """The bonuses once a seat has reached 100: the game's, each hand's, and the shutout's doubling."""
    winner = max(range(SEATS), key=lambda seat: points[seat])
    totals = [points[seat] + HAND_BONUS * won[seat] for seat in range(SEATS)]
    totals[winner] += GAME_BONUS
    shutout = all(won[seat] == 0 for seat in range(SEATS) if seat != winner)
    if shutout:
        totals[winner] *= 2
    bonuses = tuple(total - point for total, point in zip(totals, points, strict=True))
    loser = max(totals[seat] for seat in range(SEATS) if seat != winner)
    return Tally(tuple(points), tuple(won), winner, bonuses, tuple(totals), shutout, totals[winner] - loser)
