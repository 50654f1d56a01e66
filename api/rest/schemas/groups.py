"""Shapes of the group endpoints (API.md \"Groups\"), for the OpenAPI description, and their bodies read into
commands (`CreateGroup`, `RenameMember`, `RenameGroup`)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.application import names_in
from api.application.commands import CreateGroup, RenameGroup, RenameMember
from api.application.group_service import MAX_MEMBER_NAME, MAX_NAME
from referee import games
from referee.stats.group import COLUMNS
from referee.violations import N_, Malformed


class CreateGroupSchema(Schema):
    name = fields.String(required=True, metadata={"example": "Sunday table"})


class GroupCreatedSchema(Schema):
    id = fields.String()
    name = fields.String()
    token = fields.String(metadata={"description": "the members' secret: send it as X-Group-Token"})
    admin_token = fields.String(metadata={"description": "the admin's secret (also forgets, renames, copies a "
                                                         "player's data, reads the audit): send it as X-Group-Token"})
    page = fields.String(metadata={"description": "the group page's link, carrying the members' token"})
    admin_page = fields.String(metadata={"description": "the group page's link, carrying the admin token"})


class GroupTableSchema(Schema):
    id = fields.String()
    game = fields.String()
    created_at = fields.String()
    status = fields.String()
    winners = fields.List(fields.String(), allow_none=True, metadata={"description": "names"})
    players = fields.List(fields.String())


# A field per game (referee.games), described by its scoring's standings columns.
StandingsSchema = Schema.from_dict({
    game.name: fields.List(fields.Dict(), metadata={"description": ", ".join(COLUMNS[game.scoring])})
    for game in games.ALL}, name="StandingsSchema")


class GroupSchema(Schema):
    id = fields.String()
    name = fields.String()
    period = fields.String()
    tables = fields.List(fields.Nested(GroupTableSchema))
    standings = fields.Nested(StandingsSchema)
    members = fields.List(fields.Dict(), metadata={"description": "id, name"})
    role = fields.String(metadata={"description": "admin or members: which of the group's tokens was sent"})
    members_token = fields.String(metadata={"description": "to the admin token only: the members' token to share"})
    members_page = fields.String(metadata={"description": "to the admin token only: the members' link to share"})


class AuditActionSchema(Schema):
    at = fields.String()
    action = fields.String(metadata={"description": "forget, rename, rename_group, adjust, void, replace, close, "
                                                    "swap, released_seat, late_arrival, withdrawal"})
    by = fields.String(metadata={"description": "admin, director, host of table <id>, seat N of table <id>"})
    target = fields.Dict(metadata={"description": "ids (member, members, table, seat, entry, tournament, round) "
                                                  "and the names they read as now (name, names)"})


class AuditSchema(Schema):
    actions = fields.List(fields.Nested(AuditActionSchema), metadata={"description": "newest first"})


class PeriodArgsSchema(Schema):
    period = fields.String(metadata={"description": "all (default), year or month: tables created since"})


class PlayerArgsSchema(PeriodArgsSchema):
    last = fields.Integer(metadata={"description": "how many finished sessions the form shows (default 10)"})


def _figures(game) -> str:
    """A member's figures at the game, as the player endpoint gives them."""
    shown = [f"{name} (+ rules)" if name in game.stats.BY_RULE else name for name in game.stats.FIGURES]
    return ", ".join(["tables", *shown, "form"])


# Her figures at each game (referee.games), besides who she is and the period.
PlayerSchema = Schema.from_dict({
    "id": fields.String(), "name": fields.String(), "period": fields.String(),
    **{game.name: fields.Dict(metadata={"description": _figures(game)}) for game in games.ALL}}, name="PlayerSchema")


class RenameSchema(Schema):
    name = fields.String(required=True)


class RenamedSchema(Schema):
    id = fields.String()
    name = fields.String()


class CsvArgsSchema(Schema):
    bom = fields.Integer(validate=validate.OneOf([0, 1]),
                         metadata={"description": "1: start with a UTF-8 byte-order mark (for Excel); 0 or absent: none"})


def read_name(body: object, field: str, most: int) -> str:
    """A body's name field, tidied and checked by the application (api.application.names_in)."""
    return names_in.name(body.get(field) if isinstance(body, dict) else None, field, most)


def read_new_group(body: object) -> CreateGroup:
    """A new group's body, `{"name"}`, into its command."""
    name = read_name(body, "name", MAX_NAME)
    others = set(body) - {"name"} if isinstance(body, dict) else set()
    if others:
        raise Malformed(N_("a group takes only `name`, not %(fields)s"), fields=sorted(map(str, others)))
    return CreateGroup(name)


def read_group_rename(group_id: str, token: str | None, body: object) -> RenameGroup:
    """A group's new name, `{"name"}`, into its command."""
    return RenameGroup(group_id, token, read_new_group(body).name)


def read_rename(group_id: str, token: str | None, member: str, body: object) -> RenameMember:
    """A member's new name, `{"name"}`, into its command."""
    return RenameMember(group_id, token, member, read_name(body, "name", MAX_MEMBER_NAME))
