"""A rolling rating per member of a group, across evenings: an Elo-like fold of its tables' rankings.

Pure: the caller hands over the group's tables (`referee.stats.group.Played`, each with its summary); the
ratings are a fold of them in the order they were created, so they are what the logs replay to (E-2: a
correction of a table moves every rating after it).

- Every member starts at START (1500).
- A table counts once it is over: finished, or closed as it stands (a tournament's round closed with the table
  still playing) unless nothing was scored there yet. Tables of every game count in the one rating.
- A table of n players is n(n-1)/2 comparisons (a 5-player table, 10): for each pair, the better score (the
  game's scoring: the higher balance, or the lower total) scores 1, the other 0, equal scores 1/2 each. Its
  expected score is E = 1 / (1 + 10^((R_other - R_self) / 400)), from the ratings before the table.
- A player's change is K / (n - 1) × Σ (score - E) over her n - 1 comparisons, with K = 32: a table is worth one
  game of chess-club Elo whatever its size, shared among her comparisons. The changes of a table add up to 0.
- Ratings are kept as they are computed and shown rounded to a whole number.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee import games
from referee.stats.group import Played

START = 1500.0
K = 32.0
SCALE = 400.0
RATED = ("finished", "closed")  # statuses of a table whose ranking counts


def expected(mine: float, other: float) -> float:
    """The expected score of a comparison against `other` (Elo's logistic curve, 400 points a factor of 10)."""
    return 1.0 / (1.0 + 10.0 ** ((other - mine) / SCALE))


def outcome(mine: int, other: int, higher_wins: bool) -> float:
    """1 for the better score, 0 for the worse, 1/2 for equal ones."""
    if mine == other:
        return 0.5
    return 1.0 if (mine > other) == higher_wins else 0.0


def rated(p: Played) -> bool:
    """Whether a table's ranking counts: over (finished, or closed with something scored) and two players or more."""
    s = p.summary
    if s.status not in RATED or len(p.seats) < 2:
        return False
    return s.status == "finished" or bool(s.deals) or bool(getattr(s, "adjustments", ()))


def table_changes(ratings: dict[str, float], seats: tuple[str, ...], scores: list[int], higher_wins: bool) -> list[float]:
    """Each seat's change at one table, from the ratings before it (members not yet rated start at START)."""
    n = len(seats)
    before = [ratings.get(member, START) for member in seats]
    weight = K / (n - 1)
    return [weight * sum(outcome(scores[i], scores[j], higher_wins) - expected(before[i], before[j])
                         for j in range(n) if j != i)
            for i in range(n)]


def fold(played: Iterable[Played]) -> dict:
    """The ratings after every rated table, oldest first (created, then id):
    `{"tables": [ids], "ratings": {member: rating}, "history": {member: [(table index, rating after)]},
    "counted": {member: tables}}`."""
    order = sorted((p for p in played if rated(p)), key=lambda p: (p.created_at, p.table_id))
    ratings: dict[str, float] = {}
    history: dict[str, list[tuple[int, float]]] = {}
    counted: dict[str, int] = {}
    for index, p in enumerate(order):
        higher_wins = games.get(p.summary.game).higher_wins
        changes = table_changes(ratings, p.seats, p.summary.scores, higher_wins)
        for member, change in zip(p.seats, changes, strict=True):
            ratings[member] = ratings.get(member, START) + change
            history.setdefault(member, []).append((index, ratings[member]))
            counted[member] = counted.get(member, 0) + 1
    return {"tables": [p.table_id for p in order], "ratings": ratings, "history": history, "counted": counted}


def board(played: Iterable[Played], names: dict[str, str]) -> dict:
    """The group's ratings, best first, each with its history (rounded), and the rated tables in order:
    `{"tables": [ids], "rows": [{"member", "player", "rating", "tables", "history": [{"table", "rating"}]}]}`."""
    folded = fold(played)
    tables = folded["tables"]
    rows = [{"member": m, "player": names.get(m, m), "rating": round(r), "tables": folded["counted"][m],
             "history": [{"table": tables[i], "rating": round(v)} for i, v in folded["history"][m]]}
            for m, r in folded["ratings"].items()]
    rows.sort(key=lambda row: (-row["rating"], row["player"].casefold()))
    return {"start": round(START), "k": round(K), "tables": tables, "rows": rows}
