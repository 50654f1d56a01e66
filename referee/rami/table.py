"""Rami table engine (R-1..R-17): its `referee.game.Rules`, the fold `referee.log` replays through.

A table meld's id is the seq of the `meld` entry that laid it × 10 + its place in that
entry (41, 42, ... for entry 4's melds; `table_melds.meld_id`), so a correction never
renumbers a meld that another entry names (E-2).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, NoReturn

from referee import adjust, confirmations
from referee.entry import CORRECTIONS, Entry, read_create
from referee.rami import clock, scoring, table_melds, turns
from referee.rami.fields import check_fields, whole
from referee.rami.state import SEATS, Table, normalise_options
from referee.rami.view import view as _view
from referee.violations import Malformed

__all__ = ["start", "check", "fold", "apply", "clone", "view", "due", "actor", "corrected", "normalise_options"]

# Each entry type: (check, fold). The check reads the table and raises the refusal or gives the facts; the fold
# enters those facts and never refuses. So a refused entry has changed nothing, whatever the check found first.
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


def start(entry: Entry) -> Table:
    """Open the table from its `create` entry: 2 to 4 players (R-1), options (R-2)."""
    players, tracking = read_create(entry, SEATS, "R-1", "Rami")
    return Table(players, normalise_options(entry.data.get("options")), tracking, [0] * len(players),
                 confirmations={} if confirmations.asked(entry) else None)


def _unknown(entry: Entry) -> NoReturn:
    raise Malformed("a rami table takes no %(value)s entry", value=repr(entry.type))


def check(state: Table, entry: Entry):
    """Check `entry` against the table, changing nothing: raise the refusal (naming the rule), or give what
    `fold` enters: the seat that may correct it (E-2) and the facts of its rule."""
    checker, _ = RULES.get(entry.type) or _unknown(entry)
    check_fields(entry)
    return _actor_of(state, entry.type, entry.seat, entry.data), checker(state, entry)


def fold(state: Table, entry: Entry, checked) -> dict | None:
    """Enter a checked entry into the table; give its verdict, if it has one."""
    _, folder = RULES.get(entry.type) or _unknown(entry)
    seat, facts = checked
    verdict = folder(state, entry, facts)
    state.actors[entry.seq] = seat
    return verdict


def apply(state: Table, entry: Entry) -> dict | None:
    """`fold(state, entry, check(state, entry))`, in one step: the replay's path."""
    checker, folder = RULES.get(entry.type) or _unknown(entry)
    check_fields(entry)
    seat = _actor_of(state, entry.type, entry.seat, entry.data)  # as the table stood when it was written
    facts = checker(state, entry)  # a refusal leaves here: nothing has changed
    verdict = folder(state, entry, facts)
    state.actors[entry.seq] = seat
    return verdict


def clone(state: Table) -> Table:
    """Copy the table so that a trial append leaves the original untouched."""
    return state.copy()


def view(state: Table) -> dict:
    """Show the table as API.md's GET /tables/{id} (the API adds id and version)."""
    return _view(state)


def due(state: Table, now: datetime) -> list[dict]:
    """List the server entries owed by `now`: the current turn's timeout (R-17)."""
    if state.tracking != "full" or state.status == "finished":
        return []
    return clock.due(state, now)


def corrected(state: Table, at: datetime) -> None:
    """A correction was entered at `at` (told by `referee.log.replay` at its place in the log):
    the turn it leaves open gets its full turn time from then (R-17)."""
    clock.corrected(state, at)


def actor(state: Table, entry: Entry) -> int | None:
    """Name the seat whose token may write `entry` (None: the host only).

    A correction is the seat's that wrote its target (a replacement acting for
    that same seat too); any other correction is the host's (E-2).
    """
    if entry.type in CORRECTIONS:
        target = entry.data.get("target")
        seat = state.actors.get(target) if whole(target) else None
        if entry.type == "replace":
            body = entry.data.get("entry")
            if not isinstance(body, dict) or _actor_of(state, body.get("type"), body.get("seat"), body) != seat:
                return None  # a replacement acting for another seat is the host's to write
        return seat
    return _actor_of(state, entry.type, entry.seat, entry.data)


def _actor_of(state: Table, type_: object, seat: object, data: dict) -> int | None:
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
