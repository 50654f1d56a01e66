"""Shapes of the tournament endpoints (API.md "Tournaments"), and the reading of a new tournament's body."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from api.application.printable import control_character
from api.rest.schemas.tables import NAME_MOST, SeatSchema
from referee import games
from referee.violations import Malformed

MAX_ROUNDS = 20
MAX_PLAYERS = 400  # a club's evening, and then some
SEATINGS = ("random", "swiss")


class CreateTournamentSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=80), metadata={"example": "Friday club"})
    game = fields.String(required=True, validate=validate.OneOf(list(games.NAMES)))
    options = fields.Dict(load_default=None, allow_none=True)
    tracking = fields.String(load_default="full", validate=validate.OneOf(["full", "results"]))
    players = fields.List(fields.String(validate=validate.Length(min=1, max=NAME_MOST)), required=True,
                          validate=validate.Length(min=2, max=MAX_PLAYERS),
                          metadata={"description": "the group's members by name (a new name is a new member)"})
    rounds = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_ROUNDS))
    table_size = fields.Integer(required=True, strict=True, validate=validate.Range(min=2, max=10))
    seating = fields.String(load_default="random", validate=validate.OneOf(list(SEATINGS)))


class TournamentCreatedSchema(Schema):
    id = fields.String()
    director_token = fields.String(metadata={"description": "host of every table: send it as Bearer"})
    page = fields.String(metadata={"description": "the players' page (its link is their capability)"})
    screen = fields.String(metadata={"description": "the screen for a TV or a projector"})


class RoundBodySchema(Schema):
    close = fields.Boolean(metadata={"description": "close the tables still playing, as they stand"})


class RoundSeatSchema(SeatSchema):
    """A seat of a round's table: a new table's seat (its name and token), and the code that joins it."""

    code = fields.String()


class RoundTableSchema(Schema):
    id = fields.String()
    number = fields.Integer()
    page = fields.String()
    seats = fields.List(fields.Nested(RoundSeatSchema))


class RoundSchema(Schema):
    round = fields.Integer()
    tables = fields.List(fields.Nested(RoundTableSchema))


class TournamentTableSchema(Schema):
    id = fields.String()
    round = fields.Integer()
    number = fields.Integer()
    status = fields.String(metadata={"description": "playing, finished or closed"})
    players = fields.List(fields.String())


class StandingSchema(Schema):
    player = fields.String()
    tables = fields.Integer()
    score = fields.Integer()
    rank = fields.Integer()


class TournamentSchema(Schema):
    id = fields.String()
    name = fields.String()
    game = fields.String()
    rounds = fields.Integer()
    round = fields.Integer()
    status = fields.String(metadata={"description": "seating, playing or finished"})
    tables = fields.List(fields.Nested(TournamentTableSchema))
    standings = fields.List(fields.Nested(StandingSchema))


NEW_TOURNAMENT = CreateTournamentSchema()


def read_new_tournament(body: object) -> dict:
    """Read a new tournament's body; a bad one is a 400 naming the field."""
    if not isinstance(body, dict):
        raise Malformed("the body is a JSON object with `name`, `game`, `players`, `rounds` and `table_size`")
    try:
        loaded = NEW_TOURNAMENT.load(body)
    except ValidationError as invalid:
        field, problems = next(iter(sorted(invalid.messages.items())))
        said = problems if isinstance(problems, list) else [str(problems)]
        raise Malformed(f"`{field}`: {' '.join(map(str, said))}") from None
    names = [" ".join(name.split()) for name in loaded["players"]]
    if any(not name for name in names):
        raise Malformed("`players`: a player's name cannot be blank")
    for text in (loaded["name"], *names):
        if control_character(text):
            raise Malformed(f"{text!r} holds {control_character(text)}, a control character: a name is for reading")
    loaded["players"] = names
    return loaded


def read_round(body: object) -> bool:
    """A round's body: `{}` or `{"close": true}`; whether to close the tables still playing."""
    if not isinstance(body, dict) or set(body) - {"close"} or not isinstance(body.get("close", False), bool):
        raise Malformed('a round\'s body is {} or {"close": true}')
    return bool(body.get("close", False))
