"""Quick scores in an entry (results tracking): an exit's `counts` and a round's `points` are numbers of their
shape, checked before anything is written, so that a bad value is a 400 naming the field; what the values may be
by the rules (K-2, R-13, R-14) is the referee's to say (422).

The JSON API and the pages both send these fields; the check is here, below both, and says each problem by field
as API.md's answers always have (`counts.twos: Not a valid integer.`).
"""

from __future__ import annotations

import re

from api.application.errors import FieldErrors
from api.application.json_values import is_boolean

HAND_CARDS = 15  # a count of cards in a Continental hand is at most this; more is not a count (400)
MAX_POINTS = 1000  # a hand's points beyond this are not a number a table would write (400)
COUNTS = {"twos": "the number of 2s in the winner's 15 cards, 0 to 15",
          "jokers": "the number of jokers in the winner's 15 cards, 0 to 15"}
FLAG = "one_suit"
SEAT = re.compile(r"^\d+$")
NOT_A_SEAT = 'a seat number such as "1"'
NOT_POINTS = f"a hand's points, a whole number from 0 to {MAX_POINTS}"
NULL, NOT_AN_INTEGER, NOT_A_BOOLEAN = "Field may not be null.", "Not a valid integer.", "Not a valid boolean."


def check_quick(type_: object, data: dict, where: str = "") -> None:
    """Refuse (400, `FieldErrors`) counts or points that are not the numbers a quick score holds."""
    if type_ == "exit" and "counts" in data:
        counts = data["counts"]
        errors = counts_errors(counts) if isinstance(counts, dict) else \
            {"_schema": ['an object {"twos": 0, "jokers": 0, "one_suit": false}']}
        if errors:
            raise FieldErrors({f"{where}counts": errors})
    if type_ == "round" and "points" in data:
        errors = points_errors(data["points"])
        if errors:
            raise FieldErrors({f"{where}{key}": value for key, value in errors.items()})
    inner = data.get("entry")
    if type_ == "replace" and isinstance(inner, dict):
        check_quick(inner.get("type"), inner, "entry.")


def _integer(value: object, most: int, wrong: str) -> str | None:
    """What is wrong with a whole number from 0 to `most` (a JSON number, not a text, a fraction or a boolean)."""
    if value is None:
        return NULL
    if not isinstance(value, int) or isinstance(value, bool):
        return NOT_AN_INTEGER
    return None if 0 <= value <= most else wrong


def counts_errors(counts: dict) -> dict:
    """An exit's `counts` field by field: `twos` and `jokers` 0 to 15, `one_suit` true or false, nothing else."""
    errors: dict = {}
    for name, wrong in COUNTS.items():
        problem = _integer(counts[name], HAND_CARDS, wrong) if name in counts else None
        if problem:
            errors[name] = [problem]
    if FLAG in counts:
        flag = counts[FLAG]
        if flag is None:
            errors[FLAG] = [NULL]
        elif not is_boolean(flag):
            errors[FLAG] = [NOT_A_BOOLEAN]
    for name in set(counts) - {*COUNTS, FLAG}:  # in a set's order, as the API's schemas always said them
        errors[name] = ["Unknown field."]
    return errors


def points_errors(points: object) -> dict:
    """A round's `points`: seat number ("1") -> the points of the hand, 0 to 1000."""
    if points is None:
        return {"points": [NULL]}
    if not isinstance(points, dict):
        return {"points": ["Not a valid mapping type."]}
    errors: dict = {}
    for seat in points:
        if not isinstance(seat, str):
            errors.setdefault(seat, {})["key"] = ["Not a valid string."]
        elif not SEAT.match(seat):
            errors.setdefault(seat, {})["key"] = [NOT_A_SEAT]
    for seat, value in points.items():
        problem = _integer(value, MAX_POINTS, NOT_POINTS)
        if problem:
            errors.setdefault(seat, {})["value"] = [problem]
    return {"points": errors} if errors else {}
