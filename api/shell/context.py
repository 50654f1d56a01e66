"""The application layer's context (api/application/context.py), one per Flask app: the app's store, its config
(CLOCK and SECRET_KEY are read when asked), its extensions as the caches, and the hand-off of committed entries
to this process's live streams."""

from __future__ import annotations

import os

from flask import Flask, current_app, g, has_app_context, has_request_context

from api.application import context
from events import StoredEntry
from events.db import get_store
from events.records import entry_text


def _context() -> context.Context | None:
    return current_app.extensions["application.context"] if has_app_context() else None


def _tell(table_id: str, stored: StoredEntry) -> None:
    """Hand a committed entry to this process's live streams (api/shell/stream.py): those of its table send it
    with no read of the log; the other processes hear of it by their hub (a notice, or a look at the heads).

    In a request, once its answer is sent (api/shell/stream.py): the streams woken would otherwise take turns
    with the writer's thread for the interpreter before the writer has its answer."""
    found = current_app.extensions.get("live", {}).get("hub")
    if found is None or found.pid != os.getpid() or table_id not in found.watching:  # heard() checks again
        return
    told = (found, table_id, stored.seq, entry_text(stored.to_json()))
    if has_request_context():
        g.setdefault("arbitre_told", []).append(told)
    else:
        found.heard(*told[1:])


def init_app(app: Flask) -> None:
    """Give the app its context; the application layer asks this module for the one of the app at hand (one
    provider for every app of the process)."""
    app.extensions["application.context"] = context.Context(get_store, app.config, app.extensions, _tell)
    context.provide(_context)
