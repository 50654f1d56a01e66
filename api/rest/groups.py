"""The group endpoints: open a group, read its tables and standings, a player's statistics, the CSV."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, request

from api.application import access_copy as access_copy_
from api.application import forgetting, group_csv, group_service
from api.application.errors import ApiError
from api.rest.openapi import document
from api.rest.schemas.groups import (
    CreateGroupSchema,
    CsvArgsSchema,
    GroupCreatedSchema,
    GroupSchema,
    PeriodArgsSchema,
    PlayerArgsSchema,
    PlayerSchema,
    RenamedSchema,
    RenameSchema,
)

bp = Blueprint("groups", __name__, url_prefix="/api/v1")
MAX_LAST = 100


def _json():
    return request.get_json(force=True, silent=True)


def _token() -> str | None:
    return request.headers.get("X-Group-Token", "").strip() or None


def _last() -> int:
    raw = request.args.get("last", "10")
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_LAST:
        raise ApiError(400, "Bad query", f"`last` is a whole number from 1 to {MAX_LAST}, not {raw!r}")
    return int(raw)


def _csv(text: str, name: str) -> Response:
    return Response(text, mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}.csv"'})


@bp.post("/groups")
def create():
    """Open a group; its token is shown once."""
    return group_service.create_group(_json()), 201


@bp.get("/groups/<group_id>")
def read(group_id: str):
    """Show the group's tables and standings."""
    return group_service.read_group(group_id, _token(), request.args.get("period"))


@bp.get("/groups/<group_id>/players/<member>")
def player(group_id: str, member: str):
    """Show a player's statistics, each with the entries it counts."""
    return group_service.player(group_id, _token(), member, request.args.get("period"), _last())


@bp.patch("/groups/<group_id>/players/<member>")
def rename(group_id: str, member: str):
    """Call a player by a new name."""
    return group_service.rename(group_id, _token(), member, _json())


@bp.get("/groups/<group_id>/players/<member>/copy")
def access_copy(group_id: str, member: str):
    """A player's copy of every figure and entry the group holds about her (GDPR art. 15)."""
    return access_copy_.copy(group_id, _token(), member)


@bp.delete("/groups/<group_id>/players/<member>")
def forget(group_id: str, member: str):
    """Forget a player (GDPR art. 17): her name leaves the group, its tables and tournaments."""
    forgetting.forget_member(group_id, _token(), member)
    return Response(status=204)


def _bom() -> bool:
    """`?bom=1` starts the CSV with a byte-order mark, `?bom=0` or none does not; anything else is a 400."""
    values = request.args.getlist("bom")
    if not values:
        return False
    if len(values) > 1 or values[0] not in ("0", "1"):
        raise ApiError(400, "Bad query", f"`bom` is 0 or 1, once, not {', '.join(map(repr, values))}")
    return values[0] == "1"


@bp.get("/groups/<group_id>/export.csv")
def export(group_id: str):
    """Export every deal of the group's tables as CSV."""
    return _csv(group_csv.group_csv(group_id, _token(), _bom()), f"arbitre-group-{group_id}")


@bp.get("/tables/<table_id>/export.csv")
def table_export(table_id: str):
    """Export every deal of one table as CSV."""
    return _csv(group_csv.table_csv(table_id, _bom()), f"arbitre-{table_id}")


GROUP = "/api/v1/groups/{group_id}"
document("/api/v1/groups", "post", "Open a group (a named set of players owning tables); its token is shown once",
         request=CreateGroupSchema, response=GroupCreatedSchema, status=201, errors=(400, 413, 415, 429))
document(GROUP, "get", "Read a group's tables, newest first, and its standings (X-Group-Token)",
         response=GroupSchema, query=PeriodArgsSchema, errors=(400, 401, 403, 404))
document(GROUP + "/players/{member}", "get", "A player's statistics per game, each with the entries it counts, "
         "and her form (X-Group-Token)", response=PlayerSchema, query=PlayerArgsSchema, errors=(400, 401, 403, 404))
document(GROUP + "/players/{member}", "patch", "Call a player by a new name (X-Group-Token)", request=RenameSchema,
         response=RenamedSchema, errors=(400, 401, 403, 404, 409, 413, 415, 429))
document(GROUP + "/players/{member}", "delete", "Forget a player (X-Group-Token): her name leaves the group, its "
         "tables and tournaments; her figures stay under a label", status=204, errors=(401, 403, 404, 429))
document(GROUP + "/players/{member}/copy", "get", "A player's copy of every figure and entry the group holds about "
         "her (X-Group-Token)", errors=(401, 403, 404))
document(GROUP + "/export.csv", "get", "Every deal or round of the group's tables, one row per player (X-Group-Token)",
         content_type="text/csv", query=CsvArgsSchema, errors=(400, 401, 403, 404))
document("/api/v1/tables/{table_id}/export.csv", "get", "Every deal or round of a table, one row per player",
         content_type="text/csv", query=CsvArgsSchema, errors=(400, 404), tag="tables")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
