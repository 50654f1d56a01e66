"""What the streams of a worker woken by one change read once: the first reads, the others take its answer."""

from __future__ import annotations

import threading
import time

ASKING = object()  # a table's clock is being asked about
KEPT = 4096  # answers kept at most (then forgotten all at once: the next wake reads again)


class SharedReads:
    """One read per key, position and version: a table's entries after a seq at its head, a tournament at its
    version; and a table's clock, asked at most once a heartbeat for all its streams."""

    def __init__(self):
        self.lock = threading.Lock()
        self.kept: dict[tuple[str, int], list] = {}  # (key, after) -> [version it was read at, answer, lock]
        self.clocks: dict[str, tuple[float, object]] = {}  # table -> (when asked, whether its clock runs)

    def clock(self, table_id: str, every: float, ask) -> bool | None:
        """Whether the table's turn clock runs (`ask()`, which also writes what is due), asked at most once every
        `every` seconds for all the table's streams; None, once known, for a game that has no clock."""
        with self.lock:
            at, running = self.clocks.get(table_id, (-every, ASKING))
            if running is None or (running is not ASKING and time.monotonic() - at < every):
                return running  # type: ignore[return-value]
            self.clocks[table_id] = (time.monotonic(), ASKING)
        running = ask()
        with self.lock:
            if len(self.clocks) > KEPT:
                self.clocks.clear()
            self.clocks[table_id] = (time.monotonic(), running)
        return running

    def get(self, key: str, after: int, version: object, fetch):
        """`fetch()`'s answer for the key after `after` at `version`: read by the first stream that asks."""
        with self.lock:
            if len(self.kept) > KEPT:
                self.kept.clear()
            slot = self.kept.setdefault((key, after), [None, None, threading.Lock()])
        with slot[2]:
            if slot[0] != version or slot[1] is None:
                slot[1], slot[0] = fetch(), version
            return slot[1]
