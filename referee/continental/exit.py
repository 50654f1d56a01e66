"""Judge a declared Continental exit: shape C-6, runs C-7..C-10, deck K-2; settle it (C-12)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from referee.cards import JOKERS_IN_DECK, Card, CardError, excess
from referee.melds import Placed, check_run, parse_meld
from referee.violations import Violation

SHAPES = (  # C-6, run lengths in decreasing order
    (3, 3, 3, 3, 3),
    (4, 4, 4, 3),
    (5, 4, 3, 3),
)
TIMINGS = ("later", "first_turn", "without_drawing")
FIRST_TURN_BONUS = {"later": 0, "first_turn": 7, "without_drawing": 10}  # C-12, C-4, C-5
_RUN_OK = {(1 << n) - 1 for n in range(3, 14)}  # C-7: bit masks of n consecutive places, shifted down


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


def parse_exit(runs: object) -> list[list[Placed]]:
    """Read the runs of an exit; raise CardError naming the first bad token."""
    if not isinstance(runs, (list, tuple)):
        raise CardError(runs, "not a list of runs")
    return [parse_meld(run) for run in runs]


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


def judge_exit(runs: Sequence[Sequence[Placed]], players: int = 4, timing: str = "later") -> ExitVerdict:
    """Judge an exit and report every violation with its rule and run (C-6..C-10, K-2)."""
    valid = _judge_valid(runs, players, timing)
    return valid if valid is not None else _judge_faults(runs, players, timing)


def _judge_valid(runs, players: int, timing: str) -> ExitVerdict | None:
    """Accept a valid exit quickly, or return None to let the full judge explain."""
    if tuple(sorted(map(len, runs), reverse=True)) not in SHAPES:
        return None
    twos = jokers = 0
    suits = set()
    once = dict.fromkeys("CDHS", 0)  # K-2: places of each suit's naturals seen once, and twice
    twice = dict.fromkeys("CDHS", 0)
    twos_seen: dict[Card, int] = {}
    ordered = []
    for run in runs:
        suit = None
        mask = naturals = 0
        by_place = {}
        for item in run:
            card, announced = item
            rank = card[0]
            if rank == 0:
                if announced is None:
                    return None
                jokers += 1
                place, card_suit = announced
            elif rank == 2:
                twos += 1
                copies = twos_seen.get(card, 0)
                if copies == 2:  # K-2: a third copy
                    return None
                twos_seen[card] = copies + 1
                place, card_suit = announced or card  # C-9: an unannounced 2 stands at its own place
            elif announced is None or announced == card:
                place, card_suit = card
                naturals |= 1 << place
            else:
                return None
            bit = 1 << place
            if mask & bit or (suit is not None and card_suit != suit):
                return None
            suit = card_suit
            mask |= bit
            by_place[place] = item
        if not naturals or twice[suit] & naturals:  # C-8; K-2: a natural seen a third time
            return None
        twice[suit] |= once[suit] & naturals
        once[suit] |= naturals
        low = mask & -mask
        if mask // low not in _RUN_OK:
            if low != 2:  # only an ace taken high can mend the gap
                return None
            mask = mask ^ 2 | 1 << 14
            low = mask & -mask
            if mask // low not in _RUN_OK:
                return None
            by_place[14] = by_place.pop(1)
        first = low.bit_length() - 1
        ordered.append([by_place[p] for p in range(first, first + len(run))])
        suits.add(suit)
    if jokers > JOKERS_IN_DECK["continental"]:
        return None
    return ExitVerdict(True, [], settlement_for(twos, jokers, len(suits) == 1, players, timing), ordered)


def _judge_faults(runs, players: int, timing: str) -> ExitVerdict:
    """Find every violation of an exit that the quick path did not accept."""
    violations: list[Violation] = []
    ordered_runs: list[list[Placed]] = []
    total = sum(len(r) for r in runs)
    lengths = tuple(sorted((len(r) for r in runs), reverse=True))
    if total != 15:
        violations.append(Violation("C-6", f"an exit shows exactly 15 cards, this one shows {total}"))
    elif lengths not in SHAPES:
        shape = "+".join(str(n) for n in lengths)
        violations.append(Violation("C-6", f"runs of {shape} is not an allowed shape "
                                           "(3+3+3+3+3, 4+4+4+3 or 5+4+3+3)"))
    for index, run in enumerate(runs, start=1):
        where = {"run": index}
        if run and all(is_wild(p.card) for p in run):
            violations.append(Violation("C-8", "this run has no natural card: a 2 or a joker never counts as "
                                               "the natural a run needs", **where))
        result = check_run(run, is_wild, own_place_twos=True, run_rules=("C-7",), wild_rules=("C-9",),
                           dup_rules=("C-10",), where=where)
        violations += result.violations
        ordered_runs.append([p for _, p in result.ordered] if result.ok else list(run))
    for card, n in excess(hand_of(runs), "continental").items():
        held = f"{JOKERS_IN_DECK['continental']} jokers" if card.is_joker else f"{card.text} twice"
        violations.append(Violation("K-2", f"{card.text} appears {n} times; the two decks hold {held}",
                                    card=card.text))
    if violations:
        return ExitVerdict(False, violations, None, ordered_runs)
    return ExitVerdict(True, [], settle(ordered_runs, players, timing), ordered_runs)
