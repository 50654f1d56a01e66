"""Tables of the arrangement solver (referee.continental.solver), built once at import.

A multiset of run lengths (n3, n4, n5) is the bit index n3 + 6*n4 + 24*n5; a set of multisets is
an int with those bits. Taking one run of length L off every multiset of a set that holds one is
a right shift by _SHIFT[L] of the set masked by _HAS[L].
"""

from __future__ import annotations

from itertools import combinations

from referee.cards import SUITS, Card
from referee.continental.settlement import SHAPES

LENGTHS = (3, 4, 5)
SHIFT = {3: 1, 4: 6, 5: 24}


def index(n3: int, n4: int, n5: int) -> int:
    return n3 + 6 * n4 + 24 * n5


PARTS = {  # multisets of lengths that fit inside an allowed shape (C-6)
    (a, b, c) for shape in SHAPES for a in range(shape.count(3) + 1)
    for b in range(shape.count(4) + 1) for c in range(shape.count(5) + 1)
}
VALID = sum(1 << index(*t) for t in PARTS)
FULL = [index(s.count(3), s.count(4), s.count(5)) for s in SHAPES]
CAN = {  # the multisets that may still take one more run of length L
    L: sum(1 << index(*t) for t in PARTS
           if (t[0] + (L == 3), t[1] + (L == 4), t[2] + (L == 5)) in PARTS)
    for L in LENGTHS
}
HAS = {L: sum(1 << index(*t) for t in PARTS if t[LENGTHS.index(L)]) for L in LENGTHS}  # hold a run of L
EMPTY = 1 << index(0, 0, 0)
LENGTH = {index(*t): 3 * t[0] + 4 * t[1] + 5 * t[2] for t in PARTS}
SUM = {  # (i, j) -> i + j for two parts whose sum is still a part
    (index(*s), index(*t)): index(s[0] + t[0], s[1] + t[1], s[2] + t[2])
    for s in PARTS for t in PARTS if (s[0] + t[0], s[1] + t[1], s[2] + t[2]) in PARTS
}
REST = {  # a part -> the set of parts that complete it to an allowed shape
    index(*s): sum(1 << index(*t) for t in PARTS if SUM.get((index(*s), index(*t))) in FULL) for s in PARTS
}
# n naturals can fill the multisets of at most n runs (C-8) and of at least n places.
FITS = [sum(1 << index(*t) for t in PARTS if sum(t) <= n <= LENGTH[index(*t)]) for n in range(16)]


def _window_runs(window: int) -> tuple:
    """List (naturals taken, length, naturals in the run) for the runs that can hold the lowest natural."""
    # `window` holds the naturals of the next four places (2 bits each); `taken` counts from the
    # lowest natural's place as 0. A run may be taken to start at its lowest natural: moving a run
    # up keeps its naturals, and a run can always pad below instead of past 14.
    nearby = [q for q in range(1, 5) if window >> 2 * (q - 1) & 3]
    found = []
    for k in range(len(nearby), -1, -1):  # most naturals first: fewest wilds spent
        for chosen in combinations(nearby, k):
            taken = sum(1 << 2 * q for q in chosen)
            span = (chosen[-1] if chosen else 0) + 1
            found += [(taken, L, k + 1) for L in LENGTHS if L >= span]
    return tuple(found)


WINDOW = [_window_runs(w) for w in range(256)]

def _by_budget(window: int) -> list[tuple]:
    """List, per budget of wilds 0..10, the runs of WINDOW[window] within it as (taken, length, wilds spent)."""
    spending = sorted((L - n, taken, L) for taken, L, n in WINDOW[window])
    runs = tuple((taken, L, spent) for spent, taken, L in spending)
    ends = [sum(1 for spent, _, _ in spending if spent <= wilds) for wilds in range(11)]
    return [runs[:end] for end in ends]


RUNS = {(w, wilds): runs for w in range(256) for wilds, runs in enumerate(_by_budget(w))}  # fewest wilds first
CARDS = {(pos, suit): Card(1 if pos == 14 else pos, suit) for pos in range(1, 15) for suit in SUITS}
