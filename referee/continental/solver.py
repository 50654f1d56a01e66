"""Arrange 15 Continental cards into a valid exit with the best settlement (C-6..C-10, C-12).

Runs never cross suits (C-7), so each suit is solved on its own: which
multisets of run lengths can hold exactly that suit's naturals, the wilds
filling the other places. The suits then only share the shape (C-6): if the
lengths add up to an allowed shape, the wilds fill exactly the places left,
since naturals plus wilds are the 15 cards. A natural of a suit never stands
in another suit's run, so one-suit (C-12) holds for every exit exactly when
all naturals share a suit: every valid exit has the best settlement.

A suit is a state: 2 bits per place 1..14 counting its naturals not yet in a
run (an ace counts at 1 or at 14, both splits are tried). The run holding the
lowest natural is chosen first, within a budget of wilds and of runs; the
results are memoised across calls.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from referee.cards import Card, SUITS, excess
from referee.continental.exit import SHAPES, Settlement, settlement_for
from referee.melds import Placed

_LENGTHS = (3, 4, 5)
_SHIFT = {3: 1, 4: 6, 5: 24}  # a multiset of lengths (n3, n4, n5) is bit n3 + 6*n4 + 24*n5


def _index(n3: int, n4: int, n5: int) -> int:
    return n3 + 6 * n4 + 24 * n5


_PARTS = {  # multisets of lengths that fit inside an allowed shape
    (a, b, c) for shape in SHAPES for a in range(shape.count(3) + 1)
    for b in range(shape.count(4) + 1) for c in range(shape.count(5) + 1)
}
_VALID = sum(1 << _index(*t) for t in _PARTS)
_FULL = [_index(s.count(3), s.count(4), s.count(5)) for s in SHAPES]
_CAN = {  # the multisets that may still take one more run of length L
    L: sum(1 << _index(*t) for t in _PARTS
           if (t[0] + (L == 3), t[1] + (L == 4), t[2] + (L == 5)) in _PARTS)
    for L in _LENGTHS
}
_EMPTY = 1 << _index(0, 0, 0)
_LENGTH = {_index(*t): 3 * t[0] + 4 * t[1] + 5 * t[2] for t in _PARTS}
_SUM = {  # (i, j) -> i + j for two parts whose sum is still a part
    (_index(*s), _index(*t)): _index(s[0] + t[0], s[1] + t[1], s[2] + t[2])
    for s in _PARTS for t in _PARTS if (s[0] + t[0], s[1] + t[1], s[2] + t[2]) in _PARTS
}
_MEMO: dict[tuple[int, int, int], int] = {}
_MEMO_LIMIT = 100_000  # keep a long-running server's memory bounded (some 15 MB)
_RUNS: dict[tuple[int, int], tuple] = {}


def _runs_here(window: int, wilds: int) -> tuple:
    """List (naturals taken, length, wilds spent) for the runs that can hold the lowest natural."""
    # `window` holds the naturals of the next four places (2 bits each); `taken` counts from the
    # lowest natural's place as 0. A run may be taken to start at its lowest natural: moving a run
    # up keeps its naturals, and a run can always pad below instead of past 14.
    found = _RUNS.get((window, wilds))
    if found is None:
        nearby = [q for q in range(1, 5) if window >> 2 * (q - 1) & 3]
        found = []
        for k in range(len(nearby) + 1):
            for chosen in combinations(nearby, k):
                taken = sum(1 << 2 * q for q in chosen)
                span = (chosen[-1] if chosen else 0) + 1
                found += [(taken, L, L - k - 1) for L in _LENGTHS if L >= span and L - k - 1 <= wilds]
        found = _RUNS[(window, wilds)] = tuple(found)
    return found


def _shapes(state: int, wilds: int, runs: int) -> int:
    """Give the bit set of length multisets of at most `runs` runs, `wilds` wilds, holding the naturals `state`."""
    # Shifting every natural by the same places changes nothing (runs pad below rather than
    # past 14), so the lowest one moves to place 0 and patterns are shared across suits and hands.
    if not state:
        return _EMPTY
    low = (state & -state).bit_length() - 1
    state >>= low & ~1
    key = (state, wilds, runs)
    found = _MEMO.get(key)
    if found is None:
        found = 0
        if runs:
            rest = state - 1  # a second copy of the lowest natural stays: one run holds one copy
            for taken, L, spent in _runs_here(state >> 2 & 0xFF, wilds):
                found |= (_shapes(rest - taken, wilds - spent, runs - 1) & _CAN[L]) << _SHIFT[L]
            found &= _VALID
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = found
    return found


def _splits(ranks: Sequence[int]) -> list[int]:
    """List one suit's naturals as 2 bits a place 1..14, once per way of putting its aces low or high."""
    state = sum(1 << 2 * r for r in ranks)
    aces = state >> 2 & 3
    return [state - (k << 2) + (k << 28) for k in range(aces + 1)]


def _runs_of(state: int, target: int, wilds: int, runs: int) -> list[tuple[int, list[int]]]:
    """Rebuild runs (length, natural places) holding `state` whose lengths make multiset `target`."""
    out = []
    while state:
        p = ((state & -state).bit_length() - 1) >> 1
        rest = (state >> 2 * p) - 1
        for taken, L, spent in _runs_here(state >> 2 * p + 2 & 0xFF, wilds):
            back = target - _SHIFT[L]
            if back >= 0 and (1 << back) & _CAN[L] and _shapes(rest - taken, wilds - spent, runs - 1) >> back & 1:
                out.append((L, [p] + [p + q for q in range(1, 5) if taken >> 2 * q & 3]))
                state = (rest - taken) << 2 * p
                target, wilds, runs = back, wilds - spent, runs - 1
                break
        else:  # the search said these runs exist: never loop forever if that were wrong
            raise AssertionError("no run rebuilds a multiset the search found")
    return out


_BITS: dict[int, tuple[int, ...]] = {}


def _bits(found: int) -> tuple[int, ...]:
    """List the multisets (bit indexes) of a bit set."""
    bits = _BITS.get(found)
    if bits is None:
        bits = _BITS[found] = tuple(i for i in range(found.bit_length()) if found >> i & 1)
    return bits


def _pick_shapes(options: list[list[tuple[int, int]]]) -> list[tuple[int, int]] | None:
    """Choose one (state, multiset) per suit so the multisets add up to an allowed shape (C-6)."""
    reach = [{_index(0, 0, 0): None}]
    for suit_options in options:
        nxt = {}
        for total in reach[-1]:
            for state, found in suit_options:
                for part in _bits(found):
                    both = _SUM.get((total, part))
                    if both is not None and both not in nxt:
                        nxt[both] = (total, state, part)
        reach.append(nxt)
    goal = next((f for f in _FULL if f in reach[-1]), None)
    if goal is None:
        return None
    picked = []
    for level in reversed(reach[1:]):
        goal, state, part = level[goal]
        picked.append((state, part))
    return picked[::-1]


def arrange(cards: Sequence[Card], players: int = 4, timing: str = "later"
            ) -> tuple[list[list[Placed]], Settlement] | None:
    """Find a valid exit for these 15 cards with the best settlement, or None when none exists."""
    if len(cards) != 15 or excess(cards, "continental"):
        return None
    naturals: dict[str, list[int]] = {}
    wilds = []
    for card in cards:
        if card[0] == 2 or card[0] == 0:  # C-1: wild
            wilds.append(card)
        else:
            naturals.setdefault(card[1], []).append(card[0])
    # Small suits first: they fail fast, and what they must spend narrows the wilds left for the others.
    suits = sorted(naturals, key=lambda s: len(naturals[s]))
    runs_each = 6 - len(suits)  # every other suit needs a run of its own
    spare = len(wilds)
    options, budgets = [], []
    for suit in suits:
        found = [(state, f) for state in _splits(naturals[suit]) if (f := _shapes(state, spare, runs_each))]
        if not found:
            return None
        options.append(found)
        budgets.append(spare)
        spare -= min(_LENGTH[i] for _, f in found for i in _bits(f)) - len(naturals[suit])
    picked = _pick_shapes(options)
    if picked is None:
        return None
    plans = [(suit, L, places) for suit, budget, (state, part) in zip(suits, budgets, picked)
             for L, places in _runs_of(state, part, budget, runs_each)]
    twos = sum(1 for c in wilds if c.rank == 2)
    return _lay_out(plans, wilds), settlement_for(twos, len(wilds) - twos, len(suits) == 1, players, timing)


_CARDS = {(pos, suit): Card(1 if pos == 14 else pos, suit) for pos in range(1, 15) for suit in SUITS}


def _lay_out(plans, wilds: list[Card]) -> list[list[Placed]]:
    """Turn (suit, length, natural places) into runs, announcing a wild for every other place (C-9)."""
    # A 2 that can stand at its own place is handed out last, and kept for that place (C-9).
    own_suits = {suit for suit, L, places in plans if 2 not in places and min(places[0], 15 - L) <= 2}
    pool = sorted(wilds, key=lambda c: c.rank == 2 and c.suit in own_suits)
    pool.reverse()
    runs = []
    for suit, L, places in plans:
        start = min(places[0], 15 - L)
        run = []
        for pos in range(start, start + L):
            card = _CARDS[(pos, suit)]
            if pos in places:
                run.append(Placed(card))
            elif pos == 2 and card in pool:
                pool.remove(card)
                run.append(Placed(card))
            else:
                run.append(Placed(pool.pop(), card))
        runs.append(run)
    return runs


def forget() -> None:
    """Empty the memo, as in a fresh process (benchmarks measure from cold)."""
    _MEMO.clear()
    _RUNS.clear()
