"""Shapes of the group endpoints (API.md "Groups"), for the OpenAPI description."""

from __future__ import annotations

from marshmallow import Schema, fields, validate


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


class StandingsSchema(Schema):
    continental = fields.List(fields.Dict(), metadata={"description": "player, member, sessions, won, balance"})
    rami = fields.List(fields.Dict(),
                       metadata={"description": "player, member, games, won, average_total, rounds_won"})


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


class PlayerSchema(Schema):
    id = fields.String()
    name = fields.String()
    period = fields.String()
    continental = fields.Dict(metadata={"description": "tables, exits, invalid_exits (+ rules), first_turn, "
                                                       "without_drawing, one_suit, received, paid, form"})
    rami = fields.Dict(metadata={"description": "tables, openings, lay_offs, jokers, rounds_won, hand_left, "
                                                "timeouts, form"})


class RenameSchema(Schema):
    name = fields.String(required=True)


class RenamedSchema(Schema):
    id = fields.String()
    name = fields.String()


class CsvArgsSchema(Schema):
    bom = fields.Integer(validate=validate.OneOf([0, 1]),
                         metadata={"description": "1: start with a UTF-8 byte-order mark (for Excel); 0 or absent: none"})
