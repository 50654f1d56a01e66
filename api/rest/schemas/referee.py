"""Shapes of the stateless referee's requests and answers (API.md, "Stateless referee")."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.rest.schemas import ViolationSchema
from referee import games

# The spellings K-1 reads (any case, a suit letter or symbol, spaces around): stated for clients; the server
# reads cards itself and names a bad one (400, K-1).
TIMINGS = tuple(dict.fromkeys(t for game in games.ALL for t in game.timings))  # an exit's moments (C-4, C-5)
_RANK = r"(10|[2-9]|[AaJjQqKkTt])[CDHScdhs\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664]"
CARD_PATTERN = r"^\s*([Jj][Kk]|" + _RANK + r")\s*$"
PLACED_PATTERN = r"^\s*([Jj][Kk]|" + _RANK + r")\s*(=\s*" + _RANK + r"\s*)?$"
CARD = {"description": "a card as in RULES.md K-1", "example": "10H", "pattern": CARD_PATTERN}
PLACED = {"description": "a card, or a wild with its announced card (K-5)", "example": "JK=7H",
          "pattern": PLACED_PATTERN}


def _players() -> fields.Integer:
    return fields.Integer(load_default=4, strict=True, validate=validate.OneOf([4, 5], error="a table of Rami "
                          "continental has 4 or 5 players (C-1)"), metadata={"description": "4 or 5 (C-1)"})


def _timing() -> fields.String:
    return fields.String(load_default="later", validate=validate.OneOf(TIMINGS), metadata={
        "description": "later; first_turn: on the winner's first turn after taking a card (C-4); "
                       "without_drawing: before taking one (C-5)"})


class ExitRequestSchema(Schema):
    runs = fields.List(fields.List(fields.String(metadata=PLACED)), required=True,
                       metadata={"example": [["3C", "4C", "5C"], ["JK=7S", "8S", "9S"]]})
    players = _players()
    timing = _timing()


class ArrangeRequestSchema(Schema):
    cards = fields.List(fields.String(metadata=CARD), required=True,
                        validate=validate.Length(equal=15, error="an exit holds exactly {equal} cards (C-6)"))
    players = _players()
    timing = _timing()


class CardsRequestSchema(Schema):
    cards = fields.List(fields.String(metadata=PLACED), required=True)


class HandRequestSchema(Schema):
    cards = fields.List(fields.String(metadata=CARD), required=True)


class PartsSchema(Schema):
    out = fields.Integer()
    wilds = fields.Integer()
    first_turn = fields.Integer()
    one_suit = fields.Integer()


class SettlementSchema(Schema):
    """C-12: what each opponent transfers to the winner, and its parts."""

    per_opponent = fields.Integer()
    winner_gain = fields.Integer()
    parts = fields.Nested(PartsSchema)


class ExitVerdictSchema(Schema):
    valid = fields.Boolean()
    violations = fields.List(fields.Nested(ViolationSchema))
    settlement = fields.Nested(SettlementSchema, allow_none=True)


class ArrangementSchema(Schema):
    runs = fields.List(fields.List(fields.String(metadata=PLACED)), allow_none=True)
    settlement = fields.Nested(SettlementSchema, allow_none=True)


class MeldVerdictSchema(Schema):
    valid = fields.Boolean()
    kind = fields.String(allow_none=True, validate=validate.OneOf(["run", "set"]))
    value = fields.Integer(allow_none=True, metadata={"description": "R-8"})
    violations = fields.List(fields.Nested(ViolationSchema))


class HandValueSchema(Schema):
    value = fields.Integer(metadata={"description": "R-14"})


class KnockRequestSchema(Schema):
    hand = fields.List(fields.String(metadata=CARD), required=True,
                       metadata={"description": "the knocker's 10 cards (G-2, G-7)",
                                 "example": ["5H", "6H", "7H", "8C", "8S", "8D", "KC", "KD", "KS", "2D"]})
    other = fields.List(fields.String(metadata=CARD), required=True,
                        metadata={"description": "the other player's 10 cards (G-8)"})


class KnockScoreSchema(Schema):
    winner = fields.String(validate=validate.OneOf(["knocker", "other"]))
    points = fields.Integer()
    undercut = fields.Boolean()


class KnockVerdictSchema(Schema):
    valid = fields.Boolean()
    gin = fields.Boolean()
    melds = fields.List(fields.List(fields.String(metadata=CARD)))
    deadwood = fields.Integer(metadata={"description": "G-6"})
    other_melds = fields.List(fields.List(fields.String(metadata=CARD)))
    laid_off = fields.List(fields.String(metadata=CARD), metadata={"description": "G-8"})
    other_deadwood = fields.Integer(allow_none=True)
    score = fields.Nested(KnockScoreSchema, allow_none=True, metadata={"description": "G-9; null: not valid, G-12"})
    violations = fields.List(fields.Nested(ViolationSchema))


# Each judge's body and answer, by the name a game's `Judge` gives them (`referee.game.Judge.request`, `.answer`),
# which is also the name the OpenAPI description gives them: the REST layer serves a game's judges from its
# declaration alone (api.rest.referee_api).
SHAPES: dict[str, type[Schema]] = {
    schema.__name__.removesuffix("Schema"): schema
    for schema in (ExitRequestSchema, ArrangeRequestSchema, CardsRequestSchema, HandRequestSchema, ExitVerdictSchema,
                   ArrangementSchema, MeldVerdictSchema, HandValueSchema, KnockRequestSchema, KnockVerdictSchema)
}
