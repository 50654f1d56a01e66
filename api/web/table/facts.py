"""What the pages say about the log beyond the table view, as the referee reads it (`referee.reading`): the card
a draw took from the pile, meld numbers per deal, exits that were only attempts, how the open turn went.

One reading per table and request (kept on `flask.g`), from the replay the service holds. A page's view hands
its templates a `Told` (the table's view model, `table.told`): the templates ask it, never the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask import abort, g

from api.application import service
from api.web import backend
from api.web.words.messages import deal_numbers, problem_detail
from referee.reading import Reading
from referee.reading.turn import open_turn as turn_of


def reading(table_id: str) -> Reading:
    """The table's log and replay as they stand now; an unknown table is the HTML 404 page."""
    store = g.setdefault("_readings", {})
    if table_id not in store:
        current, problem = backend.call(service.replayed, table_id)
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


@dataclass(frozen=True)
class Told:
    """What a page says of a table's entries and melds beyond their own fields (the templates' `table.told`):
    the view reads the log (`reading`) when its page shows entries, the current deal's meld numbers come from
    the table's view."""

    read: Reading | None  # None: a page that shows the current deal's melds only (the table, an entry's form)
    numbers: Mapping[int, int]  # the current deal's melds, numbered from the view

    def meld(self, meld) -> object:
        """Label a meld 1, 2, 3... in the order laid in its deal (the API and the forms keep its stable id)."""
        number = self.numbers.get(meld)
        if number is None and self.read is not None:
            number = self.read.numbers.get(meld)
        return number if number is not None else meld

    def taken(self, seq: int) -> str | None:
        """The card draw `seq` took from the discard pile."""
        return self.read.taken.get(seq) if self.read is not None else None

    def attempt(self, seq: int) -> bool:
        """An exit the referee found not valid: an attempt (C-13), not a way out."""
        return self.read is not None and seq in self.read.attempts


def told(table: dict, entries: bool = True) -> dict:
    """The table's view with its `told` (a copy: the view may be shared), the log read if the page shows
    `entries`."""
    read = reading(table["id"]) if entries and table.get("id") else None
    return {**table, "told": Told(read, deal_numbers(table))}


def open_turn(table_id: str) -> dict:
    """How the open turn went (`referee.reading.turn`)."""
    return turn_of(reading(table_id))
