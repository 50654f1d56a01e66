"""Judge a declared Continental exit: shape C-6, runs C-7..C-10, deck K-2; settle it (C-12)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from referee.cards import Card, CardError
from referee.continental.state import JOKERS
from referee.melds import Placed, parse_meld
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
    lengths = tuple(sorted(map(len, runs), reverse=True))
    if lengths in SHAPES:
        valid = _judge_valid(runs, players, timing)
        if valid is not None:
            return valid
    return _faults.judge_faults(runs, players, timing, lengths)


_SHIFT = {"C": 0, "D": 16, "H": 32, "S": 48}  # where a suit's places sit in one int (K-2 counts)
# A placed card that can stand in a valid exit: (its place, the suit it stands for, the place's bit,
# that bit again for a natural, the bit of a 2's suit). A joker has neither. Other cards are not here.
_STANDS: dict = {}
for _card in {Card(r, s) for r in range(1, 14) for s in "CDHS"} | {Card(0, "")}:
    if _card.rank not in (0, 2):
        _STANDS[Placed(_card)] = _STANDS[Placed(_card, _card)] = (_card.rank, _card.suit, 1 << _card.rank,
                                                                  1 << _card.rank, 0)
        continue
    _two = 1 << _SHIFT[_card.suit] if _card.rank == 2 else 0
    if _two:  # C-9: an unannounced 2 stands at its own place
        _STANDS[Placed(_card)] = (2, _card.suit, 1 << 2, 0, _two)
    for _place in range(1, 14):
        for _suit in "CDHS":
            _STANDS[Placed(_card, Card(_place, _suit))] = (_place, _suit, 1 << _place, 0, _two)


def _judge_valid(runs, players: int, timing: str) -> ExitVerdict | None:
    """Accept a valid exit of an allowed shape quickly, or return None to let the full judge explain."""
    twos = jokers = 0
    once = twice = 0  # K-2: places of the naturals seen once, and twice, each suit at its _SHIFT
    twos_once = twos_twice = 0  # K-2: the same for the 2s, a bit a suit
    first_suit, one_suit = None, True
    ordered = []
    by_place = [None] * 15  # a run's cards at their places 1..14 (earlier runs' cards get overwritten)
    stands = _STANDS.get
    for run in runs:
        suit = None
        mask = naturals = 0
        for item in run:
            found = stands(item)
            if found is None:  # a joker with no announced card, a natural announced as another card
                return None
            place, card_suit, bit, natural, two = found
            if natural:
                naturals |= natural
            elif two:
                twos += 1
                if twos_twice & two:  # K-2: a third copy
                    return None
                twos_twice |= twos_once & two
                twos_once |= two
            else:
                jokers += 1
            if mask & bit or (suit is not None and card_suit != suit):
                return None
            suit = card_suit
            mask |= bit
            by_place[place] = item
        if not naturals:  # C-8
            return None
        naturals <<= _SHIFT[suit]
        if twice & naturals:  # K-2: a natural seen a third time
            return None
        twice |= once & naturals
        once |= naturals
        low = mask & -mask
        if mask // low not in _RUN_OK:
            if low != 2:  # only an ace taken high can mend the gap
                return None
            mask = mask ^ 2 | 1 << 14
            low = mask & -mask
            if mask // low not in _RUN_OK:
                return None
            by_place[14] = by_place[1]
        first = low.bit_length() - 1
        ordered.append(by_place[first:first + len(run)])
        if first_suit is None:
            first_suit = suit
        elif suit != first_suit:
            one_suit = False
    if jokers > JOKERS:
        return None
    return ExitVerdict(True, [], settlement_for(twos, jokers, one_suit, players, timing), ordered)


def _judge_faults(runs, players: int, timing: str, lengths: tuple | None = None) -> ExitVerdict:
    """Find every violation of an exit (referee.continental.exit_faults)."""
    return _faults.judge_faults(runs, players, timing, lengths)


from referee.continental import exit_faults as _faults  # noqa: E402 - it needs what is above
