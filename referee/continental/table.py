"""Rami continental at a table: its `referee.game.Rules` (start, check, fold, apply, clone, view, due, actor).

Entries (API.md), `seat` being `Entry.seat`:
  deal       `dealer`; full tracking also `upcard` (C-2, C-15)
  draw       seat, `from`: stock | discard (C-3, C-14)           full tracking
  discard    seat, `card` (C-3, C-11, K-2)                       full tracking
  exit       seat, `runs`; results tracking also `timing` (C-4..C-13)
  null_deal  no field (C-14)                                     results tracking
  adjust     `scores`, `reason`: the host's ruling (E-5, referee.adjust)
  confirm, dispute  `target`: another seat (or the host) on an exit (E-6, referee.confirmations)
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, NoReturn

from referee import adjust, confirmations, scorekeeping
from referee.continental import going_out, session, turns
from referee.continental.fields import check_fields
from referee.continental.going_out import withdrawn
from referee.continental.session import normalise_options
from referee.continental.state import Table
from referee.continental.view import view
from referee.entry import CORRECTIONS, Entry
from referee.rulebook import Rulebook
from referee.violations import Malformed

__all__ = ["start", "check", "fold", "apply", "clone", "view", "due", "actor", "withdrawn",
           "normalise_options"]  # the protocol

# Each entry type: (check, fold), applied by `referee.rulebook` (a refused entry has changed nothing).
RULES: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = confirmations.watch({
    "deal": (session.check_deal, session.start_deal),
    "draw": (turns.check_draw, turns.draw),
    "discard": (turns.check_discard, turns.discard),
    "exit": (going_out.check_exit, going_out.exit_entry),
    "null_deal": (going_out.check_null_deal, going_out.null_deal_entry),
    "adjust": (adjust.check, session.adjusted),
}, {"exit": lambda table, entry: entry.seat,  # E-6: an exit waits for another seat's confirmation
    "null_deal": lambda table, entry: None},  # and a null deal a seat's phone wrote (the host's was final)
    by_seat_only=frozenset({"null_deal"}))
ENTRY_TYPES = tuple(RULES)
_SEATED = frozenset(("draw", "discard", "exit", "confirm", "dispute"))  # written by the acting seat's token
TABLE_RESULTS = frozenset(("deal", "exit", "null_deal"))  # results tracking: any seat's phone writes them


def start(entry: Entry) -> Table:
    """Build the table from entry 1 (`create`): 4 or 5 players (C-1)."""
    if entry.type != "create":
        raise Malformed("a table's log starts with its `create` entry")
    return session.create(entry)


def _unknown(entry: Entry) -> NoReturn:
    if entry.type in CORRECTIONS:
        raise Malformed("%(type)s is a correction: referee.log applies it before the game sees the log",
                        type=entry.type)
    raise Malformed("continental has no %(value)s entry: %(choices)s, void or replace", value=repr(entry.type),
                    choices=list(ENTRY_TYPES))


def _actor_of(table: Table, type_: object, seat: object, data: dict) -> int | None:
    """The seat whose token writes an entry of `type_` (None: the host only): a deal is its dealer's; at a table
    that keeps only the results, a deal, exit or null deal is any seat's (`by`, referee.scorekeeping)."""
    if "by" in data:
        by = scorekeeping.writer(table, type_, data, TABLE_RESULTS)
        if by is not None:
            return by
    if type_ in _SEATED:  # the most entries: first
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    if type_ == "deal":
        dealer = data.get("dealer")  # absent when the app is to draw the first dealer
        return dealer if isinstance(dealer, int) and not isinstance(dealer, bool) else table.next_dealer
    return None


# E-2 *Reading*: an exit, valid or invalid, is corrected by the host only (its cards stay known, C-11).
RULEBOOK = Rulebook(RULES, check_fields, _actor_of, _unknown, host_corrects=frozenset({"exit"}))
check, fold, apply, actor = RULEBOOK.check, RULEBOOK.fold, RULEBOOK.apply, RULEBOOK.actor


def clone(table: Table) -> Table:
    """An independent copy, to try an entry on."""
    return table.copy()


def due(table: Table, now: datetime) -> list[dict]:
    """Continental has no clock: nothing is ever due."""
    return []
