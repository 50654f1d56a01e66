"""Runs and sets with announced wild cards (K-3, K-4, K-5), common to both games.

A meld is given as placed cards: a card, and for a wild the card it stands
for (`JK=7H`). Which cards are wild is the game's business (`is_wild`).
The run check is in `referee.runs`; its public names are importable from here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple

from referee.cards import SUITS, Card, CardError, parse_card
from referee.runs import SUIT_NAMES, RunCheck, WildTest, check_run  # noqa: F401 - the run check lives there
from referee.violations import N_, Violation


class Placed(NamedTuple):
    """A card as laid in a meld; `announced` is the card a wild stands for (K-5)."""

    card: Card
    announced: Card | None = None

    @property
    def stands_for(self) -> Card | None:
        return self.announced if self.announced is not None else (None if self.card.is_joker else self.card)

    @property
    def text(self) -> str:
        if self.announced is None:
            return self.card.text
        return f"{self.card.text}={self.announced.text}"


def parse_placed(token: object) -> Placed:
    """Read `7H`, `JK=7H` or `2S=7H` (K-1, K-5); raise CardError naming a bad token."""
    if isinstance(token, str) and "=" in token:
        left, _, right = token.partition("=")
        card = parse_card(left)
        try:
            announced = parse_card(right)
        except CardError:
            raise CardError(token, N_("not a card with an announced card (write it like JK=7H)")) from None
        if announced.is_joker:
            raise CardError(token, N_("an announcement of a joker (a wild stands for a real card, like JK=7H)"))
        return Placed(card, announced)
    return Placed(parse_card(token))


def parse_meld(tokens: object) -> list[Placed]:
    if not isinstance(tokens, (list, tuple)):
        raise CardError(tokens, N_("not a list of cards"))
    return [parse_placed(t) for t in tokens]


@dataclass
class SetCheck:
    rank: int | None = None
    ordered: list[Placed] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations


def _set_standing(items: Sequence[Placed], is_wild: WildTest, fault: Callable) -> list[tuple[Card, Placed]]:
    """A set's cards as (the card each stands for, placed); a wild with no announced card has none, and it and
    a natural announced as another card are faults (K-5)."""
    standing = []
    for item in items:
        if is_wild(item.card):
            if item.announced is None:
                fault("%(card)s needs an announced card, e.g. %(example)s", item.card.text,
                      card=item.card.text, example=f"{item.card.text}=7H")
                continue
            standing.append((item.announced, item))
        else:
            if item.announced is not None and item.announced != item.card:
                fault("%(card)s is not wild, it cannot stand for %(announced)s", item.text,
                      card=item.card.text, announced=item.announced.text)
            standing.append((item.card, item))
    return standing


def check_set(items: Sequence[Placed], is_wild: WildTest, *, set_rules: tuple[str, ...] = ("R-6",),
              wild_rules: tuple[str, ...] = ("K-5",), where: dict | None = None) -> SetCheck:
    """Check a set (R-6, K-5): 3 or 4 cards of one rank, all suits different."""
    where = where or {}
    out = SetCheck()

    def fault(rules, key, at=None, **params):  # `at`: the violation's card
        for rule in rules:
            out.violations.append(Violation(rule, key, params or None, card=at, **where))

    if not 3 <= len(items) <= 4:
        fault(set_rules, "a set has 3 or 4 cards, this one has %(n)s", n=len(items))
    standing = _set_standing(items, is_wild, partial(fault, wild_rules))
    ranks = {c.rank for c, _ in standing}
    if len(ranks) > 1:
        fault(set_rules, "a set is of one rank: %(cards)s", cards=[p.text for _, p in standing])
        return out
    if ranks:
        out.rank = ranks.pop()
    seen: dict[str, Placed] = {}
    for c, p in standing:
        if c.suit in seen:
            if p.announced is not None or seen[c.suit].announced is not None:
                wild = p if p.announced is not None else seen[c.suit]
                fault(wild_rules, "%(card)s: the set already has a card of that suit; announce a suit it lacks",
                      wild.text, card=wild.text)
            else:
                fault(set_rules, "a set has all suits different; %(card)s appears twice", c.text, card=c.text)
        else:
            seen[c.suit] = p
    out.ordered = [seen[s] for s in SUITS if s in seen] + [p for c, p in standing if seen.get(c.suit) is not p]
    return out


NATURAL_CARDS = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))  # a wild may announce one (K-5)


def wild_places(items: Sequence[Placed], is_wild: WildTest, valid: Callable[[list[Placed]], bool]) -> list[list[Placed]]:
    """The ways to lay a meld whose wild card has no announced card yet (K-5): each a copy of the meld with that
    wild announced, in the order of the cards it may announce (by suit, then rank), that `valid` accepts.

    A meld `valid` accepts as it is is its one way; one with more than one wild lacking an announcement, or
    whose wild fits no place, has none ([]): the referee then says what is wrong with it as given. Both games
    place their wilds this way (Continental runs, Rami runs and sets), each with its own `is_wild` and `valid`.
    """
    meld = list(items)
    if valid(meld):
        return [meld]
    open_wilds = [i for i, p in enumerate(meld) if p.announced is None and is_wild(p.card)]
    if len(open_wilds) != 1:
        return []
    i = open_wilds[0]
    wild = meld[i].card
    return [trial for card in NATURAL_CARDS if valid(trial := [*meld[:i], Placed(wild, card), *meld[i + 1:]])]


def by_place(ways: list[list[str]]) -> list[list[str]]:
    """Ways to lay a meld (cards' texts by position) in the order of the place their wild takes: lowest first."""
    return sorted(ways, key=lambda way: next((i for i, t in enumerate(way) if "=" in t), 0))
