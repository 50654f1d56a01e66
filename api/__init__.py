"""The Flask application: JSON API under /api/v1 and the table's web pages."""

from __future__ import annotations

import os

from flask import Flask


def create_app(config: dict | None = None) -> Flask:
    """Build the app; `config` overrides settings (tests pass DATABASE_URL, TESTING)."""
    app = Flask(__name__, instance_relative_config=True, template_folder="../templates")
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY", "dev"),
        DATABASE_URL=os.environ.get("DATABASE_URL")
        or "sqlite:///" + os.path.join(app.instance_path, "arbitre.sqlite3"),
        JSON_SORT_KEYS=False,
    )
    if config:
        app.config.update(config)
    app.json.sort_keys = False

    from api import errors

    errors.init_app(app)
    _register_parts(app)
    return app


PARTS = ("events.db", "api.referee_api", "api.tables", "api.openapi", "api.web")


def _register_parts(app: Flask) -> None:
    """Each part has `init_app(app)`: the database, the API blueprints, the web pages."""
    import importlib

    for name in PARTS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.init_app(app)
