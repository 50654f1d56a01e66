"""The table endpoints of API.md: create, read, enter, list, export, import."""

from __future__ import annotations

from functools import partial

from flask import Blueprint, Flask, Response, request
from werkzeug.routing import BaseConverter

from api.application import appends, forgetting, seat_phones, service
from api.application.commands import ImportLog
from api.application.errors import BadRequest
from api.rest import reading
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
    read_entry,
    read_new_table,
)
from referee.violations import N_, Malformed

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
        raise BadRequest("Bad query", N_("`%(name)s` is a whole number from %(least)s to %(most)s, not %(value)s"),
                         {"name": name, "least": least, "most": MAX_INT, "value": repr(raw)})
    return value


def _token() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= MAX_KEY:
        raise BadRequest("Bad Idempotency-Key", N_("an Idempotency-Key has 1 to %(most)s characters"), {"most": MAX_KEY})
    return key


@bp.post("")
def create():
    """Open a table; its creation is entry 1. With `group` (and X-Group-Token) it belongs to that group."""
    body = _json()
    if isinstance(body, dict) and "group" in body:
        from api.application import group_service

        token, fields = request.headers.get("X-Group-Token", "").strip() or None, dict(body)
        group_id = fields.pop("group")
        if not isinstance(group_id, str):
            raise Malformed("`group` is the id of a group (send its token as X-Group-Token)")
        made = reading.command(partial(read_new_table, fields),
                               partial(group_service.admits_table, group_id, token, fields.get("players")))
        return group_service.create_table(group_id, token, made), 201
    return service.create_table(read_new_table(body)), 201


@bp.get("/<table:table_id>")
def read(table_id: str):
    """Show the table as its log replays now, or as of entry `at`."""
    return service.read_table(table_id, at=_int_arg("at", least=1))


@bp.post("/<table:table_id>/entries")
def enter(table_id: str):
    """Write one entry, based on `expected_version`."""
    token, body, key = _token(), _json(), _key()
    made = reading.command(partial(read_entry, table_id, token, body, key), partial(appends.writer, table_id, token))
    return appends.post_entry(made), 201


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


@bp.delete("/<table:table_id>/seats/<int:seat>/phone")
def release_phone(table_id: str, seat: int):
    """Release a seat from the phone that holds it; another phone may take it (host or director token)."""
    seat_phones.release(table_id, _token(), seat)
    return Response(status=204)


@bp.post("/import")
def import_():
    """Open a new table from an exported log whose hash chain holds."""
    return service.import_log(ImportLog(request.get_data(as_text=True), read_new_table)), 201


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
document(TABLE + "/seats/{seat}/phone", "delete",
         "Release a seat from its phone; another phone may take it (the host's or the director's token)",
         status=204, errors=(401, 403, 404, 503))
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
