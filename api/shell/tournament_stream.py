"""GET /api/v1/tournaments/{id}/events: the tournament as GET gives it, each time its standings or a table's
status change (server-sent events).

The streams of a tournament in a process share one look: at most every `TOURNAMENT_LOOK` seconds the first stream
due reads the tournament's heads (two small queries) and, when a table moved, folds only that table again
(`api.application.tournament_standings`); every stream sends the new text when it differs from what it sent.
Heartbeats, lifetime and `retry:` are those of the table streams (api/shell/stream.py).
"""

from __future__ import annotations

import json
import threading
import time

import sqlalchemy as sa
from flask import Blueprint, Flask, Response, current_app, request

from api.application import tournaments
from api.rest.openapi import document
from api.shell import capacity
from api.shell.client import SOCKET, gone
from api.shell.errors import problem

bp = Blueprint("tournament_stream", __name__, url_prefix="/api/v1/tournaments")
LOOK = 0.2  # seconds between two reads of a tournament's heads, for all its streams of a process
HEARTBEAT, LIFETIME, RETRY_MS = 15.0, 300.0, 2000
READS = 2  # a process's tournament streams read through at most this many connections at once


class Looks:
    """The latest text of each watched tournament, read at most once every `every` seconds for all its streams."""

    def __init__(self, readers: int):
        self.lock = threading.Lock()
        self.kept: dict[str, list] = {}  # tournament -> [when read, text, its lock]
        self.readers = threading.BoundedSemaphore(readers)
        self.streams = capacity.Counts("tournament streams")

    def text(self, app: Flask, tournament_id: str, every: float) -> str | None:
        with self.lock:
            if len(self.kept) > 1024:
                self.kept.clear()
            slot = self.kept.setdefault(tournament_id, [float("-inf"), None, threading.Lock()])
        with slot[2]:
            if time.monotonic() - slot[0] >= every:
                try:
                    with app.app_context(), self.readers:
                        slot[1] = json.dumps(tournaments.read(tournament_id), ensure_ascii=False,
                                             separators=(",", ":"))
                except sa.exc.SQLAlchemyError:
                    pass  # the database is away for a moment: the next look will do
                slot[0] = time.monotonic()
            return slot[1]


def looks() -> Looks:
    kept = current_app.extensions.setdefault("live", {})
    if "tournaments" not in kept:
        kept["tournaments"] = Looks(capacity.setting("TOURNAMENT_READS", READS, current_app.config))
    return kept["tournaments"]


def _stream(app: Flask, shared: Looks, tournament_id: str, first: str, sock, release) -> object:
    every = capacity.setting("TOURNAMENT_LOOK", LOOK, app.config)
    heartbeat = capacity.setting("LIVE_HEARTBEAT", HEARTBEAT, app.config)
    now = time.monotonic()
    ends, beat = now + capacity.setting("LIVE_LIFETIME", LIFETIME, app.config), now + heartbeat
    sent, n = first, 1
    try:
        yield f"retry: {RETRY_MS}\nid: {n}\ndata: {first}\n\n"
        while time.monotonic() < ends:
            time.sleep(every)
            text = shared.text(app, tournament_id, every)
            if text is not None and text != sent:
                n += 1
                yield f"id: {n}\ndata: {text}\n\n"
                sent = text
            elif time.monotonic() >= beat:
                yield ": heartbeat\n\n"
                beat = time.monotonic() + heartbeat
                if gone(sock):
                    return
    finally:
        release()


@bp.get("/<tournament_id>/events")
def events(tournament_id: str):
    """Stream the tournament (text/event-stream): the first event at once, then one at each change."""
    app = current_app._get_current_object()
    shared, address = looks(), request.remote_addr or "local"
    first = json.dumps(tournaments.read(tournament_id), ensure_ascii=False, separators=(",", ":"))  # 404 first
    try:
        shared.streams.admit(address, capacity.setting("LIVE_STREAMS", capacity.STREAMS, app.config),
                             capacity.setting("LIVE_CLIENT_STREAMS", capacity.CLIENT_STREAMS, app.config))
    except capacity.Full as error:
        response = problem(error.status, "Too many streams" if error.status == 429 else "Server full", error.detail)
        response.headers["Retry-After"] = str(capacity.RETRY_AFTER)
        return response
    held = [True]

    def release() -> None:
        if held[0]:
            held[0] = False
            shared.streams.leave(address)

    response = Response(_stream(app, shared, tournament_id, first, request.environ.get(SOCKET), release),
                        mimetype="text/event-stream", headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(release)
    return response


document("/api/v1/tournaments/{tournament_id}/events", "get",
         "Stream the tournament as server-sent events (text/event-stream): `data:` the tournament as GET gives it, "
         "at once and then each time its standings or a table's status change (looked at every 0.2 s). A comment "
         "line comes every 15 s; the server ends a stream after 5 minutes and EventSource reconnects.",
         content_type="text/event-stream", errors=(404,))


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
