"""GET /api/v1/tables/{id}/events: the table's new entries as server-sent events (API.md).

One event per entry (`id:` its seq, `data:` its JSON as in /entries); a client that reconnects with
`Last-Event-ID: N` (or opens with `?after=N`) first gets every entry after N. A comment line every
`LIVE_HEARTBEAT` seconds keeps proxies from closing an idle stream; after `LIVE_LIFETIME` seconds the
server ends the stream and the browser's EventSource reconnects where it left off (`retry:` says when),
so no worker holds a connection forever. The streams of a process share one `events.live.Hub`.
"""

from __future__ import annotations

import os
import threading
import time

from flask import Blueprint, Flask, Response, current_app, g, request

from api.application import service
from api.rest.openapi import document
from api.shell.errors import ApiError
from events.db import get_store
from events.live import Hub
from events.records import entry_text

bp = Blueprint("stream", __name__, url_prefix="/api/v1/tables")
HEARTBEAT = 15.0
LIFETIME = 300.0
GAP = 0.05  # seconds at least between two sends of a stream: a burst of entries goes out together (no person
# writes that fast: the first entry after a pause goes at once)
RETRY_MS = 2000
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


@bp.get("/<table_id>/events")
def events(table_id: str):
    """Stream the table's new entries (text/event-stream), from `Last-Event-ID` or `?after=`."""
    after = _after()
    app = current_app._get_current_object()
    live, shared = hub(), _shared()
    live.watch(table_id)  # before the first read: an entry written in between still wakes us
    try:
        first = _texts(service.entries(table_id, after)["entries"])  # 404 for an unknown table, before any byte
    except Exception:
        live.unwatch(table_id)
        raise
    heartbeat = float(app.config.get("LIVE_HEARTBEAT", HEARTBEAT))
    lifetime = float(app.config.get("LIVE_LIFETIME", LIFETIME))
    gap = float(app.config.get("LIVE_GAP", GAP))

    def stream():
        nonlocal after
        ends = time.monotonic() + lifetime
        try:
            yield f"retry: {RETRY_MS}\n: live\n\n"
            batch, sent = first, 0.0
            while True:
                if batch:
                    yield "".join(f"id: {seq}\ndata: {text}\n\n" for seq, text in batch)
                    after, sent = batch[-1][0], time.monotonic()
                left = ends - time.monotonic()
                if left <= 0:
                    return
                pause = sent + gap - time.monotonic()  # a table writing faster than a phone reads: what comes
                if pause > 0:  # meanwhile goes in one send
                    time.sleep(pause)
                woken = live.wait(table_id, after, min(heartbeat, left))
                if not woken:
                    yield ": heartbeat\n\n"
                # Woken by entries heard with their text: sent as they are, no read, no app context.
                batch = live.entries_after(table_id, after) if woken else None
                if batch is None:
                    with app.app_context():
                        if woken:  # entries were written that the hub has not all heard: one query shared by
                            def fresh(after=after):  # the table's streams
                                return _texts([e.to_json() for e in get_store().entries(table_id, after=after)])
                            batch = shared.get(table_id, after, live.heads.get(table_id), fresh)
                        else:  # a heartbeat reads for itself (the safety net for a lost notice) and writes what
                            batch = _texts(service.entries(table_id, after)["entries"])  # is due
        finally:
            live.unwatch(table_id)

    return Response(stream(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


document("/api/v1/tables/{table_id}/events", "get",
         "Stream new entries as server-sent events (text/event-stream): `id:` the entry's seq, `data:` its JSON "
         "as in /entries. Reconnect with `Last-Event-ID: N` (or open with `?after=N`) to get every entry after N "
         "first. A comment line (`: heartbeat`) comes every 15 s; two sends are at least 50 ms apart (entries that "
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
