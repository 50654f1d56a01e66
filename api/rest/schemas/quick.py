"""Quick scores in an entry (results tracking): the shapes of an exit's `counts` and a round's `points`.

Checked before anything is written, so that a bad value is a 400 naming the field; what the
values may be by the rules (K-2, R-13, R-14) is the referee's to say (422).
"""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

HAND_CARDS = 15  # a count of cards in a Continental hand is at most this; more is not a count (400)
MAX_POINTS = 1000  # a hand's points beyond this are not a number a table would write (400)


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


def check_quick(type_: object, data: dict, where: str = "") -> None:
    """Refuse (400, ValidationError) counts or points that are not the numbers a quick score holds."""
    if type_ == "exit" and "counts" in data:
        counts = data["counts"]
        errors = ExitCountsSchema().validate(counts) if isinstance(counts, dict) else \
            {"_schema": ['an object {"twos": 0, "jokers": 0, "one_suit": false}']}
        if errors:
            raise ValidationError({f"{where}counts": errors})
    if type_ == "round" and "points" in data:
        errors = RoundPointsSchema().validate({"points": data["points"]})
        if errors:
            raise ValidationError({f"{where}{key}": value for key, value in errors.items()})
    inner = data.get("entry")
    if type_ == "replace" and isinstance(inner, dict):
        check_quick(inner.get("type"), inner, "entry.")
