"""What a Continental exit is worth: its allowed shapes (C-6), wild cards (C-1), its settlement (C-12), and
the judge's verdict as the log keeps it. Shared by the quick judge (`exit`) and the one that explains
(`exit_faults`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from referee.cards import Card
from referee.melds import Placed
from referee.violations import Violation

SHAPES = (  # C-6, run lengths in decreasing order
    (3, 3, 3, 3, 3),
    (4, 4, 4, 3),
    (5, 4, 3, 3),
)
TIMINGS = ("later", "first_turn", "without_drawing")
FIRST_TURN_BONUS = {"later": 0, "first_turn": 7, "without_drawing": 10}  # C-12, C-4, C-5


def is_wild(card: Card) -> bool:
    """C-1: every 2 and every joker (rank 0) is wild."""
    return card.rank in (0, 2)


@dataclass(frozen=True)
class Settlement:
    """C-12: what each opponent transfers to the winner, part by part."""

    out: int
    wilds: int
    first_turn: int
    one_suit: int
    players: int

    @property
    def per_opponent(self) -> int:
        return self.out + self.wilds + self.first_turn + self.one_suit

    @property
    def winner_gain(self) -> int:
        return self.per_opponent * (self.players - 1)

    def to_dict(self) -> dict:
        return {
            "per_opponent": self.per_opponent,
            "winner_gain": self.winner_gain,
            "parts": {"out": self.out, "wilds": self.wilds, "first_turn": self.first_turn, "one_suit": self.one_suit},
        }


@dataclass
class ExitVerdict:
    """The judge's answer: valid, or every violation; the settlement of a valid exit."""

    valid: bool
    violations: list[Violation] = field(default_factory=list)
    settlement: Settlement | None = None
    runs: list[list[Placed]] = field(default_factory=list)  # in position order when valid

    def to_dict(self) -> dict:
        return {
            "valid": self.valid,
            "violations": [v.to_dict() for v in self.violations],
            "settlement": self.settlement.to_dict() if self.settlement else None,
        }


def hand_of(runs: Sequence[Sequence[Placed]]) -> list[Card]:
    """List the physical cards of an exit (what the player holds)."""
    return [p.card for run in runs for p in run]


@lru_cache(maxsize=1024)  # a settlement is a frozen value of a few small numbers: share them
def settlement_for(twos: int, jokers: int, one_suit: bool, players: int, timing: str) -> Settlement:
    """Compute C-12 from what it depends on: the 2s, the jokers, one suit, the table and the timing."""
    wilds = twos + 2 * jokers if (twos or jokers) else 10
    return Settlement(out=1, wilds=wilds, first_turn=FIRST_TURN_BONUS[timing], one_suit=10 if one_suit else 0,
                      players=players)


def settle(runs: Sequence[Sequence[Placed]], players: int, timing: str) -> Settlement:
    """Compute C-12 for a valid exit; wilds count as the suit they stand for."""
    cards = hand_of(runs)
    suits = {(p.announced or p.card).suit for run in runs for p in run}
    return settlement_for(sum(1 for c in cards if c.rank == 2), sum(1 for c in cards if c.is_joker),
                          len(suits) == 1, players, timing)
