"""E-5 rulings: an `adjust` entry adds whole points to some seats, with its reason; the same for every game.

`{"type": "adjust", "scores": {"2": -10}, "reason": "late"}`, written by the host (or the tournament's director,
the host of its tables): `actor` is None. The points go into the scores the game keeps (its `scores` list: the
balances or the totals), need not sum to zero, and are kept apart from the deals' results, with their reason,
so that every place that shows a score can show the ruling too. A game registers `(check, fold)` in its `RULES`
and settles its own winners when a ruling changes a finished table (`fold` gives what changed).
An adjust never ends or reopens a table: the game's end stays a rule of its deals (C-15, R-16).
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from referee.entry import Entry
from referee.violations import Malformed

MAX_POINTS = 10_000  # per seat and ruling: a typing slip, not a ruling
MAX_REASON = 200  # characters


class Adjustment(NamedTuple):
    """A ruling as the table keeps it: its entry, when, the deals played before it, points per seat, reason."""

    seq: int
    at: datetime
    deals: int
    points: dict[int, int]
    reason: str

    def to_dict(self) -> dict:
        return {"seq": self.seq, "at": self.at.isoformat(), "deals": self.deals,
                "scores": {str(seat): value for seat, value in sorted(self.points.items())}, "reason": self.reason}


def check(table, entry: Entry) -> tuple[dict[int, int], str]:
    """Read the ruling (400 naming the field, E-5): seats of this table, whole points but 0, a reason."""
    if entry.seat is not None:
        raise Malformed("adjust is the host's ruling for the table: it takes no `seat`", rule="E-5")
    players = len(table.players)
    scores = entry.data.get("scores")
    if not isinstance(scores, dict) or not scores:
        raise Malformed('adjust needs `scores`, the points it adds to each seat it concerns, {"2": -10}',
                        rule="E-5")
    points: dict[int, int] = {}
    for key, value in scores.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else None
        if seat is None or not 0 <= seat < players:
            raise Malformed("`scores` is keyed by seat numbers from 0 to %(last)s, not %(value)s", rule="E-5",
                            last=players - 1, value=repr(key))
        if not isinstance(value, int) or isinstance(value, bool) or not 0 < abs(value) <= MAX_POINTS:
            raise Malformed("`scores.%(field)s` is a whole number of points, not 0, from -%(most)s to %(most)s "
                            "(got %(value)s)", rule="E-5", field=key, most=MAX_POINTS, value=repr(value))
        if seat in points:
            raise Malformed("`scores` names seat %(field)s twice", rule="E-5", field=key)
        points[seat] = value
    reason = entry.data.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise Malformed("adjust needs `reason`: a ruling says why it is made", rule="E-5")
    if len(reason) > MAX_REASON:
        raise Malformed("`reason` is at most %(most)s characters", rule="E-5", most=MAX_REASON)
    return points, reason.strip()


def fold(table, entry: Entry, checked: tuple[dict[int, int], str]) -> None:
    """Add the points to the table's scores and keep the ruling beside its deals."""
    points, reason = checked
    scores = table.scores
    for seat, value in points.items():
        scores[seat] += value
    table.adjustments.append(Adjustment(entry.seq, entry.at, len(table.results), points, reason))


def points_of(adjustments, seat: int) -> int:
    """What rulings added to one seat's score."""
    return sum(a.points.get(seat, 0) for a in adjustments)
