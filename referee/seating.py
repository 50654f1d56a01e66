"""A tournament's seating, round by round: how many tables of which size, and who sits together.

Pure: players are numbers, the pairs that already met are counted by the caller, randomness comes in as a
`random.Random`. Tables seat `size` players, or one fewer, or one more when the count does not divide, within the
game's seats (`Game.seats`); they differ by one seat at most. Whoever still cannot be seated has a bye that round,
in turn: nobody has two before everyone present has had one. A draw avoids seating two players together again while
another seating allows it: it searches (local swaps between tables, led by the pairs that meet again) for a
seating with as few pairs meeting again as it can find, first; then, for a swiss round, players of close
standing together.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

AGAIN = 1000  # the cost of a pair meeting again: more than any spread of standings within the tables
STEPS = 4000  # moves tried at most per draw
STALE = 300  # moves in a row that find no better seating than the best: it is as good as this search gets


def table_sizes(count: int, size: int, seats: range) -> list[int] | None:
    """The tables' sizes for `count` players at tables of `size`, every player seated: tables of `size` or one fewer
    (the fewest tables), else of `size` or one more (the most tables); largest first, so tables differ by one seat
    at most. None when no such tables fall within the game's seats (API.md: table size ± 1, within the game's)."""
    if size not in seats or count < 1:
        return None
    for sizes in (_fewer(count, size), _more(count, size)):
        if sizes and all(s in seats for s in sizes):
            return sizes
    return None


def _fewer(count: int, size: int) -> list[int] | None:
    tables = math.ceil(count / size)
    full = count - tables * (size - 1)
    return [size] * full + [size - 1] * (tables - full) if full >= 0 else None


def _more(count: int, size: int) -> list[int] | None:
    tables = count // size
    extra = count - tables * size
    return [size + 1] * extra + [size] * (tables - extra) if tables and extra <= tables else None


def seated_sizes(count: int, size: int, seats: range) -> list[int] | None:
    """The tables' sizes for as many of `count` players present as can be seated (`table_sizes` of the most that
    fit); `count - sum(sizes)` sit the round out (byes). None when not even one table can be made."""
    for seated in range(count, 0, -1):
        sizes = table_sizes(seated, size, seats)
        if sizes is not None:
            return sizes
    return None


def byes(players: Sequence[int], count: int, had: dict[int, int], rng: random.Random) -> list[int]:
    """The `count` players who sit this round out: those with the fewest byes so far (`had`), ties drawn, so that
    nobody has a second bye before everyone present has had one."""
    order = sorted(players, key=lambda p: (had.get(p, 0), rng.random()))
    return sorted(order[:count])


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def met_pairs(tables: Sequence[Sequence[int]]) -> dict[tuple[int, int], int]:
    """How many times each pair sat together at these tables."""
    met: dict[tuple[int, int], int] = {}
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1:]:
                met[pair(a, b)] = met.get(pair(a, b), 0) + 1
    return met


def again(tables: Sequence[Sequence[int]], met: dict[tuple[int, int], int]) -> int:
    """How many pairs of these tables had already met (a pair counts once per earlier meeting)."""
    return sum(met.get(pair(a, b), 0) for t in tables for i, a in enumerate(t) for b in t[i + 1:])


class _Draw:
    def __init__(self, tables: list[list[int]], met: dict, rank: dict[int, int] | None):
        self.tables, self.met, self.rank = tables, met, rank
        self.where = {p: t for t, table in enumerate(tables) for p in table}

    def meets(self, p: int, table: list[int], but: int | None = None) -> int:
        return sum(self.met.get(pair(p, q), 0) for q in table if q != p and q != but)

    def spread(self, table: list[int]) -> int:
        if self.rank is None:
            return 0
        ranks = [self.rank[p] for p in table]
        return max(ranks) - min(ranks)

    def cost(self) -> int:
        return AGAIN * again(self.tables, self.met) + sum(self.spread(t) for t in self.tables)

    def delta(self, a: int, b: int) -> int:
        """What swapping `a` and `b` (at two tables) changes in the cost."""
        ta, tb = self.tables[self.where[a]], self.tables[self.where[b]]
        before = self.meets(a, ta) + self.meets(b, tb)
        after = self.meets(a, tb, but=b) + self.meets(b, ta, but=a)
        change = AGAIN * (after - before)
        if self.rank is not None:
            na = [b if p == a else p for p in ta]
            nb = [a if p == b else p for p in tb]
            change += self.spread(na) + self.spread(nb) - self.spread(ta) - self.spread(tb)
        return change

    def swap(self, a: int, b: int) -> None:
        ia, ib = self.where[a], self.where[b]
        ta, tb = self.tables[ia], self.tables[ib]
        ta[ta.index(a)], tb[tb.index(b)] = b, a
        self.where[a], self.where[b] = ib, ia

    def meeting_again(self) -> list[int]:
        return [p for table in self.tables for p in table if self.meets(p, table)]


def draw(players: Sequence[int], sizes: Sequence[int], met: dict[tuple[int, int], int], rng: random.Random,
         ranking: Sequence[int] | None = None) -> list[list[int]]:
    """Seat `players` at tables of `sizes` (in order). `ranking` (a swiss round): the players from first to last;
    close ranks sit together. Without it, a random draw. Either way as few pairs as it can find meet again."""
    if sum(sizes) != len(players):
        raise ValueError("the tables' sizes do not add up to the players")
    order = list(ranking) if ranking is not None else rng.sample(list(players), len(players))
    rank = {p: i for i, p in enumerate(order)} if ranking is not None else None
    best = _search(_Draw(_first_fit(order, sizes, met), met, rank), rng)
    for table in best:
        rng.shuffle(table)  # seat order at the table: drawn
    return best


def _first_fit(order: list[int], sizes: Sequence[int], met: dict[tuple[int, int], int]) -> list[list[int]]:
    """Seat the players in order, each at the first table with room where she has met nobody (else where she has
    met the fewest): close ranks stay close, and most pairs that met are kept apart before the search begins."""
    tables: list[list[int]] = [[] for _ in sizes]
    for p in order:
        room = [t for t, table in enumerate(tables) if len(table) < sizes[t]]
        tables[min(room, key=lambda t: (sum(met.get(pair(p, q), 0) for q in tables[t]), t))].append(p)
    return tables


def _search(state: _Draw, rng: random.Random) -> list[list[int]]:
    """Swap players between tables, led by those meeting someone again: take the best swap that lowers the cost,
    else a random one of theirs (a way out of a local minimum); keep the best seating seen."""
    cost = state.cost()
    best, best_cost = [list(t) for t in state.tables], cost
    if len(state.tables) < 2:
        return best
    everyone = [p for t in state.tables for p in t]
    since = 0
    for _ in range(STEPS):
        since += 1
        if since > STALE:
            break
        stuck = state.meeting_again()
        if not stuck:
            if state.rank is None:
                break
            stuck = everyone  # a swiss round without pairs meeting again: tighten the spread
        a = rng.choice(stuck)
        others = [b for b in everyone if state.where[b] != state.where[a]]
        changes = [(state.delta(a, b), b) for b in others]
        change, b = min(changes, key=lambda c: c[0])
        if change >= 0:
            if not state.meeting_again():
                break  # nothing meets again and no swap tightens the spread further here
            change, b = rng.choice(changes)
        state.swap(a, b)
        cost += change
        if cost < best_cost:
            best, best_cost, since = [list(t) for t in state.tables], cost, 0
    return best
