"""The rate limits' counts in a worker's memory (no Redis): expired counts are forgotten, with no timer."""

from __future__ import annotations

import threading

from freezegun import freeze_time
from limits import parse
from limits.strategies import SlidingWindowCounterRateLimiter

from api.shell.local_counts import LocalCounts


def test_a_limit_counts_then_starts_again_and_expired_keys_are_swept():
    with freeze_time("2026-12-02 12:00:00") as clock:
        counts = LocalCounts(sweep=10)
        limiter = SlidingWindowCounterRateLimiter(counts)
        three = parse("3 per 5 seconds")
        assert [limiter.hit(three, "token:a") for _ in range(4)] == [True, True, True, False]
        for i in range(100):  # many phones' tokens, seen once
            limiter.hit(three, f"token:{i}")
        threads = threading.active_count()
        clock.tick(11)  # both windows of every count have passed, and a sweep is due
        assert limiter.hit(three, "token:a")  # its count started again
        assert threading.active_count() <= threads  # counting started no timer
        assert not any("token:5" in key for key in counts.storage)  # forgotten: memory does not grow with every
        assert len(counts.storage) <= 2  # token ever seen
