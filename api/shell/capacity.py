"""How full this process is, and who may take more of it: open connections and event streams, in all and per
client address, against caps read from the environment (docs/DEPLOYMENT.md).

Two counts, kept in each worker process (a host's capacity is its workers' sum):

- Connections, counted by the server (`api.shell.worker`) as it accepts them: past `ARBITRE_CLIENT_CONNECTIONS`
  from one address the connection is answered 429 at once, past the worker's `--worker-connections` 503;
  both with Retry-After, and neither reads the request.
- Streams (GET /events), counted by the stream itself: past `LIVE_CLIENT_STREAMS` from one address a new one
  is a 429, past `LIVE_STREAMS` in the worker a 503. Streams stop well before connections do, so a new stream
  is refused before a write or a page is: the difference is the reserve that writes and pages always keep.

The defaults leave a club of 120 phones behind one address (a Wi-Fi, a carrier's NAT) far from a cap, and the
cap of an address far below the host's capacity.
"""

from __future__ import annotations

import os
import threading

from api.shell import host

STREAMS = 6000  # open streams a worker holds (2 workers: 12,000 a host)
CLIENT_STREAMS = 300  # open streams from one address, per worker
CLIENT_CONNECTIONS = 600  # open connections from one address, per worker (0: no cap, e.g. behind a proxy)
RETRY_AFTER = 5  # seconds


def setting(name: str, default, config=None):
    """A number setting, of `default`'s type: the app's config, else the environment, else `default`."""
    if config is not None and name in config:
        return type(default)(config[name])
    return type(default)(os.environ.get(name, default))


class Full(Exception):
    """No room for this connection or stream: 503 (the host is full) or 429 (this address has its share)."""

    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status, self.detail = status, detail


class Counts:
    """Open things of one kind, in all and per address, each under a cap (`admit` ... `leave`)."""

    def __init__(self, kind: str):
        self.kind = kind
        self.lock = threading.Lock()
        self.total = 0
        self.by_address: dict[str, int] = {}
        self.most = 0  # the cap in all, once whoever counts has set it (0: none known)

    def admit(self, address: str, most: int, most_each: int) -> None:
        """Count one more from `address`, or raise Full: 503 past `most` in all, 429 past `most_each` from it
        (0: no cap)."""
        with self.lock:
            held = self.by_address.get(address, 0)
            if most and self.total >= most:
                raise Full(503, f"this server holds as many {self.kind} as it can ({most}): try again later or "
                                "elsewhere")
            if most_each and held >= most_each:
                raise Full(429, f"this address holds {held} {self.kind} here already, the most one address may "
                                f"({most_each}): close some")
            self.total += 1
            self.by_address[address] = held + 1
            self.most = most
            if most and self.total == most:  # at the cap: the host's /readyz counts this worker full
                host.mark(self.kind, True)

    def leave(self, address: str) -> None:
        with self.lock:
            if self.most and self.total == self.most:
                host.mark(self.kind, False)
            self.total -= 1
            left = self.by_address.get(address, 1) - 1
            if left > 0:
                self.by_address[address] = left
            else:
                self.by_address.pop(address, None)


# The connections of this process (the worker counts them; the app reads them for /readyz).
connections = Counts("connections")
