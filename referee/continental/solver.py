"""Arrange 15 Continental cards into a valid exit with the best settlement (C-6..C-10, C-12).

Runs never cross suits (C-7), so each suit is solved on its own: which
multisets of run lengths can hold exactly that suit's naturals, the wilds
filling the other places. The suits then only share the shape (C-6): if the
lengths add up to an allowed shape, the wilds fill exactly the places left,
since naturals plus wilds are the 15 cards. A natural of a suit never stands
in another suit's run (C-8), so one-suit (C-12) holds for every exit exactly
when all naturals share a suit; the 2s and jokers are the hand's: every valid
exit has the best settlement, and the first one found is the answer.

A suit is a state: 2 bits per place 1..14 counting its naturals not yet in a
run (an ace counts at 1 or at 14, both splits are tried). The run holding the
lowest natural is chosen first. Every suit but the largest gets the bit set of
the multisets its naturals can fill, within a budget of wilds and of runs;
the largest then looks, depth first, for one multiset that completes some sum
of the others to an allowed shape, and stops at the first. Both memos are
kept across calls.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import Card, excess
from referee.continental.settlement import Settlement, settlement_for
from referee.continental.solver_tables import (
    CAN,
    CARDS,
    EMPTY,
    FITS,
    HAS,
    LENGTH,
    REST,
    RUNS,
    SHIFT,
    SUM,
    VALID,
    WINDOW,
)
from referee.continental.state import JOKERS
from referee.melds import Placed

_MEMO: dict[tuple[int, int, int], int] = {}
_FAILED: set[tuple[int, int]] = set()  # (state, multisets) a suit's naturals cannot fill
_MEMO_LIMIT = 100_000  # keep a long-running server's memory bounded (some 15 MB)


def _shapes(state: int, wilds: int, runs: int) -> int:
    """Give the bit set of length multisets of at most `runs` runs, `wilds` wilds, holding the naturals `state`."""
    # Shifting every natural by the same places changes nothing (runs pad below rather than
    # past 14), so the lowest one moves to place 0 and patterns are shared across suits and hands.
    if not state:
        return EMPTY
    low = (state & -state).bit_length() - 1
    state >>= low & ~1
    key = (state, wilds, runs)
    found = _MEMO.get(key)
    if found is None:
        found = 0
        if runs:
            rest = state - 1  # a second copy of the lowest natural stays: one run holds one copy
            for taken, L, spent in RUNS[(state >> 2 & 0xFF, wilds)]:
                found |= (_shapes(rest - taken, wilds - spent, runs - 1) & CAN[L]) << SHIFT[L]
            found &= VALID
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = found
    return found


def _fill(state: int, wanted: int, count: int, base: int) -> list | None:
    """Find runs holding the `count` naturals `state` whose lengths make one multiset of `wanted`."""
    # Returns (length, natural places) per run, the last run first; `base` is the place of bit 0.
    # The wilds need no budget: a multiset's length less the naturals is what it spends.
    if not state:
        return [] if wanted & EMPTY else None
    low = (state & -state).bit_length() - 1 & ~1
    state >>= low
    base += low >> 1
    key = (state, wanted)
    if key in _FAILED:
        return None
    rest = state - 1
    for taken, L, held in WINDOW[state >> 2 & 0xFF]:
        left = (wanted & HAS[L]) >> SHIFT[L] & FITS[count - held]
        if left:
            found = _fill(rest - taken, left, count - held, base)
            if found is not None:
                found.append((L, [base] + [base + q for q in range(1, 5) if taken >> 2 * q & 3]))
                return found
    if len(_FAILED) > _MEMO_LIMIT:
        _FAILED.clear()
    _FAILED.add(key)
    return None


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
        for taken, L, spent in RUNS[(state >> 2 * p + 2 & 0xFF, wilds)]:
            back = target - SHIFT[L]
            if back >= 0 and (1 << back) & CAN[L] and _shapes(rest - taken, wilds - spent, runs - 1) >> back & 1:
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


def _sums(options: list[list[tuple[int, int]]]) -> list[dict]:
    """Add up one (state, multiset) per suit: per level, each sum reached -> (previous sum, state, multiset)."""
    reach: list[dict[int, tuple[int, int, int] | None]] = [{0: None}]
    for suit_options in options:
        nxt: dict[int, tuple[int, int, int] | None] = {}
        for total in reach[-1]:
            for state, found in suit_options:
                for part in _bits(found):
                    both = SUM.get((total, part))
                    if both is not None and both not in nxt:
                        nxt[both] = (total, state, part)
        reach.append(nxt)
    return reach


def arrange(cards: Sequence[Card], players: int = 4, timing: str = "later"
            ) -> tuple[list[list[Placed]], Settlement] | None:
    """Find a valid exit for these 15 cards with the best settlement, or None when none exists."""
    if len(cards) != 15 or excess(cards, JOKERS):
        return None
    naturals: dict[str, list[int]] = {}
    wilds = []
    for card in cards:
        if card[0] == 2 or card[0] == 0:  # C-1: wild
            wilds.append(card)
        else:
            naturals.setdefault(card[1], []).append(card[0])
    if not naturals:
        return None
    # Small suits first: they fail fast, and what they must spend narrows the wilds left for the others.
    suits = sorted(naturals, key=lambda s: len(naturals[s]))
    runs_each = 6 - len(suits)  # every other suit needs a run of its own
    spare = len(wilds)
    options, budgets = [], []
    for suit in suits[:-1]:
        found = [(state, f) for state in _splits(naturals[suit]) if (f := _shapes(state, spare, runs_each))]
        if not found:
            return None
        options.append(found)
        budgets.append(spare)
        spare -= min(LENGTH[i] for _, f in found for i in _bits(f)) - len(naturals[suit])
    reach = _sums(options)
    wanted = 0
    for total in reach[-1]:
        wanted |= REST[total]
    last = naturals[suits[-1]]
    wanted &= FITS[len(last)]
    for state in _splits(last) if wanted else ():
        runs = _fill(state, wanted, len(last), 0)
        if runs is not None:
            break
    else:
        return None
    part = sum(SHIFT[L] for L, _ in runs)
    goal = next(total for total in reach[-1] if REST[total] >> part & 1)
    plans = [(suits[-1], L, places) for L, places in reversed(runs)]
    for suit, budget, level in reversed(list(zip(suits, budgets, reach[1:], strict=False))):
        goal, state, part = level[goal]
        plans += [(suit, L, places) for L, places in _runs_of(state, part, budget, runs_each)]
    twos = sum(1 for c in wilds if c.rank == 2)
    return _lay_out(plans, wilds), settlement_for(twos, len(wilds) - twos, len(suits) == 1, players, timing)


def _lay_out(plans, wilds: list[Card]) -> list[list[Placed]]:
    """Turn (suit, length, natural places) into runs, announcing a wild for every other place (C-9)."""
    # A 2 of the run's suit that can stand at its own place is handed out last and kept for that place
    # (C-9): 2♦ 3♦ 4♦ rather than 3♦ 4♦ 2♦=5♦. The settlement counts it as a two either way (C-12).
    own_suits = {suit for suit, L, places in plans if _lowest_start(L, places) <= 2}
    pool = sorted(wilds, key=lambda c: c.rank == 2 and c.suit in own_suits)
    pool.reverse()
    runs = []
    for suit, L, places in plans:
        start = min(places[0], 15 - L)
        if CARDS[(2, suit)] in pool and _lowest_start(L, places) <= 2:
            start = min(start, 2)
        run = []
        for pos in range(start, start + L):
            card = CARDS[(pos, suit)]
            if pos in places:
                run.append(Placed(card))
            elif pos == 2 and card in pool:
                pool.remove(card)
                run.append(Placed(card))
            else:
                run.append(Placed(pool.pop(), card))
        runs.append(run)
    return runs


def _lowest_start(length: int, places: list[int]) -> int:
    """The lowest place a run of `length` holding these natural places can start at (1: an ace low)."""
    return max(1, places[-1] - length + 1)


def forget() -> None:
    """Empty the memos, as in a fresh process (benchmarks measure from cold); the tables stay, built at import."""
    _MEMO.clear()
    _FAILED.clear()
