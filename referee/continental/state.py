"""The state a Rami continental log replays to: the session (C-1, C-15) and the deal in play."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.actors import Actors
from referee.cards import Card

DECK = 106  # K-2, C-1
HAND = 15  # C-2
LIMIT = 2  # K-2: every card of the continental deck, the joker too, is there twice
JOKERS = 2  # K-2, C-1: two decks and two jokers
SEATS = range(4, 6)  # C-1

# Deal phases, kept in `Deal.phase`; the view shows them as `deal.phase`:
#   take     full tracking: the player whose turn it is takes a card (or exits, C-4/C-5)
#   discard  full tracking: that player has taken and discards
#   result   results tracking: the table waits for the deal's exit or null_deal
#   ended    the deal is over (the view says `deal`, or `over` when the session is)
TAKE, DISCARD, RESULT, ENDED = "take", "discard", "result", "ended"
TRIED, DREW = "tried", "drew"  # what closed a seat's C-5 moment (`Deal.c5_used`)


@dataclass(slots=True)
class Deal:
    """One deal: whose turn, stock and pile, and what the table knows of each hand (C-11)."""

    number: int
    dealer: int
    phase: str
    turn: int | None = None
    stock: int | None = None
    pile: list[Card] = field(default_factory=list)  # bottom first; pile[-1] is the top
    reshuffles: int = 0
    known: list[list[Card]] = field(default_factory=list)  # per seat: taken from the pile or shown
    seen: dict[Card, int] = field(default_factory=dict)  # K-2 counts over the pile and every known hand
    taken: list[int] = field(default_factory=list)  # per seat: cards taken this deal (turns begun)
    pickup: Card | None = None  # taken from the pile this turn: not to be discarded (C-3)
    after_discard: int | None = None  # seat whose C-4 moment is open (directly after its discard)
    after_first_turn: bool = False  # that discard ended the seat's first turn (C-12 first turn)
    c5_used: list[str | None] = field(default_factory=list)  # per seat: None while its C-5 moment is open, else
    # what closed it: TRIED (an attempt, C-13) or DREW (its own phone took back its draw, E-2 *Reading*)
    tried: dict[int, int] = field(default_factory=dict)  # results tracking: seat -> latest moment an invalid
    # exit used up (windows.ORDER), C-13

    def copy(self) -> Deal:
        return Deal(
            self.number, self.dealer, self.phase, self.turn, self.stock, list(self.pile), self.reshuffles,
            [list(k) for k in self.known], dict(self.seen), list(self.taken), self.pickup,
            self.after_discard, self.after_first_turn, list(self.c5_used), dict(self.tried),
        )


@dataclass(slots=True)
class Table:
    """The session: players, balances, results, and the deal in play or last played."""

    players: list[str]
    tracking: str  # "full" | "results"
    balances: list[int]
    results: list[dict] = field(default_factory=list)
    first_dealer: int | None = None
    deals_done: int = 0
    deal: Deal | None = None
    winners: list[int] | None = None
    actors: Actors = field(default_factory=Actors)  # seq -> seat that may correct it
    adjustments: list = field(default_factory=list)  # E-5 rulings (referee.adjust.Adjustment), in log order
    confirmations: dict | None = None  # E-6: seq -> referee.confirmations.Shown; None: the table does not ask
    closed: int | None = None  # E-7: the seq of the `close` entry that ended the table (referee.closing)
    n: int = field(init=False)  # the number of players, read on every entry

    def __post_init__(self) -> None:
        self.n = len(self.players)

    @property
    def scores(self) -> list[int]:
        """The balances, as a ruling (referee.adjust) adds to them."""
        return self.balances

    @property
    def finished(self) -> bool:
        return self.winners is not None

    @property
    def next_dealer(self) -> int | None:
        """C-2, C-15: the seat after the previous dealer; None before the first deal or after the last."""
        if self.first_dealer is None or self.finished:
            return None
        return (self.first_dealer + self.deals_done) % self.n

    def copy(self) -> Table:
        return Table(
            list(self.players), self.tracking, list(self.balances), list(self.results), self.first_dealer,
            self.deals_done, self.deal.copy() if self.deal else None,
            None if self.winners is None else list(self.winners), self.actors.copy(), list(self.adjustments),
            None if self.confirmations is None else dict(self.confirmations), self.closed,
        )
