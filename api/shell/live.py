"""The live state of a worker process: its hub, its streams' count and caps, the turns their reads take, its
reaper, the reads its streams share; one per app and process (a worker forked from a parent that had one makes
its own). The refusals of a stream (503 server full, 429 too many from an address) are answered here, once for
every kind of stream (api/shell/stream.py)."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass

from flask import Flask, Response, current_app

from api.application import context
from api.shell import capacity
from api.shell.errors import problem
from api.shell.reaper import CHECK, Reaper
from api.shell.shared_reads import SharedReads
from events.live import Hub

READS = 4  # a worker's streams read the database through at most this many connections at once: the rest of
# the pool is the writes' and the pages'
EXTENSION = "live"


@dataclass
class Live:
    """What a worker holds for its live streams (tables' and tournaments')."""

    pid: int  # the process it was made in
    hub: Hub  # wakes the streams when what they watch moves
    streams: capacity.Counts  # open streams, in all and per address
    most: int  # LIVE_STREAMS: open streams a worker holds (503 past it)
    each: int  # LIVE_CLIENT_STREAMS: open streams from one address (429 past it)
    readers: threading.BoundedSemaphore  # LIVE_READS: the turns the streams' reads take
    reaper: Reaper  # frees the streams whose phone has gone, within LIVE_CHECK seconds
    reads: SharedReads  # the streams woken by one change read once

    @classmethod
    def made(cls, app: Flask) -> Live:
        config = app.config
        return cls(pid=os.getpid(), hub=Hub(context.current().store.engine), streams=capacity.Counts("streams"),
                   most=capacity.setting("LIVE_STREAMS", capacity.STREAMS, config),
                   each=capacity.setting("LIVE_CLIENT_STREAMS", capacity.CLIENT_STREAMS, config),
                   readers=threading.BoundedSemaphore(capacity.setting("LIVE_READS", READS, config)),
                   reaper=Reaper(capacity.setting("LIVE_CHECK", CHECK, config)), reads=SharedReads())


def held(app: Flask) -> Live | None:
    """This process's live state of `app`, if it has made one (no stream yet: none)."""
    found = app.extensions.get(EXTENSION)
    return found if isinstance(found, Live) and found.pid == os.getpid() else None


def live() -> Live:
    """This process's live state of the app at hand, made on first use."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    found = held(app)
    if found is None:
        found = app.extensions[EXTENSION] = Live.made(app)
    return found


def full() -> str | None:
    """What this process has no more room for (streams, or connections), or None."""
    state, connections = live(), capacity.connections
    if state.most and state.streams.total >= state.most:
        return f"streams: {state.streams.total} of {state.most}"
    if connections.most and connections.total >= connections.most:
        return f"connections: {connections.total} of {connections.most}"
    return None


def admit(state: Live, address: str) -> Response | None:
    """Count one more stream from `address`; or the answer refusing it (503 or 429, with Retry-After)."""
    try:
        state.streams.admit(address, state.most, state.each)
    except capacity.Full as error:
        response = problem(error.status, "Too many streams" if error.status == 429 else "Server full", error.detail)
        response.headers["Retry-After"] = str(capacity.RETRY_AFTER)
        return response
    return None
