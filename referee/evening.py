"""Plan the rest of an evening's seating at once, so that no pair meets twice whenever some plan allows it.

Drawing each round on its own, as well as it can, leaves the last rounds with nobody left to meet: 16 players at
tables of 4 over 5 rounds can meet no pair twice (an affine plane of order 4), but rounds drawn one by one
repeat 4–6 pairs in rounds 4–5 three evenings in four. So a random round is the first round of a plan of every
round still to come, searched as one: its cost is the pairs that meet again over the whole evening, counting
those that met in the rounds already played.

The search is a tabu search over swaps of two players at two tables of one round (the social golfer problem's
usual local search): from a greedy plan, each step takes the swap that lowers the cost most among those of the
players meeting someone again in one round, never undoing a recent swap unless it finds a better plan than
any seen; after a while without progress a few random swaps shake it. It stops at a plan with no pair meeting
again, or after weighing `WORK` swaps, with the best plan it saw. Pure: players are numbers, randomness comes in.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from referee.seating import draw, met_pairs, pair

WORK = 150_000  # swaps weighed at most for a plan: about a second; 16 or 40 players over 5 rounds need a few thousand
STALE = 400  # steps without a better plan before the search shakes its plan
TENURE = 8  # steps a swapped player stays out of the swaps of that round (plus a random 0..TENURE)


class Plan:
    """Rounds of tables of players, and how often each pair meets over them and the rounds already played."""

    def __init__(self, rounds: list[list[list[int]]], met: dict[tuple[int, int], int], players: Sequence[int]):
        self.rounds = rounds
        self.index = {p: i for i, p in enumerate(players)}
        size = len(players)
        self.count = [[0] * size for _ in range(size)]
        self.known: list[set[int]] = [set() for _ in range(size)]  # by index: whom each has met at least once
        self.twice: list[set[int]] = [set() for _ in range(size)]  # and at least twice
        for (a, b), times in met.items():
            if a in self.index and b in self.index:
                self._add(a, b, times)
        self.where = [{p: t for t, table in enumerate(tables) for p in table} for tables in rounds]
        for tables in rounds:
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1:]:
                        self._add(a, b, 1)

    def _add(self, a: int, b: int, times: int) -> None:
        i, j = self.index[a], self.index[b]
        self.count[i][j] += times
        self.count[j][i] += times
        met = self.count[i][j]
        for x, y in ((i, j), (j, i)):
            (self.known[x].add if met >= 1 else self.known[x].discard)(y)
            (self.twice[x].add if met >= 2 else self.twice[x].discard)(y)

    def cost(self) -> int:
        """The pairs meeting again: a pair that meets k times counts k - 1."""
        size = len(self.count)
        return sum(max(0, self.count[i][j] - 1) for i in range(size) for j in range(i + 1, size))

    def delta(self, r: int, a: int, b: int) -> int:
        """What swapping `a` and `b` (at two tables of round `r`) changes in the cost."""
        index = self.index
        ta, tb = self.rounds[r][self.where[r][a]], self.rounds[r][self.where[r][b]]
        ca, cb = self.count[index[a]], self.count[index[b]]
        change = 0
        for q in ta:
            if q != a:
                change += (cb[index[q]] >= 1) - (ca[index[q]] >= 2)
        for q in tb:
            if q != b:
                change += (ca[index[q]] >= 1) - (cb[index[q]] >= 2)
        return change

    def weigh(self, r: int) -> tuple[dict[int, int], dict[int, list[int]], dict[int, dict[int, int]]]:
        """What `delta` adds up for the swaps of round `r` that the search weighs (those of a player meeting someone
        again), counted once for all of them: how many at her own table each player meets again; for each player
        who does, how many at each table she has met; and for each table of such a player, how many of its players
        each player has met."""
        index, known, tables, where = self.index, self.known, self.rounds[r], self.where[r]
        at = [{index[q] for q in table} for table in tables]
        again = {p: len(self.twice[index[p]] & at[where[p]]) for p in where}  # never herself: she is not in twice
        met_at, met_by = {}, {}
        for p in where:
            if again[p]:
                mine = known[index[p]]
                met_at[p] = [len(mine & table) for table in at]
                t = where[p]
                if t not in met_by:
                    met_by[t] = {b: len(known[index[b]] & at[t]) for b in where}
        return again, met_at, met_by

    def swap(self, r: int, a: int, b: int) -> None:
        ia, ib = self.where[r][a], self.where[r][b]
        ta, tb = self.rounds[r][ia], self.rounds[r][ib]
        for q in ta:
            if q != a:
                self._add(a, q, -1)
                self._add(b, q, 1)
        for q in tb:
            if q != b:
                self._add(b, q, -1)
                self._add(a, q, 1)
        ta[ta.index(a)], tb[tb.index(b)] = b, a
        self.where[r][a], self.where[r][b] = ib, ia

    def copy_rounds(self) -> list[list[list[int]]]:
        return [[list(table) for table in tables] for tables in self.rounds]


def plan(players: Sequence[int], sizes: Sequence[int], met: dict[tuple[int, int], int], rounds: int,
         rng: random.Random) -> list[list[list[int]]]:
    """Seat `players` at tables of `sizes` for each of `rounds` rounds, as few pairs meeting again over them (and
    over `met`, the rounds already played) as the search finds: none whenever it finds such a plan."""
    if sum(sizes) != len(players):
        raise ValueError("the tables' sizes do not add up to the players")
    state = Plan(_greedy(list(players), sizes, met, rounds, rng), met, players)
    if len(sizes) < 2:
        return state.copy_rounds()
    return _search(state, rng)


def _greedy(players: list[int], sizes: Sequence[int], met: dict[tuple[int, int], int], rounds: int,
            rng: random.Random) -> list[list[list[int]]]:
    """Each round in turn, each player (in a random order) at the table with room where she has met the fewest."""
    seen = dict(met)
    planned = []
    for _ in range(rounds):
        tables: list[list[int]] = [[] for _ in sizes]
        for p in rng.sample(players, len(players)):
            room = [t for t, table in enumerate(tables) if len(table) < sizes[t]]
            tables[min(room, key=lambda t: (sum(seen.get(pair(p, q), 0) for q in tables[t]), rng.random()))].append(p)
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    seen[pair(a, b)] = seen.get(pair(a, b), 0) + 1
        planned.append(tables)
    return planned


def _search(state: Plan, rng: random.Random) -> list[list[list[int]]]:
    cost = state.cost()
    best, best_cost = state.copy_rounds(), cost
    tabu: dict[tuple[int, int], int] = {}
    since = step = work = 0
    while best_cost > 0 and work < WORK:
        step += 1
        weighed, move = _best_move(state, rng, tabu, step, cost - best_cost)
        if not weighed:  # nobody in the plan meets anyone again: what repeats is in the rounds played before it
            break
        work += weighed
        if move is None:
            continue
        change, r, a, b = move
        state.swap(r, a, b)
        cost += change
        tabu[(r, a)] = tabu[(r, b)] = step + TENURE + rng.randrange(TENURE + 1)
        since += 1
        if cost < best_cost:
            best, best_cost, since = state.copy_rounds(), cost, 0
        elif since > STALE:
            cost += _shake(state, rng)
            since = 0
    return best


def _best_move(state: Plan, rng: random.Random, tabu: dict, step: int, above: int):
    """The best swap of the players meeting someone again, in any round (ties drawn at random): not tabu, unless
    it gives a plan better than the best seen (it lowers the cost by more than `above`)."""
    found, best, weighed = [], None, 0
    index, count = state.index, state.count
    for r, where in enumerate(state.where):
        again, met_at, met_by = state.weigh(r)  # `delta` of each swap below, from sums made once a round
        for a in where:
            if not again[a]:
                continue
            ta, row_a, met_a, met_ta = where[a], count[index[a]], met_at[a], met_by[where[a]]
            for b in where:
                tb = where[b]
                if tb == ta:
                    continue
                met_ab = row_a[index[b]] >= 1
                change = met_ta[b] - met_ab - again[a] + met_a[tb] - met_ab - again[b]
                weighed += 1
                if best is not None and change > best:
                    continue
                banned = tabu.get((r, a), -1) > step or tabu.get((r, b), -1) > step
                if banned and change >= -above:
                    continue
                if best is None or change < best:
                    found, best = [(change, r, a, b)], change
                else:
                    found.append((change, r, a, b))
    return weighed, (rng.choice(found) if found else None)


def _shake(state: Plan, rng: random.Random) -> int:
    """A few random swaps, out of a plan the search keeps coming back to: what they change in the cost."""
    change = 0
    for _ in range(3):
        r = rng.randrange(len(state.rounds))
        a, b = rng.sample(list(state.where[r]), 2)
        if state.where[r][a] != state.where[r][b]:
            change += state.delta(r, a, b)
            state.swap(r, a, b)
    return change


def repeats(rounds: Sequence[Sequence[Sequence[int]]]) -> int:
    """The pairs meeting again over these rounds: a pair that meets k times counts k - 1."""
    met = met_pairs([table for tables in rounds for table in tables])
    return sum(times - 1 for times in met.values())


def next_round(players: Sequence[int], sizes: Sequence[int], played: Sequence[Sequence[Sequence[int]]], rounds: int,
               seed: str) -> list[list[int]]:
    """The tables of the next round of an evening of `rounds` rounds, `played` those already played.

    The evening is planned whole from its first round, the same plan every time for the same `seed` and players,
    and while the rounds played are the plan's, the next is the plan's: the search never has to find again,
    around rounds it did not choose, the plan it had. A round that left the plan (another player, a swap, a
    swiss round, a round that seated other players than these: byes, a late arrival, a leaver) starts a new plan of the rounds after it, around every round played, kept the same way. An
    evening longer than any plan without repeats can be (more rounds than a player has others to meet) is drawn
    a round at a time."""
    rounds = max(rounds, len(played) + 1)  # a round past the evening's count is planned as its last
    if (max(sizes) - 1) * rounds > len(players) - 1:
        # Each player would meet more new players than there are: every plan repeats, and its search would spend
        # its whole budget (a second a round) for little. Each round is drawn on its own, as few repeats as it can.
        return drawn_alone(players, sizes, played, rounds, seed)
    present = set(players)
    start = next((r + 1 for r in range(len(played) - 1, -1, -1)  # a round of other players (a bye, a late
                  if {p for table in played[r] for p in table} != present), 0)  # arrival, a leaver) left any plan
    while True:
        before = met_pairs([table for tables in played[:start] for table in tables])
        ahead = _planned(tuple(players), tuple(sizes), tuple(sorted(before.items())), rounds - start, f"{seed}/{start}")
        left = next((r for r, done in enumerate(played[start:]) if not _same(done, ahead[r])), None)
        if left is None:
            return [list(table) for table in ahead[len(played) - start]]
        start += left + 1


def drawn_alone(players: Sequence[int], sizes: Sequence[int], played: Sequence[Sequence[Sequence[int]]],
                rounds: int, seed: str) -> list[list[int]]:
    """The next round drawn on its own, as few pairs meeting again as it can find after the rounds `played` (the
    draw before evenings were planned whole; `rounds` is not read: it takes the same arguments as `next_round`)."""
    met = met_pairs([table for tables in played for table in tables])
    return draw(players, sizes, met, random.Random(f"{seed}/{len(played)}"))


@functools.lru_cache(maxsize=64)
def _planned(players: tuple[int, ...], sizes: tuple[int, ...], met: tuple[tuple[tuple[int, int], int], ...],
             rounds: int, seed: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The evening's plan from a round on, kept: the same plan comes for the same players, rounds before and seed,
    so the next round of an evening still on its plan is the plan's without a second search (up to a second)."""
    made = plan(players, sizes, dict(met), rounds, random.Random(seed))
    return tuple(tuple(tuple(table) for table in tables) for tables in made)


def _same(done: Sequence[Sequence[int]], planned: Sequence[Sequence[int]]) -> bool:
    return {frozenset(t) for t in done} == {frozenset(t) for t in planned}
