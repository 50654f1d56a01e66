"""The search under G-6 and G-8: disjoint melds that leave the lowest count outside them.

A hand's cards are indexes 0..n-1 and a meld the bit mask of its cards. The cards still to place
are a mask too; the lowest of them is either left out (its value counts) or placed in a meld
that starts at it (a meld holding it and only cards still to place has it as its lowest card).
So each mask is solved once (memo), from at most 2^n masks (n = 10: 1,024), and a packing is
found once, by the role of its lowest card. A card no meld holds is left out from the start: the
search runs over the others only (a random hand has few). The same search serves the knocker's
melds (G-6) and the other's melds with her lay-offs (G-8, whose lay-offs come as melds of their own).
"""

from __future__ import annotations

from collections.abc import Sequence


class Packing:
    """The lowest count left outside disjoint melds, for cards of these `values` and these `melds` (masks)."""

    def __init__(self, values: Sequence[int], melds: Sequence[int]):
        self.values = list(values)
        self.starting: list[list[int]] = [[] for _ in self.values]  # card index -> the melds whose lowest it is
        for mask in melds:
            self.starting[(mask & -mask).bit_length() - 1].append(mask)
        self.memo: dict[int, int] = {0: 0}
        self.melded = 0  # the cards some meld holds: the others are left out whatever the packing
        for mask in melds:
            self.melded |= mask

    def lowest(self, mask: int) -> int:
        """The lowest count the cards of `mask` leave outside melds."""
        found = self.memo.get(mask)
        if found is None:
            low = mask & -mask
            i = low.bit_length() - 1
            found = self.values[i] + self.lowest(mask ^ low)
            for meld in self.starting[i]:
                if found and meld & mask == meld:
                    found = min(found, self.lowest(mask ^ meld))
            self.memo[mask] = found
        return found

    def every(self, mask: int | None = None) -> list[tuple[int, ...]]:
        """Every packing (its melds' masks, in the order of their lowest cards) that leaves the lowest count."""
        mask = self.melded if mask is None else mask
        if not mask:
            return [()]
        target = self.lowest(mask)
        low = mask & -mask
        i = low.bit_length() - 1
        found = []
        for meld in self.starting[i]:
            if meld & mask == meld and self.lowest(mask ^ meld) == target:
                found += [(meld, *rest) for rest in self.every(mask ^ meld)]
        if self.values[i] + self.lowest(mask ^ low) == target:
            found += self.every(mask ^ low)
        return found

    def one(self) -> tuple[int, ...]:
        """One packing that leaves the lowest count: at each card, its first meld that keeps to it."""
        mask, melds = self.melded, []
        while mask:
            target = self.lowest(mask)
            low = mask & -mask
            step = next((meld for meld in self.starting[low.bit_length() - 1]
                         if meld & mask == meld and self.lowest(mask ^ meld) == target), None)
            if step is None:  # the lowest card is left out
                step = low
            else:  # a meld may be one card alone (a lay-off, G-8): it is a meld all the same
                melds.append(step)
            mask ^= step
        return tuple(melds)
