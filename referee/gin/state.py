"""The state a Gin log replays to: the game to 100 (G-11) and the hand in play (G-2..G-10).

Phases of a hand (`Deal.phase`; the view shows them as `deal.phase`):
  upcard   full tracking: the non-dealer, then the dealer, takes the upcard or passes (G-3)
  draw     full tracking: the player on turn draws (G-4)
  discard  full tracking: she discards, or knocks (G-4, G-7)
  result   results tracking: the hand's knock (its deadwood) or its void (G-10)
  show     the other player shows her hand after a valid knock (G-8, G-9)
  lay_off  her hand shown card by card (`one_by_one`): she lays off the cards the referee proposes, or is done (G-8)
  ended    the hand is over (the view says `deal`, or `over` when the game is)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.actors import Actors
from referee.cards import Card
from referee.gin.arrange import Arrangement
from referee.gin.laying import Laying
from referee.gin.tally import Hand, Tally, tally

SEATS = range(2, 3)  # G-1: two players
UPCARD, DRAW, DISCARD, RESULT, SHOW, ENDED = "upcard", "draw", "discard", "result", "show", "ended"
LAY_OFF = "lay_off"


@dataclass(slots=True)
class Knock:
    """A valid knock waiting for the other's hand (G-7, G-8): who knocked, and what her cards came to."""

    seat: int
    seq: int
    deadwood: int
    gin: bool
    hand: tuple[Card, ...] = ()  # full tracking: her ten cards
    arrangements: tuple[Arrangement, ...] = ()  # full tracking: those of lowest deadwood (G-6, G-8)


@dataclass(slots=True)
class Deal:
    """One hand: its dealer, whose turn, the stock and pile, the upcard's choices, what is known of each hand."""

    number: int
    dealer: int
    phase: str
    turn: int | None = None
    stock: int | None = None
    pile: list[Card] = field(default_factory=list)  # bottom first; pile[-1] is the top
    choices: list[bool] = field(default_factory=list)  # G-3: took the upcard (True) or passed, in order
    taken: Card | None = None  # from the pile this turn: not discarded in the same turn (G-4)
    known: list[list[Card]] = field(default_factory=lambda: [[], []])  # per seat: taken from the pile, or shown
    gone: set[Card] = field(default_factory=set)  # out of play: a knock's face-down discard
    knock: Knock | None = None
    laying: Laying | None = None  # G-8 one tap at a time: her lay-offs so far (immutable, shared by copies)

    def copy(self) -> Deal:
        return Deal(self.number, self.dealer, self.phase, self.turn, self.stock, list(self.pile), list(self.choices),
                    self.taken, [list(k) for k in self.known], set(self.gone), self.knock, self.laying)


@dataclass(slots=True)
class Table:
    """The game: players, its hands' results (G-9, G-10), the rulings, and the hand in play or last played."""

    players: list[str]
    tracking: str  # "full" | "results"
    hands: list[Hand] = field(default_factory=list)  # each hand's result, for G-11's tally
    results: list[dict] = field(default_factory=list)
    deal: Deal | None = None
    winners: list[int] | None = None
    ruled: list[int] = field(default_factory=lambda: [0, 0])  # E-5: what rulings added, a seat
    actors: Actors = field(default_factory=Actors)  # seq -> seat that may correct it
    adjustments: list = field(default_factory=list)  # E-5 rulings (referee.adjust.Adjustment), in log order
    confirmations: dict | None = None  # E-6: seq -> referee.confirmations.Shown; None: the table does not ask
    closed: int | None = None  # E-7: the seq of the `close` entry that ended the table (referee.closing)

    @property
    def scores(self) -> list[int]:
        """What a ruling adds to (referee.adjust): kept apart, added to the tally's totals."""
        return self.ruled

    @property
    def finished(self) -> bool:
        return self.winners is not None

    def tally(self) -> Tally:
        """The game to 100 as its hands leave it (G-11)."""
        return tally(self.hands)

    def totals(self) -> list[int]:
        """Each seat's points, bonuses added once the game is won (G-11), and the rulings (E-5)."""
        return [total + ruled for total, ruled in zip(self.tally().totals, self.ruled, strict=True)]

    def copy(self) -> Table:
        return Table(list(self.players), self.tracking, list(self.hands), list(self.results),
                     self.deal.copy() if self.deal else None, None if self.winners is None else list(self.winners),
                     list(self.ruled), self.actors.copy(), list(self.adjustments),
                     None if self.confirmations is None else dict(self.confirmations), self.closed)
