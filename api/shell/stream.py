"""GET /api/v1/tables/{id}/events: the table's new entries as server-sent events (API.md).

One event per entry (`id:` its seq, `data:` its JSON as in /entries); a client that reconnects with
`Last-Event-ID: N` (or opens with `?after=N`) first gets every entry after N. A comment line every
`LIVE_HEARTBEAT` seconds keeps proxies from closing an idle stream, and is when a running turn clock's timeout is
written; once the table's game is known to have no clock, every `LIVE_QUIET_HEARTBEAT` seconds. After
`LIVE_LIFETIME` seconds the server ends the stream and the browser's EventSource reconnects where it left off
(`retry:` says when), so no worker holds a connection forever. The streams of a process share one `events.live.Hub`.
"""

from __future__ import annotations

import os
import threading
import time

import sqlalchemy as sa
from flask import Blueprint, Flask, Response, current_app, g, request

from api.application import service
from api.rest.openapi import document
from api.shell import capacity
from api.shell.client import SOCKET
from api.shell.errors import ApiError, problem
from api.shell.reaper import CHECK, Reaper
from events.db import get_store
from events.live import Hub
from events.records import entry_text

bp = Blueprint("stream", __name__, url_prefix="/api/v1/tables")
HEARTBEAT = 15.0
QUIET_HEARTBEAT = 30.0  # at a table whose game has no turn clock: a heartbeat only keeps proxies from closing the
# stream (their idle limits: 55–100 s), so half as many (at 10,000 idle streams, half of what they cost the workers)
LIFETIME = 300.0
GAP = 0.05  # seconds at least between two sends of a stream: a burst of entries goes out together (no person
# writes that fast: the first entry after a pause goes at once)
READS = 4  # a worker's streams read the log through at most this many database connections at once: the
# rest of the pool is the writes' and the pages'
RETRY_MS = 2000
ASKING = object()  # a table's clock is being asked about
MAX_INT = 2**31 - 1


def hub() -> Hub:
    """This process's hub (a worker forked from a parent that had one makes its own)."""
    kept = current_app.extensions.setdefault("live", {})
    found = kept.get("hub")
    if found is None or found.pid != os.getpid():
        found = kept["hub"] = Hub(get_store().engine)
    return found


class SharedReads:
    """The streams of a table woken by one entry read the log once: the first reads, the others take its answer."""

    def __init__(self):
        self.lock = threading.Lock()
        self.kept: dict[tuple[str, int], list] = {}  # (table, after) -> [head it was read at, entries, lock]
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
            if len(self.clocks) > 4096:
                self.clocks.clear()
            self.clocks[table_id] = (time.monotonic(), running)
        return running

    def get(self, table_id: str, after: int, head: int, fetch) -> list[dict]:
        with self.lock:
            if len(self.kept) > 4096:
                self.kept.clear()
            slot = self.kept.setdefault((table_id, after), [None, None, threading.Lock()])
        with slot[2]:
            if slot[0] != head:
                slot[1], slot[0] = fetch(), head
            return slot[1]


def _shared() -> SharedReads:
    kept = current_app.extensions.setdefault("live", {})
    return kept.setdefault("reads", SharedReads())


def _after() -> int:
    """Where the client is: `Last-Event-ID` (a reconnection) wins over `?after=` (the page's version)."""
    name, raw = "Last-Event-ID", request.headers.get("Last-Event-ID")
    if raw is None:
        name, raw = "after", request.args.get("after", "0")
    if not raw.strip().isdigit() or int(raw) > MAX_INT:
        raise ApiError(400, "Bad query", f"`{name}` is the seq of an entry: a whole number from 0 to {MAX_INT}, "
                                         f"not {raw!r}")
    return int(raw)


def _texts(entries: list[dict]) -> list[tuple[int, str]]:
    """Entries read from the log, as the hub hands out those it heard: `(seq, JSON text)`."""
    return [(entry["seq"], entry_text(entry)) for entry in entries]


def _live() -> dict:
    """This app's stream counts and the semaphore its streams read the log through (made once per process)."""
    kept = current_app.extensions.setdefault("live", {})
    if "streams" not in kept or kept.get("pid") != os.getpid():
        config = current_app.config
        kept.update(pid=os.getpid(), streams=capacity.Counts("streams"),
                    readers=threading.BoundedSemaphore(capacity.setting("LIVE_READS", READS, config)),
                    reaper=Reaper(capacity.setting("LIVE_CHECK", CHECK, config)),
                    most=capacity.setting("LIVE_STREAMS", capacity.STREAMS, config),
                    each=capacity.setting("LIVE_CLIENT_STREAMS", capacity.CLIENT_STREAMS, config))
    return kept


def full() -> str | None:
    """What this process has no more room for (streams, or connections), or None."""
    kept, held = _live(), capacity.connections
    if kept["most"] and kept["streams"].total >= kept["most"]:
        return f"streams: {kept['streams'].total} of {kept['most']}"
    if held.most and held.total >= held.most:
        return f"connections: {held.total} of {held.most}"
    return None


def _full(error: capacity.Full):
    response = problem(error.status, "Too many streams" if error.status == 429 else "Server full", error.detail)
    response.headers["Retry-After"] = str(capacity.RETRY_AFTER)
    return response


class Held:
    """One open stream of a table: what it watches, what it reads through, and its count, given back once (at
    the stream's end, or when its answer is closed before it began)."""

    def __init__(self, app: Flask, table_id: str, address: str, kept: dict):
        self.app, self.table_id, self.address = app, table_id, address
        self.streams, self.reads, self.live, self.shared = kept["streams"], kept["readers"], hub(), _shared()
        self.reaper, self.sock = kept["reaper"], None
        self.held = True
        self.gone = False  # set by the reaper when the phone has closed its connection
        self.timed: bool | None = True  # whether the table's turn clock may run: asked at the first
        # heartbeat, and again after entries while it does not; None for a game that has none (never asked again)

    def watch(self, sock) -> None:
        """Have the process's reaper tell this stream when its phone goes (api/shell/reaper.py)."""
        self.sock = sock
        self.reaper.add(sock, self.left)

    def left(self) -> None:
        """The phone has gone (the reaper says so): wake the stream, which ends."""
        self.gone = True
        self.live.poke(self.table_id)

    def stopped(self) -> bool:
        return self.gone

    def release(self) -> None:
        if self.held:
            self.held = False
            self.reaper.remove(self.sock)
            self.live.unwatch(self.table_id)
            self.streams.leave(self.address)

    def ask(self) -> bool | None:
        """Whether the table's clock runs, writing what is due (one ask a heartbeat for the table's streams); None
        if its game has no clock."""
        try:
            with self.app.app_context(), self.reads:
                return service.clocked(self.table_id)
        except sa.exc.SQLAlchemyError:
            return True  # the database is away for a moment: ask again at the next heartbeat

    def entries(self, after: int) -> list[tuple[int, str]]:
        """The entries after `after`: as heard, with no read; else one read shared by the table's streams."""
        batch = self.live.entries_after(self.table_id, after)
        if batch is not None:
            return batch

        def fresh():
            with self.app.app_context(), self.reads:
                return _texts([e.to_json() for e in get_store().entries(self.table_id, after=after)])
        return self.shared.get(self.table_id, after, self.live.heads.get(self.table_id), fresh)


def _stream(held: Held, after: int, first: list, heartbeat: float, quiet: float, lifetime: float, gap: float):
    """The stream's text: `retry`, the entries as they come, a heartbeat when quiet (every `heartbeat` seconds
    while the table's turn clock may run, every `quiet` seconds once its game is known to have none); until its
    lifetime ends or its client has gone (the process's reaper says so)."""
    now = time.monotonic()
    ends, beat = now + lifetime, now + heartbeat
    try:
        yield f"retry: {RETRY_MS}\n: live\n\n"
        batch, sent = first, 0.0
        while True:
            if batch:
                yield "".join(f"id: {seq}\ndata: {text}\n\n" for seq, text in batch)
                after, sent = batch[-1][0], time.monotonic()
                batch = None
                if held.timed is False:  # entries came: a turn clock may have started
                    held.timed = True
            now = time.monotonic()
            if now >= ends:
                return
            if now >= beat:
                yield ": heartbeat\n\n"
                if held.timed:  # a running turn clock: its timeout is written on time
                    held.timed = held.shared.clock(held.table_id, heartbeat, held.ask)
                beat = now + (max(quiet, heartbeat) if held.timed is None else heartbeat)
            pause = sent + gap - now  # a table writing faster than a phone reads: what comes meanwhile goes
            if pause > 0:  # in one send
                time.sleep(pause)
            if held.live.wait(held.table_id, after, max(0.0, min(beat, ends) - time.monotonic()), held.stopped):
                batch = held.entries(after)
            if held.gone:  # freed within LIVE_CHECK seconds, not at the next heartbeat
                return
    finally:
        held.release()


@bp.get("/<table_id>/events")
def events(table_id: str):
    """Stream the table's new entries (text/event-stream), from `Last-Event-ID` or `?after=`."""
    after = _after()
    app = current_app._get_current_object()
    kept, address = _live(), request.remote_addr or "local"
    try:  # before any read: a stream refused costs the database nothing
        kept["streams"].admit(address, kept["most"], kept["each"])
    except capacity.Full as error:
        return _full(error)
    held = Held(app, table_id, address, kept)
    held.live.watch(table_id)  # before the first read: an entry written in between still wakes us
    try:
        with held.reads:  # 404 for an unknown table, before any byte; no replay (what is due: at the heartbeat)
            first = _texts(service.entries_as_logged(table_id, after))
    except Exception:
        held.release()
        raise
    settings = (capacity.setting(name, default, app.config) for name, default in (
        ("LIVE_HEARTBEAT", HEARTBEAT), ("LIVE_QUIET_HEARTBEAT", QUIET_HEARTBEAT), ("LIVE_LIFETIME", LIFETIME),
        ("LIVE_GAP", GAP)))
    held.watch(request.environ.get(SOCKET))
    response = Response(_stream(held, after, first, *settings),
                        mimetype="text/event-stream", headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(held.release)
    return response


document("/api/v1/tables/{table_id}/events", "get",
         "Stream new entries as server-sent events (text/event-stream): `id:` the entry's seq, `data:` its JSON "
         "as in /entries. Reconnect with `Last-Event-ID: N` (or open with `?after=N`) to get every entry after N "
         "first. A comment line (`: heartbeat`) comes every 15 s (every 30 s at a table whose game has no turn "
         "clock); two sends are at least 50 ms apart (entries that "
         "come faster go together); the server ends a stream after 5 minutes and "
         "EventSource reconnects after `retry:` (2 s) where it left off. A client whose stream fails falls back "
         "to polling GET /entries?after=N.",
         content_type="text/event-stream", errors=(400, 404))


def _tell_once_sent(response: Response) -> Response:
    """The entries this request wrote reach this process's streams once its answer is sent (api/service.py)."""
    told = g.pop("arbitre_told", None)
    if told:
        def tell():
            for found, table_id, seq, text in told:
                found.heard(table_id, seq, text)
        response.call_on_close(tell)
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.after_request(_tell_once_sent)
