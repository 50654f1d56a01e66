"""For a load balancer: /healthz (the process serves) and /readyz (the database answers, migrations current);
and a database that is down, missing or not migrated answers 503 with Retry-After, never a 500."""

from __future__ import annotations

import logging

import sqlalchemy as sa
from flask import Blueprint, Flask, jsonify, make_response, render_template, request

from api.shell.errors import problem
from api.web.words.i18n import N_

RETRY_AFTER = 5  # seconds: long enough for a database restart to be worth a second try
bp = Blueprint("health", __name__)
logger = logging.getLogger(__name__)


def _head_revision() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from events.db import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


HEAD = _head_revision()


@bp.get("/healthz")
def healthz():
    """Say the process serves (it touches nothing else)."""
    return jsonify(status="ok")


@bp.get("/readyz")
def readyz():
    """Say whether this host has room for more phones (one of its workers has), and the database answers with
    every migration: 200, or 503 saying what is missing (a load balancer then sends phones to another host)."""
    from api.application import context
    from api.shell import host
    from api.shell.live import full

    here = full()  # this worker's own counts, as they are now; the others' marks (api/shell/host.py)
    crowded = here and (here if host.workers() == 1 else host.full())
    if crowded:
        return _not_ready(f"this server is full ({crowded}): send phones elsewhere",
                          status="full")

    try:
        with context.current().store.engine.connect() as conn:
            current = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars().all()
    except sa.exc.SQLAlchemyError as error:
        logger.warning("not ready: %s", type(error).__name__)
        return _not_ready("the database does not answer, or has no schema yet")
    if current != [HEAD]:
        return _not_ready(f"the database is at migration {', '.join(current) or 'none'}, not {HEAD}: "
                          "run `flask --app api db upgrade`")
    return jsonify(status="ready", migration=HEAD)


def _not_ready(detail: str, status: str = "not ready"):
    response = jsonify(status=status, detail=detail)
    response.status_code = 503
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


UNAVAILABLE = N_("The database is not answering. Nothing was lost: try again in a few seconds.")


def _unavailable(error: sa.exc.SQLAlchemyError):
    """A database that is down, missing, busy past its timeout or without its tables: 503, try again later."""
    logger.error("database unavailable on %s %s: %s", request.method, request.path, error)
    if request.path.startswith("/api/"):
        response = problem(503, "Database unavailable", UNAVAILABLE)
    else:  # error.html says it in the phone's language
        response = make_response(render_template("error.html", code=503, title=N_("Database unavailable"),
                                                 detail=UNAVAILABLE), 503)
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def _is_unavailable(error: sa.exc.DBAPIError) -> bool:
    """Operational errors (connection, lock timeout, read-only file, missing table); or a missing table on
    PostgreSQL, which calls it a programming error."""
    if isinstance(error, (sa.exc.OperationalError, sa.exc.InterfaceError)):
        return True
    return type(error.orig).__name__ in ("UndefinedTable", "UndefinedColumn", "InvalidSchemaName")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)

    @app.errorhandler(sa.exc.DBAPIError)
    def database_error(error: sa.exc.DBAPIError):
        if _is_unavailable(error):
            return _unavailable(error)
        raise error  # a real bug: Flask logs it and answers 500 (api.errors)
