"""The application layer's context (api/application/context.py), one per Flask app: the app's store and the
records beside its log (the one place that asks events/db.py for them: tests/test_layers.py), its config (CLOCK
and SECRET_KEY are read when asked), its extensions as the caches, and the hand-off of committed entries and
changed records to the live streams (this process's hub, and the others')."""

from __future__ import annotations

from flask import Flask, current_app, g, has_app_context, has_request_context

from api.application import context
from api.shell.live import held
from events import StoredEntry, live
from events.db import get_records, get_store
from events.records import entry_text


def _context() -> context.Context | None:
    return current_app.extensions["application.context"] if has_app_context() else None


def _tell(table_id: str, stored: StoredEntry) -> None:
    """Hand a committed entry to this process's live streams (api/shell/table_stream.py): those of its table send it
    with no read of the log; the other processes hear of it by their hub (a notice, or a look at the heads).

    In a request, once its answer is sent (api/shell/table_stream.py): the streams woken would otherwise take turns
    with the writer's thread for the interpreter before the writer has its answer."""
    state = held(current_app)
    found = state.hub if state is not None else None
    if found is None or table_id not in found.watching:  # heard() checks again
        return
    told = (found, table_id, stored.seq, entry_text(stored.to_json()))
    if has_request_context():
        g.setdefault("arbitre_told", []).append(told)
    else:
        found.heard(*told[1:])


def _touch(kind: str, id_: str) -> None:
    """A record was written (a tournament's round, message, freeze): wake its streams in this process at once,
    and tell the other processes (PostgreSQL: a notice; SQLite: their hubs look at it)."""
    changed, state = live.key(kind, id_), held(current_app)
    if state is not None:
        state.hub.touch(changed)
    else:
        live.announce(current_app.extensions["application.context"].store.engine, changed)


def init_app(app: Flask) -> None:
    """Give the app its context; the application layer asks this module for the one of the app at hand (one
    provider for every app of the process)."""
    app.extensions["application.context"] = context.Context(get_store, get_records, app.config, app.extensions,
                                                            _tell, _touch)
    context.provide(_context)
