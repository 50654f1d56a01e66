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

from referee import adjust, confirmations
from referee.continental import going_out, session, turns
from referee.continental.fields import check_fields
from referee.continental.going_out import withdrawn
from referee.continental.session import normalise_options
from referee.continental.state import Table
from referee.continental.view import view
from referee.entry import CORRECTIONS, Entry
from referee.violations import Malformed

__all__ = ["start", "check", "fold", "apply", "clone", "view", "due", "actor", "withdrawn",
           "normalise_options"]  # the protocol

# Each entry type: (check, fold). The check reads the table and raises the refusal or gives the facts; the fold
# enters those facts and never refuses. So a refused entry has changed nothing, whatever the check found first.
RULES: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = confirmations.watch({
    "deal": (session.check_deal, session.start_deal),
    "draw": (turns.check_draw, turns.draw),
    "discard": (turns.check_discard, turns.discard),
    "exit": (going_out.check_exit, going_out.exit_entry),
    "null_deal": (going_out.check_null_deal, going_out.null_deal_entry),
    "adjust": (adjust.check, session.adjusted),
}, {"exit": lambda table, entry: entry.seat})  # E-6: an exit waits for another seat's confirmation
ENTRY_TYPES = tuple(RULES)
_SEATED = frozenset(("draw", "discard", "exit", "confirm", "dispute"))  # written by the acting seat's token


def start(entry: Entry) -> Table:
    """Build the table from entry 1 (`create`): 4 or 5 players (C-1)."""
    if entry.type != "create":
        raise Malformed("a table's log starts with its `create` entry")
    return session.create(entry)


def _rule(entry: Entry) -> tuple[Callable[..., Any], Callable[..., Any]]:
    return RULES.get(entry.type) or _unknown(entry)


def _unknown(entry: Entry) -> NoReturn:
    if entry.type in CORRECTIONS:
        raise Malformed("%(type)s is a correction: referee.log applies it before the game sees the log",
                        type=entry.type)
    raise Malformed("continental has no %(value)s entry: %(choices)s, void or replace", value=repr(entry.type),
                    choices=list(ENTRY_TYPES))


def check(table: Table, entry: Entry):
    """Check an entry against the table, changing nothing: raise its refusal, or give what `fold` enters."""
    checker, _ = _rule(entry)
    check_fields(entry, table.tracking)
    return checker(table, entry)


def fold(table: Table, entry: Entry, checked) -> dict | None:
    """Enter a checked entry into the table; return the verdict of an exit."""
    verdict = _rule(entry)[1](table, entry, checked)
    table.actors[entry.seq] = _corrector(table, entry)
    return verdict


def apply(table: Table, entry: Entry) -> dict | None:
    """`fold(table, entry, check(table, entry))`, in one step: the replay's path."""
    try:
        checker, folder = RULES[entry.type]
    except KeyError:
        _unknown(entry)
    check_fields(entry, table.tracking)
    checked = checker(table, entry)  # a refusal leaves here: nothing has changed
    verdict = folder(table, entry, checked)
    table.actors[entry.seq] = _corrector(table, entry)
    return verdict


def _corrector(table: Table, entry: Entry) -> int | None:
    """The seat that may void or replace `entry` (None: the host only). E-2 *Reading*: an exit, valid or
    invalid, is corrected by the host only (its cards stay known, C-11)."""
    if entry.type == "exit":
        return None
    return entry.seat if entry.type in _SEATED else _actor(table, entry)


def clone(table: Table) -> Table:
    """An independent copy, to try an entry on."""
    return table.copy()


def due(table: Table, now: datetime) -> list[dict]:
    """Continental has no clock: nothing is ever due."""
    return []


def actor(table: Table, entry: Entry) -> int | None:
    """The seat whose token may write the entry; None means the host only."""
    if entry.type in CORRECTIONS:
        target = entry.data.get("target")
        seat = table.actors.get(target) if isinstance(target, int) else None
        if entry.type == "replace":
            body = entry.data.get("entry")
            if not isinstance(body, dict) or _actor_of(table, body.get("type"), body.get("seat"), body) != seat:
                return None  # a replacement acting for another seat is the host's to write
        return seat
    return _actor(table, entry)


def _actor(table: Table, entry: Entry) -> int | None:
    return _actor_of(table, entry.type, entry.seat, entry.data)


def _actor_of(table: Table, type_: object, seat: object, data: dict) -> int | None:
    if type_ == "deal":
        dealer = data.get("dealer")  # absent when the app is to draw the first dealer
        return dealer if isinstance(dealer, int) and not isinstance(dealer, bool) else table.next_dealer
    if type_ in _SEATED:
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    return None
