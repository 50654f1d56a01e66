"""A tournament's standings: each player's tables added up by the game's scoring.

Pure: a table counts as `(names in seat order, scores in seat order)` once it is finished or closed (its
scores as they stood). Balance games add session balances (highest first), penalty games final totals (lowest
first). Equal scores share a rank (1, 2, 2, 4); a player with no table counted yet stands at 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def standings(players: Sequence[str], counted: Iterable[tuple[Sequence[str], Sequence[int]]],
              scoring: str) -> list[dict]:
    """`[{"player", "tables", "score", "rank"}]`, best first; ties in the players' order."""
    score = {name: 0 for name in players}
    tables = {name: 0 for name in players}
    for names, scores in counted:
        for name, points in zip(names, scores, strict=False):
            score[name] = score.get(name, 0) + points
            tables[name] = tables.get(name, 0) + 1
    sign = -1 if scoring == "balance" else 1
    order = sorted(score, key=lambda name: sign * score[name])  # stable: ties keep the players' order
    out: list[dict] = []
    for i, name in enumerate(order):
        rank = out[-1]["rank"] if out and out[-1]["score"] == score[name] else i + 1
        out.append({"player": name, "tables": tables[name], "score": score[name], "rank": rank})
    return out
