"""The one producer of the server-sent event streams, a table's (api/shell/table_stream.py) and a tournament's
(api/shell/tournament_stream.py): what each sends is its `Feed`'s; the rest is theirs in common.

A stream is counted against the worker's caps before any read (503 server full, 429 too many from one address,
with Retry-After: api/shell/live.py), watches its key on the process's hub (events/live.py) before its first read,
and then sends what its feed has each time the hub wakes it. A comment line every `LIVE_HEARTBEAT` seconds keeps
proxies from closing an idle stream (and is when a feed asks what is due: a running turn clock's timeout); after
`LIVE_LIFETIME` seconds the server ends the stream and the browser's EventSource reconnects (`retry:` says when),
so no worker holds a connection forever. Two sends are `LIVE_GAP` seconds apart at least. The process's reaper
ends a stream whose phone has gone within `LIVE_CHECK` seconds (api/shell/reaper.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from flask import Response

from api.shell import capacity
from api.shell.live import Live

HEARTBEAT = 15.0
QUIET_HEARTBEAT = 30.0  # at a table whose game has no turn clock: a heartbeat only keeps proxies from closing the
# stream (their idle limits: 55–100 s), so half as many (at 10,000 idle streams, half of what they cost the workers)
LIFETIME = 300.0
GAP = 0.05  # seconds at least between two sends of a stream: a burst of entries goes out together (no person
# writes that fast: the first entry after a pause goes at once)
RETRY_MS = 2000
HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


@dataclass(frozen=True)
class Timing:
    heartbeat: float
    quiet: float  # the heartbeat of a stream whose feed has nothing due (a table with no turn clock)
    lifetime: float
    gap: float

    @classmethod
    def of(cls, config) -> Timing:
        return cls(*(capacity.setting(name, default, config) for name, default in (
            ("LIVE_HEARTBEAT", HEARTBEAT), ("LIVE_QUIET_HEARTBEAT", QUIET_HEARTBEAT), ("LIVE_LIFETIME", LIFETIME),
            ("LIVE_GAP", GAP))))


class Feed(Protocol):
    """What one stream sends: its opening, what moved since its last send, what is due at a heartbeat."""

    key: str  # what it watches on the hub: a table's id, or a record's key
    position: int  # the hub's version of its key it has sent up to

    def opening(self) -> str:
        """The text after `retry:`, sent at once."""
        ...

    def news(self) -> str:
        """The events for what moved since the last send (moving `position` on), or "" if nothing did."""
        ...

    def beat(self, timing: Timing) -> float:
        """At a heartbeat: ask what is due; give the seconds to the next."""
        ...


class Held:
    """One open stream's hold on its worker: its count, its watch on the hub, its socket at the reaper; given back
    once (at the stream's end, or when its answer is closed before it began)."""

    def __init__(self, state: Live, key: str, address: str):
        self.state, self.key, self.address = state, key, address
        self.sock = None
        self.held = True
        self.gone = False  # set by the reaper when the phone has closed its connection

    def reap(self, sock) -> None:
        """Have the process's reaper tell this stream when its phone goes (api/shell/reaper.py)."""
        self.sock = sock
        self.state.reaper.add(sock, self.left)

    def left(self) -> None:
        """The phone has gone (the reaper says so): wake the stream, which ends."""
        self.gone = True
        self.state.hub.poke(self.key)

    def stopped(self) -> bool:
        return self.gone

    def release(self) -> None:
        if self.held:
            self.held = False
            self.state.reaper.remove(self.sock)
            self.state.hub.unwatch(self.key)
            self.state.streams.leave(self.address)


def produce(held: Held, feed: Feed, timing: Timing) -> Iterator[str]:
    """The stream's text: `retry` and the feed's opening, what it has each time the hub wakes it, a heartbeat when
    quiet; until its lifetime ends or its client has gone."""
    hub = held.state.hub
    now = time.monotonic()
    ends, beat = now + timing.lifetime, now + timing.heartbeat
    try:
        yield f"retry: {RETRY_MS}\n" + feed.opening()
        woken, sent = True, 0.0  # what the first read found goes at once
        while True:
            if woken and (text := feed.news()):
                yield text
                sent = time.monotonic()
            now = time.monotonic()
            if now >= ends:
                return
            if now >= beat:
                yield ": heartbeat\n\n"
                beat = now + feed.beat(timing)
            pause = sent + timing.gap - now  # a key moving faster than a phone reads: what comes meanwhile goes
            if pause > 0:  # in one send
                time.sleep(pause)
            woken = hub.wait(feed.key, feed.position, max(0.0, min(beat, ends) - time.monotonic()), held.stopped)
            if held.gone:  # freed within LIVE_CHECK seconds, not at the next heartbeat
                return
    finally:
        held.release()


def respond(held: Held, feed: Feed, timing: Timing, sock) -> Response:
    """The streamed answer, its hold given back when it ends or is closed."""
    held.reap(sock)
    response = Response(produce(held, feed, timing), mimetype="text/event-stream", headers=HEADERS)
    response.call_on_close(held.release)
    return response
