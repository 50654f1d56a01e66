"""Shapes of the tournament endpoints (API.md "Tournaments"), and their bodies read into commands
(`CreateTournament`, `StartRound`)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.application import tournaments_in
from api.application.commands import ROUND_BODY, CreateTournament, StartRound
from api.application.tables_in import NAME_MOST, TRACKINGS
from api.application.tournaments_in import EVENING_NAME_MOST, MAX_PLAYERS, MAX_ROUNDS, SEATINGS, TABLE_SIZES
from api.rest.schemas.tables import SeatSchema
from referee import games
from referee.violations import N_, Malformed


class CreateTournamentSchema(Schema):
    """A new tournament's body, for the OpenAPI description (api.application.tournaments_in reads it)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=EVENING_NAME_MOST),
                         metadata={"example": "Friday club"})
    game = fields.String(required=True, validate=validate.OneOf(list(games.NAMES)))
    options = fields.Dict(load_default=None, allow_none=True)
    tracking = fields.String(load_default="full", validate=validate.OneOf(list(TRACKINGS)))
    players = fields.List(fields.String(validate=validate.Length(min=1, max=NAME_MOST)), required=True,
                          validate=validate.Length(min=2, max=MAX_PLAYERS),
                          metadata={"description": "the group's members by name (a new name is a new member)"})
    rounds = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_ROUNDS))
    table_size = fields.Integer(required=True, strict=True, validate=validate.Range(min=TABLE_SIZES[0], max=TABLE_SIZES[1]))
    seating = fields.String(load_default="random", validate=validate.OneOf(list(SEATINGS)))


class TournamentCreatedSchema(Schema):
    id = fields.String()
    director_token = fields.String(metadata={"description": "host of every table: send it as Bearer"})
    page = fields.String(metadata={"description": "the players' page (its link is their capability)"})
    screen = fields.String(metadata={"description": "the screen for a TV or a projector"})


class RoundBodySchema(Schema):
    close = fields.Boolean(metadata={"description": "close the tables still playing, as they stand"})
    round = fields.Integer(metadata={"description": "the round it starts: one already started is given as it stands "
                                                    "(200), one past the next is 409"})


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
    byes = fields.List(fields.String(), metadata={"description": "the players present this round does not seat"})


class TournamentTableSchema(Schema):
    id = fields.String()
    round = fields.Integer()
    number = fields.Integer()
    status = fields.String(metadata={"description": "playing, finished or closed"})
    players = fields.List(fields.String())
    asked = fields.List(fields.Integer(), metadata={"description": "E-6: the seats another phone asked for while "
                                                                   "one held them (the director releases them)"})


class StandingSchema(Schema):
    player = fields.String()
    tables = fields.Integer()
    score = fields.Integer()
    rank = fields.Integer(metadata={"description": "by score alone: equal scores share a rank"})
    won = fields.Integer(metadata={"description": "tables won (the best score at the table, shared or not)"})
    best = fields.Integer(allow_none=True, metadata={"description": "her best single table; null before any"})
    place = fields.Integer(metadata={"description": "after the tie-break (README, Ties): tables won, best table, "
                                                    "head to head; players still equal share it"})
    tiebreak = fields.String(allow_none=True, metadata={"description": "won, best or head: the tie-break that set "
                                                                       "her apart from a player of equal score"})
    byes = fields.Integer(metadata={"description": "rounds she sat out (README, Byes): each counts as her average "
                                                   "table"})


class TournamentSchema(Schema):
    id = fields.String()
    name = fields.String()
    game = fields.String()
    rounds = fields.Integer()
    round = fields.Integer()
    status = fields.String(metadata={"description": "seating, playing or finished"})
    tables = fields.List(fields.Nested(TournamentTableSchema))
    standings = fields.List(fields.Nested(StandingSchema))
    byes = fields.List(fields.List(fields.String()), metadata={"description": "each round's byes, round 1 first: "
                                                                              "the players present it did not seat"})
    left = fields.List(fields.String(), metadata={"description": "the players who left the evening"})
    message = fields.Dict(allow_none=True, metadata={"description": "the director's last message: {text, at}"})


def read_new_tournament(group_id: str, token: str | None, body: object) -> CreateTournament:
    """Read a new tournament's body into its command (api.application.tournaments_in checks its fields)."""
    if not isinstance(body, dict):
        raise Malformed("the body is a JSON object with `name`, `game`, `players`, `rounds` and `table_size`")
    return tournaments_in.create_tournament(group_id, token, body)


def read_round(tournament_id: str, token: str | None, body: object) -> StartRound:
    """A round's body, `{}` or `{"close": true}` (whether to close the tables still playing), with or without
    `round` (the round it means to start), into its command."""
    number = body.get("round") if isinstance(body, dict) else None
    if not isinstance(body, dict) or set(body) - {"close", "round"} or not isinstance(body.get("close", False), bool) \
            or (number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1)):
        raise Malformed(ROUND_BODY)
    return StartRound(tournament_id, token, bool(body.get("close", False)), number)


class PlayerBodySchema(Schema):
    name = fields.String(required=True, metadata={"description": "a member of the group by name, or a new one",
                                                  "example": "Zoé"})


class PlayerAddedSchema(Schema):
    name = fields.String()
    round = fields.Integer(metadata={"description": "the round she is seated from"})


class SwapBodySchema(Schema):
    players = fields.List(fields.String(), required=True, metadata={"example": ["Ana", "Ben"]})


class SwappedTableSchema(Schema):
    id = fields.String()
    number = fields.Integer()
    players = fields.List(fields.String())


class SwappedSchema(Schema):
    round = fields.Integer()
    tables = fields.List(fields.Nested(SwappedTableSchema))


class MessageBodySchema(Schema):
    text = fields.String(required=True, metadata={"example": "Round 2 starts in five minutes"})


class MessageSchema(Schema):
    text = fields.String()
    at = fields.String()


def read_player(body: object) -> str:
    """A late arrival's body, `{"name": "Zoé"}`, into her name (as a tournament's players are read)."""
    if not isinstance(body, dict) or set(body) != {"name"} or not isinstance(body["name"], str):
        raise Malformed(N_('a player\'s body is {"name": "Zoé"}'))
    return tournaments_in.player(body["name"])


def read_swap(body: object) -> tuple[str, str]:
    """A swap's body, `{"players": ["Ana", "Ben"]}`: two different players of the round."""
    if not isinstance(body, dict) or set(body) != {"players"}:
        raise Malformed(tournaments_in.SWAP)
    return tournaments_in.swap(body["players"])


def read_message(body: object) -> str:
    """A message's body, `{"text": "…"}`: a text that is not blank (the application checks its length and
    characters)."""
    if not isinstance(body, dict) or set(body) != {"text"} or not isinstance(body["text"], str):
        raise Malformed(N_('a message\'s body is {"text": "Round 2 starts in five minutes"}'))
    if not body["text"].strip():
        raise Malformed(N_("`text`: a message cannot be blank"))
    return body["text"]
