"""Rami table engine (R-1..R-17): its `referee.game.Rules`, the fold `referee.log` replays through.

A table meld's id is the seq of the `meld` entry that laid it × 10 + its place in that
entry (41, 42, ... for entry 4's melds; `table_melds.meld_id`), so a correction never
renumbers a meld that another entry names (E-2).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, NoReturn

from referee import adjust, confirmations, scorekeeping
from referee.entry import Entry, read_create
from referee.rami import clock, scoring, table_melds, turns
from referee.rami.fields import check_fields, whole
from referee.rami.state import SEATS, Table, normalise_options
from referee.rami.view import view as _view
from referee.rulebook import Rulebook
from referee.violations import Malformed

__all__ = ["start", "check", "fold", "apply", "clone", "view", "due", "actor", "corrected", "normalise_options"]

# Each entry type: (check, fold), applied by `referee.rulebook` (a refused entry has changed nothing).
RULES: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = confirmations.watch({
    "deal": (turns.check_deal, turns.deal),
    "draw": (turns.check_draw, turns.draw),
    "discard": (turns.check_discard, turns.discard),
    "meld": (table_melds.check_melds, table_melds.meld),
    "lay_off": (table_melds.check_lay_off, table_melds.lay_off),
    "retrieve_joker": (table_melds.check_retrieve_joker, table_melds.retrieve_joker),
    "hand": (scoring.check_hand, scoring.hand),
    "round": (scoring.check_round, scoring.round_result),
    "timeout": (clock.check_timeout, clock.timeout),
    "adjust": (adjust.check, scoring.adjusted),  # E-5: the host's ruling
}, {"hand": lambda table, entry: entry.seat,  # E-6: a round's hands wait for another seat's confirmation
    "round": lambda table, entry: entry.data.get("winner")})
ENTRY_TYPES = tuple(RULES)
SEAT_ENTRIES = frozenset({"draw", "discard", "meld", "lay_off", "retrieve_joker", "hand", "confirm", "dispute"})
TABLE_RESULTS = frozenset({"deal", "round"})  # results tracking: any seat's phone writes them


def start(entry: Entry) -> Table:
    """Open the table from its `create` entry: 2 to 4 players (R-1), options (R-2)."""
    players, tracking = read_create(entry, SEATS, "R-1", "Rami")
    return Table(players, normalise_options(entry.data.get("options")), tracking, [0] * len(players),
                 confirmations={} if confirmations.asked(entry) else None)


def _unknown(entry: Entry) -> NoReturn:
    raise Malformed("a rami table takes no %(value)s entry", value=repr(entry.type))


def _fields(entry: Entry, tracking: str) -> None:
    """Rami's fields are the same in both trackings."""
    check_fields(entry)


def _actor_of(state: Table, type_: object, seat: object, data: dict) -> int | None:
    """The seat whose token writes an entry of `type_` (None: the host only): a deal is the next dealer's; at a
    table that keeps only the results, a deal or a round is any seat's (`by`, referee.scorekeeping)."""
    if "by" in data:
        by = scorekeeping.writer(state, type_, data, TABLE_RESULTS)
        if by is not None:
            return by
    players = len(state.players)
    if type_ in SEAT_ENTRIES:
        return seat if whole(seat) and 0 <= seat < players else None
    if type_ == "deal":
        # The dealer enters the deal; the first dealer is whoever the table names (or the app draws).
        expected = turns.next_dealer(state)
        if expected is not None:
            return expected
        dealer = data.get("dealer")
        return dealer if whole(dealer) and 0 <= dealer < players else None
    return None


RULEBOOK = Rulebook(RULES, _fields, _actor_of, _unknown)
check, fold, apply, actor = RULEBOOK.check, RULEBOOK.fold, RULEBOOK.apply, RULEBOOK.actor


def clone(state: Table) -> Table:
    """Copy the table so that a trial append leaves the original untouched."""
    return state.copy()


def view(state: Table) -> dict:
    """Show the table as API.md's GET /tables/{id} (the API adds id and version)."""
    return _view(state)


def due(state: Table, now: datetime) -> list[dict]:
    """List the server entries owed by `now`: the current turn's timeout (R-17)."""
    if state.tracking != "full" or state.status == "finished" or state.closed is not None:  # E-7: no clock
        return []
    return clock.due(state, now)


def corrected(state: Table, at: datetime) -> None:
    """A correction was entered at `at` (told by `referee.log.replay` at its place in the log):
    the turn it leaves open gets its full turn time from then (R-17)."""
    clock.corrected(state, at)
