"""The Flask application: JSON API under /api/v1 and the table's web pages."""

from __future__ import annotations

import os
import secrets
import time

from flask import Flask


def create_app(config: dict | None = None) -> Flask:
    """Build the app; `config` overrides settings (tests pass DATABASE_URL, TESTING)."""
    app = Flask(__name__, instance_relative_config=True, template_folder="../templates")
    _refuse_shared_secret(config)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY") or _instance_secret(app.instance_path),
        DATABASE_URL=os.environ.get("DATABASE_URL")
        or "sqlite:///" + os.path.join(app.instance_path, "arbitre.sqlite3"),
        JSON_SORT_KEYS=False,
    )
    if config:
        app.config.update(config)
    app.json.sort_keys = False

    from api.shell import errors

    errors.init_app(app)
    _register_parts(app)
    return app


def _refuse_shared_secret(config: dict | None) -> None:
    """In production (ARBITRE_ENV=production) SECRET_KEY must come from the environment: the instance
    secret is one machine's, and several hosts would not read each other's sessions or seals."""
    if os.environ.get("ARBITRE_ENV") == "production" and not os.environ.get("SECRET_KEY") \
            and not (config or {}).get("SECRET_KEY"):
        raise RuntimeError("ARBITRE_ENV=production needs SECRET_KEY in the environment (e.g. 64 random hex digits)")


def _instance_secret(instance_path: str) -> str:
    """Keep one random secret per instance folder, so sessions survive restarts and workers agree."""
    path = os.path.join(instance_path, "secret_key")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(50):  # another worker may be writing it right now
            with open(path) as f:
                secret = f.read().strip()
            if secret:
                return secret
            time.sleep(0.02)
        raise RuntimeError(f"{path} is empty: delete it or set SECRET_KEY") from None
    secret = secrets.token_hex(32)
    with os.fdopen(fd, "w") as f:
        f.write(secret)
    return secret


# api.shell.limits comes last: it limits the views the parts before it registered.
PARTS = ("events.db", "api.shell.context", "api.shell.guard", "api.shell.health", "api.shell.sessions",
         "api.rest.referee_api", "api.rest.tables", "api.rest.openapi", "api.web", "api.shell.table_stream", "api.web.live")
PARTS += ("api.rest.groups", "api.web.groups.pages", "api.rest.tournaments", "api.shell.tournament_stream",
          "api.web.tournaments.pages")
PARTS += ("api.shell.limits", "api.shell.turns")
PARTS += ("api.shell.commands",)


def _register_parts(app: Flask) -> None:
    """Each part has `init_app(app)`: the database, the API blueprints, the web pages."""
    import importlib

    for name in PARTS:  # a part that is missing stops the app here: it is never silently left out
        importlib.import_module(name).init_app(app)
