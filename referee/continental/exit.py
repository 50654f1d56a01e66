"""Judge a declared Continental exit: shape C-6, runs C-7..C-10, deck K-2; settle it (C-12)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import Card, CardError
from referee.continental.exit_faults import judge_faults
from referee.continental.settlement import (  # noqa: F401
    FIRST_TURN_BONUS,
    SHAPES,
    TIMINGS,
    ExitVerdict,
    Settlement,
    hand_of,  # noqa: F401 - the judge's vocabulary
    is_wild,
    settle,
    settlement_for,
)
from referee.continental.state import JOKERS
from referee.melds import Placed, parse_meld

_RUN_OK = {(1 << n) - 1 for n in range(3, 14)}  # C-7: bit masks of n consecutive places, shifted down


def parse_exit(runs: object) -> list[list[Placed]]:
    """Read the runs of an exit; raise CardError naming the first bad token."""
    if not isinstance(runs, (list, tuple)):
        raise CardError(runs, "not a list of runs")
    return [parse_meld(run) for run in runs]


def judge_exit(runs: Sequence[Sequence[Placed]], players: int = 4, timing: str = "later") -> ExitVerdict:
    """Judge an exit and report every violation with its rule and run (C-6..C-10, K-2)."""
    lengths = tuple(sorted(map(len, runs), reverse=True))
    if lengths in SHAPES:
        valid = _judge_valid(runs, players, timing)
        if valid is not None:
            return valid
    return judge_faults(runs, players, timing, lengths)


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
    suits = set()
    ordered = []
    by_place = [None] * 15  # a run's cards at their places 1..14 (earlier runs' cards get overwritten)
    stands = _STANDS.get
    for run in runs:
        suit = ""  # the run's suit, once a card has one
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
            if mask & bit or (suit and card_suit != suit):
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
        cards = _in_order(mask, by_place, len(run))
        if cards is None:
            return None
        ordered.append(cards)
        suits.add(suit)
    if jokers > JOKERS:
        return None
    return ExitVerdict(True, [], settlement_for(twos, jokers, len(suits) == 1, players, timing), ordered)


def _in_order(mask: int, by_place: list, length: int) -> list | None:
    """C-7: a run's cards from its lowest place when its places (`mask`) are consecutive, the ace low or else
    high; None when they are not."""
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
    return by_place[first:first + length]


def _judge_faults(runs, players: int, timing: str, lengths: tuple | None = None) -> ExitVerdict:
    """Find every violation of an exit (referee.continental.exit_faults)."""
    return judge_faults(runs, players, timing, lengths)

