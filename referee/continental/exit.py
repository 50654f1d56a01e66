"""Judge a declared Continental exit: shape C-6, runs C-7..C-10, deck K-2; settle it (C-12)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from referee.cards import Card, CardError, excess
from referee.melds import Placed, check_run, parse_meld
from referee.violations import Violation

SHAPES = (  # C-6, run lengths in decreasing order
    (3, 3, 3, 3, 3),
    (4, 4, 4, 3),
    (5, 4, 3, 3),
)
TIMINGS = ("later", "first_turn", "without_drawing")


def is_wild(card: Card) -> bool:
    """C-1: every 2 and every joker is wild."""
    return card.is_joker or card.rank == 2


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


def parse_exit(runs: object) -> list[list[Placed]]:
    """Read the runs of an exit; raise CardError naming the first bad token."""
    if not isinstance(runs, (list, tuple)):
        raise CardError(runs, "not a list of runs")
    return [parse_meld(run) for run in runs]


def hand_of(runs: Sequence[Sequence[Placed]]) -> list[Card]:
    """The physical cards of an exit (what the player holds)."""
    return [p.card for run in runs for p in run]


def settle(runs: Sequence[Sequence[Placed]], players: int, timing: str) -> Settlement:
    """C-12 for a valid exit."""
    cards = hand_of(runs)
    twos = sum(1 for c in cards if c.rank == 2)
    jokers = sum(1 for c in cards if c.is_joker)
    wilds = twos + 2 * jokers if (twos or jokers) else 10
    first = {"later": 0, "first_turn": 7, "without_drawing": 10}[timing]
    suits = {(p.announced or p.card).suit for run in runs for p in run}
    one_suit = 10 if len(suits) == 1 else 0
    return Settlement(out=1, wilds=wilds, first_turn=first, one_suit=one_suit, players=players)


def judge_exit(runs: Sequence[Sequence[Placed]], players: int = 4, timing: str = "later") -> ExitVerdict:
    """Judge an exit and report every violation with its rule and run (C-6..C-10, K-2)."""
    violations: list[Violation] = []
    ordered_runs: list[list[Placed]] = []
    total = sum(len(r) for r in runs)
    lengths = tuple(sorted((len(r) for r in runs), reverse=True))
    if total != 15:
        violations.append(Violation("C-6", f"an exit shows exactly 15 cards, this one shows {total}"))
    elif lengths not in SHAPES:
        shape = "+".join(str(n) for n in lengths)
        violations.append(Violation("C-6", f"runs of {shape} is not an allowed shape (3+3+3+3+3, 4+4+4+3 or 5+4+3+3)"))
    for index, run in enumerate(runs, start=1):
        where = {"run": index}
        naturals = [p.card for p in run if not is_wild(p.card)]
        if not naturals:
            violations.append(Violation("C-8", "every run needs at least one natural card (a 2 never counts)", **where))
        dupes = sorted({c.text for c, n in Counter(naturals).items() if n > 1})
        for text in dupes:
            violations.append(Violation("C-10", f"two identical {text} cannot stand in the same run", card=text, **where))
        result = check_run(run, is_wild, own_place_twos=True, run_rules=("C-7",), wild_rules=("C-9",),
                           dup_rules=(), where=where)
        violations += result.violations
        ordered_runs.append([p for _, p in result.ordered] if result.ok else list(run))
    for card, n in excess(hand_of(runs), "continental").items():
        violations.append(Violation("K-2", f"{card.text} appears {n} times; the decks hold only "
                                           f"{2 if not card.is_joker else 2}", card=card.text))
    if violations:
        return ExitVerdict(False, violations, None, ordered_runs)
    return ExitVerdict(True, [], settle(ordered_runs, players, timing), ordered_runs)
