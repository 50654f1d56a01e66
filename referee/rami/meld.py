"""Rami melds: runs and sets (R-6), one joker at most (R-7), meld value (R-8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.cards import SUITS, Card
from referee.melds import Placed, by_place, check_run, check_set, parse_placed, wild_places
from referee.violations import N_, Violation


def is_wild(card: Card) -> bool:
    """R-1: only jokers are wild; a 2 is an ordinary card."""
    return card.is_joker


@dataclass
class MeldVerdict:
    kind: str | None = None  # "run" or "set"
    value: int | None = None
    cards: list[Placed] = field(default_factory=list)  # in position order
    violations: list[Violation] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def shape(self) -> str:
        """A valid meld's kind, "run" or "set"."""
        if self.kind is None:
            raise ValueError("an invalid meld has no kind")
        return self.kind

    @property
    def points(self) -> int:
        """A valid meld's value (R-9)."""
        if self.value is None:
            raise ValueError("an invalid meld has no value")
        return self.value

    @property
    def texts(self) -> list[str]:
        return [p.text for p in self.cards]


def card_value_in_run(position: int) -> int:
    """R-8: 2..10 face, J Q K 10, ace 1 low (position 1) or 11 high (position 14)."""
    if position == 1:
        return 1
    if position == 14:
        return 11
    return min(position, 10)


def card_value_in_set(rank: int) -> int:
    """R-8 *Reading*: an ace in a set counts 11."""
    return 11 if rank == 1 else min(rank, 10)


def _kind(items: Sequence[Placed]) -> str:
    """Set or run: from the natural cards when there are two or more, else from what the jokers announce.

    Two naturals of one rank never stand in a valid run (K-4), so they make a set, whatever a joker
    announces: `7C 7D JK=8H` is a set with a wrongly announced joker (K-5), not a run of mixed suits.
    """
    naturals = [p.card for p in items if not p.card.is_joker]
    if len(naturals) >= 2:
        return "set" if len({c.rank for c in naturals}) == 1 else "run"
    standing = [p.announced or p.card for p in items if not (p.card.is_joker and p.announced is None)]
    ranks = {c.rank for c in standing if not c.is_joker}
    return "set" if len(ranks) == 1 and len(items) >= 2 else "run"


SET_JOKER = {  # (the rank's English name starts with a vowel sound, the set lacks a suit) -> key (K-5)
    (False, True): N_("%(card)s: this is a set of %(rank)ss, so the joker must announce a %(rank)s of a suit the set "
                      "lacks: %(either)s"),
    (True, True): N_("%(card)s: this is a set of %(rank)ss, so the joker must announce an %(rank)s of a suit the set "
                     "lacks: %(either)s"),
    (False, False): N_("%(card)s: this is a set of %(rank)ss, so the joker must announce a %(rank)s"),
    (True, False): N_("%(card)s: this is a set of %(rank)ss, so the joker must announce an %(rank)s"),
}


def _set_announcements(items: Sequence[Placed], where: dict) -> tuple[list[Violation], list[Placed], set[str]]:
    """K-5 in a set whose naturals fix its rank: a joker announcing another rank is refused, saying which.

    Returns the violations, the meld with each such joker read as announcing the set's rank (so that the
    set's other faults are still found), and the texts of those stand-ins (not the player's: not shown).
    """
    naturals = [p.card for p in items if not p.card.is_joker]
    if len(naturals) < 2:
        return [], list(items), set()
    rank = naturals[0].rank
    lacking = [Card(rank, s) for s in SUITS if s not in {c.suit for c in naturals}]
    key = SET_JOKER[rank in (1, 8), bool(lacking)]
    violations, judged, stand_ins = [], [], set()
    for placed in items:
        if placed.card.is_joker and placed.announced is not None and placed.announced.rank != rank:
            params = {"card": placed.text, "rank": rank, "either": [c.text for c in lacking]}
            violations.append(Violation("K-5", key, params, card=placed.text, **where))
            stand_in = Placed(placed.card, lacking[0] if lacking else Card(rank, placed.announced.suit))
            stand_ins.add(stand_in.text)
            judged.append(stand_in)
        else:
            judged.append(placed)
    return violations, judged, stand_ins


def check_meld(items: Sequence[Placed], where: dict | None = None) -> MeldVerdict:
    """Judge one meld: a valid run or set (R-6) with at most one joker (R-7), and its value (R-8)."""
    where = where or {}
    jokers = [p for p in items if p.card.is_joker]
    out = MeldVerdict()
    if len(jokers) > 1:
        out.violations.append(Violation("R-7", N_("a meld holds at most one joker, this one has %(n)s"),
                                        {"n": len(jokers)}, **where))
    kind = _kind(items)
    if kind == "set":
        announced, judged, stand_ins = _set_announcements(items, where)
        result = check_set(judged, is_wild, set_rules=("R-6",), wild_rules=("K-5",), where=where)
        out.violations += announced + [v for v in result.violations if v.card not in stand_ins]
        if out.valid and result.rank is not None:  # a valid set has its rank
            out.kind, out.cards = "set", result.ordered
            out.value = card_value_in_set(result.rank) * len(items)
    else:
        run = check_run(items, is_wild, run_rules=("K-4",), wild_rules=("K-5",), where=where)
        out.violations += run.violations
        if out.valid:
            out.kind, out.cards = "run", [p for _, p in run.ordered]
            out.value = sum(card_value_in_run(pos) for pos, _ in run.ordered)
    return out


def places(tokens: Sequence[str]) -> list[list[str]]:
    """The ways to lay a meld a player tapped with its joker announced (K-5, R-6, R-7), by position; see
    `referee.game.Game.places`. `5S 6S JK 8S` has one (`JK=7S`), `7C 7D JK` two (`JK=7H`, `JK=7S`)."""
    meld = [parse_placed(t) for t in tokens]
    return by_place([check_meld(way).texts for way in wild_places(meld, is_wild, _valid)])


def _valid(meld: list[Placed]) -> bool:
    return check_meld(meld).valid
