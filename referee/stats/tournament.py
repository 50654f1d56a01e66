"""A tournament's standings: each player's tables added up by the game's scoring, and the tie-break.

Pure: a table counts as `(names in seat order, scores in seat order)` once it is finished or closed (its
scores as they stood). Balance games add session balances (highest first), penalty games final totals (lowest
first), points games each game's result, a seat's total less the best other's (highest first; G-11,
`referee.stats.counted`). Equal scores share a `rank` (1, 2, 2, 4: API.md); a player with no table counted yet stands at 0.

Byes (README, "Byes"; RULES, "Tournament byes"): a round a player sits out because the players present do not
divide into tables counts as her own average table of the evening, so that it neither helps nor hurts her: her
score is her tables' sum times (tables + byes) / tables, rounded to the nearest point (halves away from zero).
Before she has played a table her byes count 0. The tie-break counts only the tables played.

Ties (README, "Ties"; RULES, "Tournament tie-break"): players of equal score are told apart, in this order, by
1. more tables won (a table is won by the best score at it; a shared best is a win for each),
2. the best single table (highest balance or game's result; lowest total at a penalty game),
3. head to head: among the players still tied, the one who finished ahead of the others more often at the
   tables they shared (ahead minus behind),
and players equal on all three share their `place`. A club reads a night's winner as the one who won the most
tables; a single great table comes next; head to head comes last because at tables of four with a new draw
each round, two tied players have often never met. Nothing else (seat, draw, name) decides: a place no rule
tells apart is shared, never drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from referee.game import HIGHER_WINS
from referee.stats.counted import counted_scores

TIEBREAKS = ("won", "best", "head")  # the order of the tie-break, as `tiebreak` names the one that decided


def standings(players: Sequence[str], counted: Iterable[tuple[Sequence[str], Sequence[int]]],
              scoring: str, byes: dict[str, int] | None = None) -> list[dict]:
    """`[{"player", "tables", "byes", "score", "rank", "won", "best", "place", "tiebreak"}]`, best first by the tie-break
    (players it cannot tell apart in the players' order). `rank`: by score alone; `place`: after the tie-break;
    `tiebreak`: the criterion that set her apart from a player of equal score next to her (None: none was needed,
    or none could)."""
    sign = -1 if scoring in HIGHER_WINS else 1  # sign * points: lower is better
    score = {name: 0 for name in players}
    tables: dict[str, int] = {name: 0 for name in players}
    won: dict[str, int] = {name: 0 for name in players}
    best: dict[str, int | None] = {name: None for name in players}
    played: list[dict[str, int]] = []
    for names, scores in counted:
        at = dict(zip(names, counted_scores(scores, scoring), strict=False))
        played.append(at)
        top = min((sign * p for p in at.values()), default=0)
        for name, points in at.items():
            score[name] = score.get(name, 0) + points
            tables[name] = tables.get(name, 0) + 1
            won[name] = won.get(name, 0) + (sign * points == top)
            kept = best.get(name)
            best[name] = points if kept is None or sign * points < sign * kept else kept
    sat_out = {name: (byes or {}).get(name, 0) for name in score}
    for name, out_rounds in sat_out.items():
        score[name] = with_byes(score[name], tables[name], out_rounds)
    order = sorted(score, key=lambda name: (sign * score[name], -won[name], _best_key(best[name], sign)))
    keys = _with_head(order, score, won, best, played, sign)
    out: list[dict] = []
    for i, name in enumerate(order):
        rank = out[-1]["rank"] if out and out[-1]["score"] == score[name] else i + 1
        place = out[-1]["place"] if out and keys[order[i - 1]] == keys[name] else i + 1
        out.append({"player": name, "tables": tables[name], "byes": sat_out[name], "score": score[name], "rank": rank, "won": won[name],
                    "best": best[name], "place": place, "tiebreak": None})
    for before, after in zip(out, out[1:], strict=False):
        if before["score"] == after["score"] and before["place"] != after["place"]:
            decided = _decided(keys[before["player"]], keys[after["player"]])
            before["tiebreak"] = before["tiebreak"] or decided
            after["tiebreak"] = decided
    return out


def with_byes(total: int, tables: int, byes: int) -> int:
    """Her score with her byes counted as her average table: `total` over `tables` played, scaled to `tables +
    byes` rounds, to the nearest point (halves away from zero); 0 for byes before any table."""
    if not byes or not tables:
        return total
    scaled = Fraction(total * (tables + byes), tables)
    whole = int(abs(scaled) + Fraction(1, 2))
    return whole if scaled >= 0 else -whole


def _best_key(points: int | None, sign: int) -> tuple[int, int]:
    """Her best table, lower is better; no table counted yet comes after any."""
    return (1, 0) if points is None else (0, sign * points)


def _with_head(order: list[str], score: dict, won: dict, best: dict, played: list[dict[str, int]],
               sign: int) -> dict[str, tuple]:
    """Each player's full key (score, tables won, best table, head to head), lower is better, and `order` sorted
    by it in place (stable: players no rule tells apart keep the players' order)."""
    short = {name: (sign * score[name], -won[name], _best_key(best[name], sign)) for name in order}
    groups: dict[tuple, list[str]] = {}
    for name in order:
        groups.setdefault(short[name], []).append(name)
    keys = {}
    for tied in groups.values():
        for name in tied:
            keys[name] = (*short[name], -_head(name, tied, played, sign))
    order.sort(key=lambda name: keys[name])
    return keys


def _head(name: str, tied: list[str], played: list[dict[str, int]], sign: int) -> int:
    """Times she finished ahead of another of the tied players at a table they shared, minus times behind."""
    net = 0
    for at in played:
        if name not in at:
            continue
        for other in tied:
            if other != name and other in at:
                net += (sign * at[name] < sign * at[other]) - (sign * at[name] > sign * at[other])
    return net


def _decided(one: tuple, other: tuple) -> str | None:
    """The tie-break that tells two keys of equal score apart: the first criterion where they differ."""
    return next((name for name, a, b in zip(TIEBREAKS, one[1:], other[1:], strict=True) if a != b), None)
