"""GET /api/v1/tournaments/{id}/events: the tournament as GET gives it, each time its standings or a table's
status change (server-sent events).

The stream watches the tournament's key on the process's hub (events/live.py), which moves when one of its
tables' logs moves (the hub follows them), when the tournament's own records change (a round seated, a table
closed, the director's message or freeze: `touch`ed by whoever wrote them, here or in another worker), or when
the hub's look at the tournament finds it changed. Each time, the tournament is read once for all its streams of
the process (`api.application.tournament_standings` folds only the tables that moved) and every stream sends the
new text when it differs from what it sent. Caps, heartbeats, lifetime and `retry:` are every stream's
(api/shell/stream.py).
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from flask import Blueprint, Flask, current_app, request

from api.application import tournaments
from api.application.errors import ApplicationError
from api.rest.openapi import document
from api.shell.client import SOCKET
from api.shell.live import Live, admit, live
from api.shell.stream import Held, Timing, respond
from events.live import key

bp = Blueprint("tournament_stream", __name__, url_prefix="/api/v1/tournaments")


def _text(view: dict) -> str:
    return json.dumps(view, ensure_ascii=False, separators=(",", ":"))


class TournamentFeed:
    """The tournament's text, sent when it differs from the last sent; its events numbered 1, 2, …"""

    def __init__(self, app: Flask, state: Live, tournament_id: str):
        self.app, self.state, self.tournament_id = app, state, tournament_id
        self.key = key("tournament", tournament_id)
        self.position, self.sent, self.number = 0, "", 0
        self.first = ""  # the opening event, read before the answer began (an unknown tournament: a 404)

    def read(self) -> tuple[str, list[str]]:
        """The tournament's text and its tables, as read at the hub's version of it (one read for its streams)."""
        def fresh() -> tuple[str, list[str]]:
            with self.app.app_context(), self.state.readers:
                view = tournaments.read(self.tournament_id)
            return _text(view), [table["id"] for table in view["tables"]]
        hub = self.state.hub
        self.position, epoch = hub.version(self.key), hub.epoch  # before the read: a change during it wakes us
        text, tables = self.state.reads.get(self.key, 0, (epoch, self.position), fresh)  # a new epoch: read anew
        self.state.hub.follow(self.key, tables)  # a new round's tables: their entries move the tournament
        return text, tables

    def look(self) -> object:
        """What the tournament is now, for a hub that looks at it (another worker's round or message)."""
        try:
            with self.app.app_context(), self.state.readers:
                return tournaments.read(self.tournament_id)
        except ApplicationError:
            return None

    def start(self) -> None:
        self.first = self.event(self.read()[0])

    def opening(self) -> str:
        return self.first

    def news(self) -> str:
        try:
            text = self.read()[0]
        except (sa.exc.SQLAlchemyError, ApplicationError):
            return ""  # the database is away for a moment (the next wake reads again), or the tournament gone
        return self.event(text) if text != self.sent else ""

    def event(self, text: str) -> str:
        self.sent, self.number = text, self.number + 1
        return f"id: {self.number}\ndata: {text}\n\n"

    def beat(self, timing: Timing) -> float:
        return timing.heartbeat


@bp.get("/<tournament_id>/events")
def events(tournament_id: str):
    """Stream the tournament (text/event-stream): the first event at once, then one at each change."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    state, address = live(), request.remote_addr or "local"
    tournaments.record(tournament_id)  # 404 first
    refused = admit(state, address)
    if refused is not None:
        return refused
    feed = TournamentFeed(app, state, tournament_id)
    held = Held(state, feed.key, address)
    state.hub.watch(feed.key, feed.look)  # before the first read: a change in between still wakes us
    try:
        feed.start()
    except Exception:
        held.release()
        raise
    return respond(held, feed, Timing.of(app.config), request.environ.get(SOCKET))


document("/api/v1/tournaments/{tournament_id}/events", "get",
         "Stream the tournament as server-sent events (text/event-stream): `data:` the tournament as GET gives it, "
         "at once and then each time its standings or a table's status change. A comment "
         "line comes every 15 s; the server ends a stream after 5 minutes and EventSource reconnects.",
         content_type="text/event-stream", errors=(404,))


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
