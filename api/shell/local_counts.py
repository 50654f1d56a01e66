"""The rate limits' counts in this process's memory, swept of expired counts now and then rather than by a timer.

The `limits` library's memory storage starts a timer after any count that finds none running, which 10 ms
later walks every key it holds: a worker counting the writes of 2,500 tables' tokens spent 1.7 ms of CPU a
request on it (more than the append itself). Here a count drops its own key once expired, as the library's
does, and the whole store is swept of expired keys by whichever count comes `SWEEP` seconds after the last
sweep: the same counts, a walk of the keys every 10 s instead of every 10 ms.
"""

from __future__ import annotations

import threading
import time

from limits.storage import MemoryStorage

SWEEP = 10.0  # seconds between two sweeps of the expired keys


class LocalCounts(MemoryStorage):
    """`limits`' MemoryStorage, counting without its expiry timer (fixed and sliding windows: `incr`, `decr`)."""

    def __init__(self, sweep: float = SWEEP):
        super().__init__()
        # The library's constructor starts its timer once (10 ms on): it would walk the keys from another thread
        # while counts come in, the walk this class replaces (and, under a test's frozen clock, read the real one,
        # to which every count of the frozen past has expired: a count lost, a request too many allowed).
        self.timer.cancel()
        self.sweep_every = sweep
        self.swept = time.time()
        self.sweeping = threading.Lock()

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        self.get(key)  # an expired count starts again from nothing
        self.sweep()
        with self.locks[key]:
            self.storage[key] += amount
            if self.storage[key] == amount:
                self.expirations[key] = time.time() + expiry
        return self.storage.get(key, 0)

    def decr(self, key: str, amount: int = 1) -> int:
        self.get(key)
        with self.locks[key]:
            self.storage[key] = max(self.storage[key] - amount, 0)
        return self.storage.get(key, 0)

    def sweep(self) -> None:
        """Drop the expired counts, if the last sweep is `sweep_every` seconds old (one sweeper at a time)."""
        now = time.time()
        if now - self.swept < self.sweep_every or not self.sweeping.acquire(blocking=False):
            return
        try:
            self.swept = now
            for key in [k for k, at in list(self.expirations.items()) if at <= now]:
                self.storage.pop(key, None)
                self.expirations.pop(key, None)
                self.locks.pop(key, None)
        finally:
            self.sweeping.release()
