"""The table endpoints of API.md: create, read, enter, list, export, import."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, request
from werkzeug.routing import BaseConverter

from api.application import appends, forgetting, service
from api.application.errors import ApiError
from api.rest.openapi import document
from api.rest.schemas.quick import ExitCountsSchema, RoundPointsSchema
from api.rest.schemas.tables import (
    CreateTableSchema,
    EntriesArgsSchema,
    EntriesSchema,
    EntryAnswerSchema,
    EntryBodySchema,
    TableArgsSchema,
    TableCreatedSchema,
    TableSchema,
)

bp = Blueprint("tables", __name__, url_prefix="/api/v1/tables")
MAX_KEY = 200
MAX_INT = 2**31 - 1  # the database's integer: a larger number is a bad query, not a crash


def _json():
    """The request's JSON body, or None when it is not JSON (the service says what it needs)."""
    return request.get_json(force=True, silent=True)


def _int_arg(name: str, default: int | None = None, least: int = 0) -> int | None:
    raw = request.args.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not least <= value <= MAX_INT:
        raise ApiError(400, "Bad query", f"`{name}` is a whole number from {least} to {MAX_INT}, not {raw!r}")
    return value


def _token() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= MAX_KEY:
        raise ApiError(400, "Bad Idempotency-Key", f"an Idempotency-Key has 1 to {MAX_KEY} characters")
    return key


@bp.post("")
def create():
    """Open a table; its creation is entry 1. With `group` (and X-Group-Token) it belongs to that group."""
    body = _json()
    if isinstance(body, dict) and "group" in body:
        from api.application import group_service

        return group_service.create_table(body, request.headers.get("X-Group-Token", "").strip() or None), 201
    return service.create_table(body), 201


@bp.get("/<table:table_id>")
def read(table_id: str):
    """Show the table as its log replays now, or as of entry `at`."""
    return service.read_table(table_id, at=_int_arg("at", least=1))


@bp.post("/<table:table_id>/entries")
def enter(table_id: str):
    """Write one entry, based on `expected_version`."""
    return appends.post_entry(table_id, _token(), _json(), _key()), 201


@bp.get("/<table:table_id>/entries")
def entries(table_id: str):
    """List the entries after `after`."""
    return service.entries(table_id, _int_arg("after", 0))


@bp.get("/<table:table_id>/export")
def export(table_id: str):
    """Export the log as NDJSON, one entry a line with its hash."""
    return Response(service.export(table_id), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="arbitre-{table_id}.ndjson"'})


@bp.delete("/<table:table_id>/seats/<int:seat>/name")
def forget_seat(table_id: str, seat: int):
    """Forget the name at a seat of a table outside any group (host token)."""
    forgetting.forget_seat(table_id, _token(), seat)
    return Response(status=204)


@bp.post("/import")
def import_():
    """Open a new table from an exported log whose hash chain holds."""
    return service.import_log(request.get_data(as_text=True)), 201


TABLE = "/api/v1/tables/{table_id}"
WRITE = (413, 415, 429, 503)  # any write may also answer these (api.shell: guard, limits, health)
document("/api/v1/tables", "post", "Open a table; its creation is entry 1", request=CreateTableSchema,
         response=TableCreatedSchema, status=201, errors=(400, 422, *WRITE))
document(TABLE, "get", "Read a table as its log replays (now, or as of entry `at`)", response=TableSchema,
         query=TableArgsSchema, errors=(400, 404, 503))
document(TABLE + "/entries", "post", "Write one entry (Authorization: Bearer <token>; optional Idempotency-Key)",
         request=EntryBodySchema, response=EntryAnswerSchema, status=201,
         errors=(400, 401, 403, 404, 409, 422, *WRITE),
         components={"ExitCounts": ExitCountsSchema, "RoundPoints": RoundPointsSchema})  # quick scores' fields
document(TABLE + "/entries", "get", "List the entries after `after`", response=EntriesSchema,
         query=EntriesArgsSchema, errors=(400, 404, 503))
document(TABLE + "/export", "get", "Export the log as NDJSON, one entry a line with its hash (E-4)",
         content_type="application/x-ndjson", errors=(404, 503))
document("/api/v1/tables/import", "post", "Open a new table from an export whose hash chain holds (E-4)",
         request={"type": "string", "description": "an export: one entry a line"},
         request_type=("application/x-ndjson", "application/json"), response=TableCreatedSchema, status=201,
         errors=(400, 422, *WRITE))


class TableIdConverter(BaseConverter):
    """A table id in a path: any segment but `import`, so that /tables/import is only the import (its OPTIONS
    and 405 name POST alone)."""

    regex = r"(?!import(?:/|$))[^/]+"


def init_app(app: Flask) -> None:
    app.url_map.converters["table"] = TableIdConverter
    app.register_blueprint(bp)
