"""The mutable state of a Rami table and of its current deal (R-1..R-3)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from referee.actors import Actors
from referee.cards import Card
from referee.melds import Placed
from referee.violations import Malformed, refuse

JOKERS = 4  # K-2: two 52-card decks and 4 jokers
DECK = 108  # K-2
SEATS = range(2, 5)
HAND = 14  # R-3; the starter gets one more
MAX_RESHUFFLES = 3
JOKER_LIMIT = JOKERS


def limit(card: Card) -> int:
    """K-2: how many copies of `card` the Rami deck holds."""
    return JOKER_LIMIT if card.rank == 0 else 2


@dataclass
class TableMeld:
    """A meld on the table: its id (`table_melds.meld_id`: from the entry that laid it), who laid it,
    and its cards in position order."""

    id: int
    owner: int
    kind: str
    cards: list[Placed]

    def copy(self) -> TableMeld:
        return TableMeld(self.id, self.owner, self.kind, list(self.cards))


@dataclass
class Deal:
    """One round: the stock, the pile, the melds on the table and what the referee knows of each hand."""

    number: int
    dealer: int
    players: int
    full: bool  # full tracking; a results-tracking deal only waits for its `round`
    started: datetime
    phase: str = "play"  # take | play | discard (forced, R-17) | hands | result | deal | over
    turn: int | None = None
    starter: int = 0
    first_turn: bool = True  # the starter's first turn: no take
    drawn: bool = False
    stock: int = 0
    pile: list[Card] = field(default_factory=list)
    reshuffles: int = 0
    melds: list[TableMeld] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)  # cards known to be in each hand
    opened: set[int] = field(default_factory=set)
    pickup: Card | None = None  # taken from the pile this turn and still in hand
    took: Card | None = None  # taken from the pile this turn, laid or not
    pending_jokers: int = 0  # retrieved this turn, not yet laid again
    turn_started: datetime | None = None  # end of the previous turn, the deal, or a later correction
    winner: int | None = None
    blocked: bool = False
    hands: dict[int, list[Card]] = field(default_factory=dict)  # entered at the round's end
    seen: Counter = field(default_factory=Counter)  # table + pile + known + entered hands (K-2)

    def copy(self) -> Deal:
        other = Deal(**{k: getattr(self, k) for k in self.__dataclass_fields__})
        other.pile = list(self.pile)
        other.melds = [m.copy() for m in self.melds]
        other.hand_sizes = list(self.hand_sizes)
        other.known = [list(k) for k in self.known]
        other.opened = set(self.opened)
        other.hands = {s: list(c) for s, c in self.hands.items()}
        other.seen = Counter(self.seen)
        return other

    def awaiting(self) -> list[int]:
        """Seats that still owe their `hand` entry (R-14)."""
        return [s for s in range(self.players) if s != self.winner and s not in self.hands]

    def meld(self, meld_id: int) -> TableMeld:
        for meld in self.melds:
            if meld.id == meld_id:
                return meld
        if self.melds:
            raise refuse("R-11", "there is no meld %(meld)s on the table (its melds: %(melds)s)", meld=meld_id,
                         melds=[m.id for m in self.melds])
        raise refuse("R-11", "there is no meld %(meld)s on the table", meld=meld_id)


@dataclass
class Table:
    """A Rami table: players, options, totals, results and the deal being played."""

    players: list[str]
    options: dict
    tracking: str
    totals: list[int]
    results: list[dict] = field(default_factory=list)
    deal: Deal | None = None
    status: str = "playing"
    winners: list[int] | None = None
    actors: Actors = field(default_factory=Actors)  # seq -> the seat that may correct it (E-2)
    adjustments: list = field(default_factory=list)  # E-5 rulings (referee.adjust.Adjustment), in log order
    confirmations: dict | None = None  # E-6: seq -> referee.confirmations.Shown; None: the table does not ask
    closed: int | None = None  # E-7: the seq of the `close` entry that ended the table (referee.closing)

    @property
    def scores(self) -> list[int]:
        """The totals, as a ruling (referee.adjust) adds to them."""
        return self.totals

    def copy(self) -> Table:
        return Table(list(self.players), dict(self.options), self.tracking, list(self.totals),
                     [dict(r) for r in self.results], self.deal.copy() if self.deal else None,
                     self.status, list(self.winners) if self.winners is not None else None, self.actors.copy(),
                     list(self.adjustments), None if self.confirmations is None else dict(self.confirmations),
                     self.closed)


OPTIONS = {
    "opening": ((51, 71, "free"), 51),
    "ceiling": ((100, 200, 300), 100),
    "turn_seconds": ((60, None), 60),
}


def normalise_options(options: dict | None) -> dict:
    """Fix the table's options with their defaults; refuse an unknown option or value (R-2)."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise Malformed("`options` is an object: opening, ceiling, turn_seconds", rule="R-2")
    for key in options:
        if key not in OPTIONS:
            raise Malformed("unknown rami option %(value)s: the options are opening, ceiling and turn_seconds",
                            rule="R-2", value=repr(key))
    out = {}
    for key, (allowed, default) in OPTIONS.items():
        value = options.get(key, default)
        # bool is an int in Python: `True` must not pass for 1, nor 60.0 for 60 silently.
        if isinstance(value, bool) or not any(value == a and type(value) is type(a) for a in allowed):
            shown = " | ".join("null" if a is None else repr(a) if isinstance(a, str) else str(a) for a in allowed)
            raise Malformed("option %(name)s cannot be %(value)s: it is %(allowed)s", rule="R-2", name=repr(key),
                            value=repr(value), allowed=shown)
        out[key] = value
    return out
