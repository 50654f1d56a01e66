"""What the pages say about the log beyond the table view, as the referee reads it (`referee.reading`): the card
a draw took from the pile, meld numbers per deal, exits that were only attempts, how the open turn went.

One reading per table and request (kept on `flask.g`), from the replay the service holds.
"""

from __future__ import annotations

from flask import abort, g

from api.web import backend
from api.web.messages import deal_numbers, problem_detail
from referee.reading import Reading
from referee.reading.turn import open_turn as turn_of


def reading(table_id: str) -> Reading:
    """The table's log and replay as they stand now; an unknown table is the HTML 404 page."""
    store = g.setdefault("_readings", {})
    if table_id not in store:
        current, problem = backend.call("replayed", table_id)
        if problem:
            abort(404, description=problem_detail(problem))
        store[table_id] = Reading(current.entries, current.replay)
    return store[table_id]


def meld_number(table_id: str, meld) -> int | None:
    """Meld `meld`'s number 1, 2, 3... in its deal."""
    return reading(table_id).numbers.get(meld)


def meld_no(table: dict, meld) -> object:
    """Label a meld 1, 2, 3... in the order laid in its deal (the API and the forms keep its stable id): the
    current deal's from the view, an earlier deal's from the reading, else the id itself."""
    number = deal_numbers(table).get(meld)
    if number is None and table.get("id"):
        number = meld_number(table["id"], meld)
    return number if number is not None else meld


def pile_card(table_id: str, seq: int) -> str | None:
    """The card draw `seq` took from the discard pile."""
    return reading(table_id).taken.get(seq)


def attempts(table_id: str) -> set[int]:
    """The exits the referee found not valid (C-13): attempts, not a way out."""
    return reading(table_id).attempts


def open_turn(table_id: str) -> dict:
    """How the open turn went (`referee.reading.turn`)."""
    return turn_of(reading(table_id))
