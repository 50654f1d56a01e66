"""Who may correct each entry (E-2): seq -> seat (None: the host only), kept by both games.

A table's state is copied for every entry (the entry is tried on the copy), and this record grows with the log:
a copy of it on every append cost more with every entry (the figures: docs/BENCHMARKS.md).
So copies share one list of `(seq, seat)` pairs, in the order of the log, each copy seeing only the first
`size` of them. A copy writes in place when it is the one at the end of the list; a copy that finds another
one already wrote past it (an entry tried and not kept, then another tried on the same state) takes a list of
its own first. Nothing a copy sees ever changes under it.
"""

from __future__ import annotations

from bisect import bisect_left


def _seq(pair: tuple) -> int:
    return pair[0]


class Actors:
    """A mapping seq -> seat, written in the order of the log, copied in constant time."""

    __slots__ = ("_pairs", "_size")

    def __init__(self, pairs: list | None = None, size: int | None = None):
        self._pairs = [] if pairs is None else pairs
        self._size = len(self._pairs) if size is None else size

    def copy(self) -> Actors:
        return Actors(self._pairs, self._size)

    def get(self, seq, default=None):
        pairs, size = self._pairs, self._size
        if not isinstance(seq, int) or not size:
            return default
        at = bisect_left(pairs, seq, hi=size, key=_seq)
        return pairs[at][1] if at < size and pairs[at][0] == seq else default

    def __setitem__(self, seq: int, seat: int | None) -> None:
        pairs, size, pair = self._pairs, self._size, (seq, seat)
        if size == 0 or pairs[size - 1][0] < seq:  # the log's next entry: the usual case
            if len(pairs) == size:
                pairs.append(pair)  # one step under the interpreter's lock: two copies cannot both land here
                if pairs[size] is pair:
                    self._size = size + 1
                    return
            self._pairs, self._size = pairs[:size] + [pair], size + 1
            return
        kept = sorted([p for p in pairs[:size] if p[0] != seq] + [pair], key=_seq)  # out of order: never shared
        self._pairs, self._size = kept, len(kept)

    def items(self) -> list[tuple[int, int | None]]:
        return self._pairs[:self._size]

    def __eq__(self, other) -> bool:
        return isinstance(other, Actors) and self.items() == other.items()

    def __repr__(self) -> str:
        return f"Actors({dict(self.items())!r})"

    def __getstate__(self):
        return self.items()

    def __setstate__(self, pairs) -> None:
        self._pairs, self._size = list(pairs), len(pairs)
