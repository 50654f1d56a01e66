"""Live and offline pages: the outbox's JSON route, the service worker and the manifest."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from api.web import offline
    from api.web.table import outbox

    app.register_blueprint(outbox.bp)
    app.register_blueprint(offline.bp)
