"""Quick scores in an entry (results tracking): the shapes of an exit's `counts` and a round's `points`, for the
OpenAPI description. The application checks them (api.application.quick_scores), for the API and the pages alike.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.application.quick_scores import HAND_CARDS, MAX_POINTS


class ExitCountsSchema(Schema):
    """`counts` of a Continental `exit` with results tracking: what C-12 needs, instead of the 15 cards."""

    twos = fields.Integer(strict=True, load_default=0, validate=validate.Range(
        min=0, max=HAND_CARDS, error="the number of 2s in the winner's 15 cards, 0 to 15"),
        metadata={"description": "2s in the winner's hand (C-12: 1 each); at most 8 (K-2)"})
    jokers = fields.Integer(strict=True, load_default=0, validate=validate.Range(
        min=0, max=HAND_CARDS, error="the number of jokers in the winner's 15 cards, 0 to 15"),
        metadata={"description": "jokers in the winner's hand (C-12: 2 each); at most 2 (K-2)"})
    one_suit = fields.Boolean(load_default=False, truthy={True}, falsy={False},
                              metadata={"description": "all 15 cards stand for one suit (C-12: 10)"})


class RoundPointsSchema(Schema):
    """`points` of a Rami `round` with results tracking: a losing hand as its points, instead of its cards."""

    points = fields.Dict(
        keys=fields.String(validate=validate.Regexp(r"^\d+$", error="a seat number such as \"1\"")),
        values=fields.Integer(strict=True, validate=validate.Range(
            min=0, max=MAX_POINTS, error=f"a hand's points, a whole number from 0 to {MAX_POINTS}")),
        metadata={"description": "seat -> points of the cards left in that hand (R-14); at least 2, "
                                 "at most 208 for 14 cards"})
