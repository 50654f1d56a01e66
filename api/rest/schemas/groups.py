"""Shapes of the group endpoints (API.md "Groups"), for the OpenAPI description."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from referee import games
from referee.stats.group import COLUMNS


class CreateGroupSchema(Schema):
    name = fields.String(required=True, metadata={"example": "Sunday table"})


class GroupCreatedSchema(Schema):
    id = fields.String()
    name = fields.String()
    token = fields.String(metadata={"description": "the group's secret: send it as X-Group-Token"})
    page = fields.String(metadata={"description": "the group page's link, carrying the token"})


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
