"""GET /api/v1/tables/{id}/events: the table's new entries as server-sent events (API.md).

One event per entry (`id:` its seq, `data:` its JSON as in /entries); a client that reconnects with
`Last-Event-ID: N` (or opens with `?after=N`) first gets every entry after N. The entries the hub heard go out as
they are, with no read of the log; others are read once for all the table's streams woken together. A table's
heartbeat is when its running turn clock's timeout is written; once its game is known to have no clock, its
heartbeats come every `LIVE_QUIET_HEARTBEAT` seconds. The rest is every stream's (api/shell/stream.py).
"""

from __future__ import annotations

import sqlalchemy as sa
from flask import Blueprint, Flask, Response, current_app, g, request

from api.application import service
from api.application.errors import BadRequest
from api.rest.openapi import document
from api.shell.client import SOCKET
from api.shell.live import Live, admit, live
from api.shell.stream import Held, Timing, respond
from events.records import entry_text
from referee.violations import N_

bp = Blueprint("stream", __name__, url_prefix="/api/v1/tables")
MAX_INT = 2**31 - 1


def _after() -> int:
    """Where the client is: `Last-Event-ID` (a reconnection) wins over `?after=` (the page's version)."""
    name, raw = "Last-Event-ID", request.headers.get("Last-Event-ID")
    if raw is None:
        name, raw = "after", request.args.get("after", "0")
    if not raw.strip().isdigit() or int(raw) > MAX_INT:
        raise BadRequest("Bad query", N_("`%(name)s` is the seq of an entry: a whole number from 0 to %(most)s, not "
                                         "%(value)s"), {"name": name, "most": MAX_INT, "value": repr(raw)})
    return int(raw)


def _texts(entries: list[dict]) -> list[tuple[int, str]]:
    """Entries read from the log, as the hub hands out those it heard: `(seq, JSON text)`."""
    return [(entry["seq"], entry_text(entry)) for entry in entries]


class TableFeed:
    """A table's entries after `position` (the seq of the last sent), and its turn clock at the heartbeats."""

    def __init__(self, app: Flask, state: Live, table_id: str, after: int, first: list[tuple[int, str]]):
        self.app, self.state, self.key, self.position = app, state, table_id, after
        self.pending: list[tuple[int, str]] | None = first  # read before the answer began (a 404 first)
        self.timed: bool | None = True  # whether the table's turn clock may run: asked at the first
        # heartbeat, and again after entries while it does not; None for a game that has none (never asked again)

    def opening(self) -> str:
        return ": live\n\n"

    def news(self) -> str:
        batch, self.pending = (self.pending if self.pending is not None else self.entries()), None
        if not batch:
            return ""
        self.position = batch[-1][0]
        if self.timed is False:  # entries came: a turn clock may have started
            self.timed = True
        return "".join(f"id: {seq}\ndata: {text}\n\n" for seq, text in batch)

    def entries(self) -> list[tuple[int, str]]:
        """The entries after the last sent: as heard, with no read; else one read shared by the table's streams."""
        hub, after = self.state.hub, self.position
        batch = hub.entries_after(self.key, after)
        if batch is not None:
            return batch

        def fresh():
            with self.app.app_context(), self.state.readers:
                return _texts(service.entries_as_logged(self.key, after))
        return self.state.reads.get(self.key, after, (hub.epoch, hub.version(self.key)), fresh)

    def beat(self, timing: Timing) -> float:
        if self.timed:  # a running turn clock: its timeout is written on time
            self.timed = self.state.reads.clock(self.key, timing.heartbeat, self.ask)
        return max(timing.quiet, timing.heartbeat) if self.timed is None else timing.heartbeat

    def ask(self) -> bool | None:
        """Whether the table's clock runs, writing what is due (one ask a heartbeat for the table's streams); None
        if its game has no clock."""
        try:
            with self.app.app_context(), self.state.readers:
                return service.clocked(self.key)
        except sa.exc.SQLAlchemyError:
            return True  # the database is away for a moment: ask again at the next heartbeat


@bp.get("/<table_id>/events")
def events(table_id: str):
    """Stream the table's new entries (text/event-stream), from `Last-Event-ID` or `?after=`."""
    after = _after()
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    state, address = live(), request.remote_addr or "local"
    refused = admit(state, address)  # before any read: a stream refused costs the database nothing
    if refused is not None:
        return refused
    held = Held(state, table_id, address)
    state.hub.watch(table_id)  # before the first read: an entry written in between still wakes us
    try:
        with state.readers:  # 404 for an unknown table, before any byte; no replay (what is due: at the heartbeat)
            first = _texts(service.entries_as_logged(table_id, after))
    except Exception:
        held.release()
        raise
    feed = TableFeed(app, state, table_id, after, first)
    return respond(held, feed, Timing.of(app.config), request.environ.get(SOCKET))


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
    """The entries this request wrote reach this process's streams once its answer is sent (api/shell/context.py)."""
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
