"""The group endpoints: open a group, read its tables and standings, a player's statistics, the CSV; the admin's:
rename, forget, a player's copy, the audit."""

from __future__ import annotations

from functools import partial

from flask import Blueprint, Flask, Response, request

from api.application import access_copy as access_copy_
from api.application import audit_view, forgetting, group_csv, group_service
from api.application.errors import BadRequest
from api.rest import reading
from api.rest.openapi import document
from api.rest.schemas.groups import (
    AuditSchema,
    CreateGroupSchema,
    CsvArgsSchema,
    GroupCreatedSchema,
    GroupSchema,
    PeriodArgsSchema,
    PlayerArgsSchema,
    PlayerSchema,
    RenamedSchema,
    RenameSchema,
    read_group_rename,
    read_new_group,
    read_rename,
)
from referee.violations import N_

bp = Blueprint("groups", __name__, url_prefix="/api/v1")
MAX_LAST = 100


def _json():
    return request.get_json(force=True, silent=True)


def _token() -> str | None:
    return request.headers.get("X-Group-Token", "").strip() or None


def _last() -> int:
    raw = request.args.get("last", "10")
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_LAST:
        raise BadRequest("Bad query", N_("`last` is a whole number from 1 to %(most)s, not %(value)s"),
                         {"most": MAX_LAST, "value": repr(raw)})
    return int(raw)


def _csv(text: str, name: str) -> Response:
    return Response(text, mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}.csv"'})


@bp.post("/groups")
def create():
    """Open a group; its token is shown once."""
    return group_service.create_group(read_new_group(_json())), 201


@bp.get("/groups/<group_id>")
def read(group_id: str):
    """Show the group's tables and standings."""
    return group_service.read_group(group_id, _token(), request.args.get("period"))


@bp.patch("/groups/<group_id>")
def rename_group(group_id: str):
    """Call the group by a new name (the admin token)."""
    token, body = _token(), _json()
    made = reading.command(partial(read_group_rename, group_id, token, body),
                           partial(group_service.admin, group_id, token))
    return group_service.rename_group(made)


@bp.get("/groups/<group_id>/audit")
def audit(group_id: str):
    """Who did what to the group, newest first (the admin token)."""
    return audit_view.actions(group_id, _token())


@bp.get("/groups/<group_id>/players/<member>")
def player(group_id: str, member: str):
    """Show a player's statistics, each with the entries it counts."""
    return group_service.player(group_id, _token(), member, request.args.get("period"), _last())


@bp.patch("/groups/<group_id>/players/<member>")
def rename(group_id: str, member: str):
    """Call a player by a new name."""
    token, body = _token(), _json()
    made = reading.command(partial(read_rename, group_id, token, member, body),
                           partial(group_service.admin, group_id, token))
    return group_service.rename(made)


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
        raise BadRequest("Bad query", N_("`bom` is 0 or 1, once, not %(value)s"),
                         {"value": ", ".join(map(repr, values))})
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
document(GROUP, "patch", "Call the group by a new name (X-Group-Token: the admin token)", request=RenameSchema,
         response=RenamedSchema, errors=(400, 401, 403, 404, 413, 415, 429))
document(GROUP + "/audit", "get", "Who did what to the group, newest first: forgettings, renames, rulings, "
         "corrections by a host or director, closed tables, an evening's swaps, released seats, late arrivals and "
         "withdrawals (X-Group-Token: the admin token)", response=AuditSchema, errors=(401, 403, 404))
document(GROUP + "/players/{member}", "patch", "Call a player by a new name (X-Group-Token: the admin token)",
         request=RenameSchema, response=RenamedSchema, errors=(400, 401, 403, 404, 409, 413, 415, 429))
document(GROUP + "/players/{member}", "delete", "Forget a player (X-Group-Token: the admin token): her name leaves "
         "the group, its tables and tournaments; her figures stay under a label", status=204,
         errors=(401, 403, 404, 429))
document(GROUP + "/players/{member}/copy", "get", "A player's copy of every figure and entry the group holds about "
         "her (X-Group-Token: the admin token)", errors=(401, 403, 404))
document(GROUP + "/export.csv", "get", "Every deal or round of the group's tables, one row per player (X-Group-Token)",
         content_type="text/csv", query=CsvArgsSchema, errors=(400, 401, 403, 404))
document("/api/v1/tables/{table_id}/export.csv", "get", "Every deal or round of a table, one row per player",
         content_type="text/csv", query=CsvArgsSchema, errors=(400, 404), tag="tables")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
