"""Gin rami at a table: its `referee.game.Rules` (start, check, fold, apply, clone, view, due, actor).

Entries (API.md), `seat` being `Entry.seat`:
  deal       `dealer`; full tracking also `upcard` (G-2)
  upcard     seat, `take`: true or false (G-3)                        full tracking
  draw       seat, `from`: stock | discard (G-4)                      full tracking
  discard    seat, `card` (G-4; two cards left in the stock: void, G-10)  full tracking
  knock      seat, `card` (face down) and `hand`; results tracking `deadwood`, `gin` (G-7, G-12)
  show       seat (the other), `hand`, optional `one_by_one` (she lays off by taps); results tracking `deadwood`
             after lay-offs (G-8, G-9)
  lay_off    seat (the other), `card`: one the referee proposes (G-8)                full tracking, one_by_one
  done       seat (the other): she lays off no more; the hand is scored (G-8, G-9)   full tracking, one_by_one
  null_deal  no field: a void hand (G-10)                              results tracking
  adjust     `scores`, `reason`: the host's ruling (E-5, referee.adjust)
  confirm, dispute  `target`: another seat (or the host) on a shown hand (E-6, referee.confirmations)
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, NoReturn

from referee import adjust, confirmations, scorekeeping
from referee.entry import CORRECTIONS, Entry, read_create
from referee.gin import hands
from referee.gin.fields import check_fields, whole
from referee.gin.state import SEATS, Table
from referee.gin.view import view
from referee.rulebook import Rulebook
from referee.violations import Malformed

__all__ = ["start", "check", "fold", "apply", "clone", "view", "due", "actor", "normalise_options"]

# Each entry type: (check, fold), applied by `referee.rulebook` (a refused entry has changed nothing).
RULES: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = confirmations.watch({
    "deal": (hands.check_deal, hands.deal),
    "upcard": (hands.check_upcard, hands.take_upcard),
    "draw": (hands.check_draw, hands.draw),
    "discard": (hands.check_discard, hands.discard),
    "knock": (hands.check_knock, hands.knock),
    "show": (hands.check_show, hands.show_hand),
    "lay_off": (hands.check_lay_off, hands.lay_off),
    "done": (hands.check_done, hands.done),
    "null_deal": (hands.check_null_deal, hands.null_deal),
    "adjust": (adjust.check, hands.adjusted),
}, {"show": lambda table, entry: entry.seat,  # E-6: the hand's end waits for another seat's confirmation
    "null_deal": lambda table, entry: None},
    by_seat_only=frozenset({"null_deal"}))
ENTRY_TYPES = tuple(RULES)
_SEATED = frozenset(("upcard", "draw", "discard", "knock", "show", "lay_off", "done", "confirm", "dispute"))
TABLE_RESULTS = frozenset(("deal", "knock", "show", "null_deal"))  # results tracking: any seat's phone writes them


def normalise_options(options: dict | None) -> dict:
    """Gin takes no options (a game to 100, G-11): refuse any, naming it."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise Malformed("options must be a JSON object (gin takes none), not %(value)s", value=repr(options))
    if options:
        raise Malformed("gin takes no options (a game to 100, G-11): %(names)s is not one",
                        names=sorted(map(str, options)))
    return {}


def start(entry: Entry) -> Table:
    """Build the table from entry 1 (`create`): two players (G-1), no options."""
    if entry.type != "create":
        raise Malformed("a table's log starts with its `create` entry")
    players, tracking = read_create(entry, SEATS, "G-1", "Gin rami")
    normalise_options(entry.data.get("options"))
    return Table(players, tracking, confirmations={} if confirmations.asked(entry) else None)


def _unknown(entry: Entry) -> NoReturn:
    if entry.type in CORRECTIONS:
        raise Malformed("%(type)s is a correction: referee.log applies it before the game sees the log",
                        type=entry.type)
    raise Malformed("gin has no %(value)s entry: %(choices)s, void or replace", value=repr(entry.type),
                    choices=list(ENTRY_TYPES))


def _actor_of(table: Table, type_: object, seat: object, data: dict) -> int | None:
    """The seat whose token writes an entry of `type_` (None: the host only): a deal is its dealer's (G-2); at a
    table that keeps only the results, a deal, knock, show or void is any seat's (`by`, referee.scorekeeping)."""
    if "by" in data:
        by = scorekeeping.writer(table, type_, data, TABLE_RESULTS)
        if by is not None:
            return by
    if type_ in _SEATED:
        return seat if whole(seat) and 0 <= seat < 2 else None  # type: ignore[operator,return-value]
    if type_ == "deal":
        dealer = data.get("dealer")
        due = hands.next_dealer(table)
        if due is not None:
            return due
        return dealer if whole(dealer) and 0 <= dealer < 2 else None  # type: ignore[operator]
    return None


RULEBOOK = Rulebook(RULES, check_fields, _actor_of, _unknown)
check, fold, apply, actor = RULEBOOK.check, RULEBOOK.fold, RULEBOOK.apply, RULEBOOK.actor


def clone(table: Table) -> Table:
    """An independent copy, to try an entry on."""
    return table.copy()


def due(table: Table, now: datetime) -> list[dict]:
    """Gin has no clock: nothing is ever due."""
    return []
