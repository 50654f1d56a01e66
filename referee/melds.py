"""Runs and sets with announced wild cards (K-3, K-4, K-5), common to both games.

A meld is given as placed cards: a card, and for a wild the card it stands
for (`JK=7H`). Which cards are wild is the game's business (`is_wild`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, NamedTuple, Sequence

from referee.cards import Card, CardError, SUITS, parse_card
from referee.violations import Violation


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
            raise CardError(token, "not a card with an announced card (write it like JK=7H)") from None
        if announced.is_joker:
            raise CardError(token, "an announcement of a joker (a wild stands for a real card, like JK=7H)")
        return Placed(card, announced)
    return Placed(parse_card(token))


def parse_meld(tokens: object) -> list[Placed]:
    if not isinstance(tokens, (list, tuple)):
        raise CardError(tokens, "not a list of cards")
    return [parse_placed(t) for t in tokens]


WildTest = Callable[[Card], bool]


@dataclass
class RunCheck:
    """What K-4 found in a run: its suit and cards by position, or the violations."""

    suit: str | None = None
    ordered: list[tuple[int, Placed]] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations


def _position(rank: int, ace_high: bool) -> int:
    return 14 if (rank == 1 and ace_high) else rank


def _consecutive(positions: list[int]) -> bool:
    ordered = sorted(positions)
    return all(b == a + 1 for a, b in zip(ordered, ordered[1:]))


def check_run(
    items: Sequence[Placed],
    is_wild: WildTest,
    *,
    own_place_twos: bool = False,
    run_rules: tuple[str, ...] = ("K-4",),
    wild_rules: tuple[str, ...] = ("K-5",),
    dup_rules: tuple[str, ...] | None = None,
    where: dict | None = None,
) -> RunCheck:
    """Check a run (K-4, K-5): one suit, consecutive positions in 1..14, ace low or high.

    `own_place_twos`: an unannounced 2 of the run's suit may stand at position 2
    (Continental C-9). Violations carry `run_rules` for shape faults and
    `wild_rules` for announcement faults; `where` adds e.g. `{"run": 2}`.
    """
    where = where or {}
    out = RunCheck()

    def fault(rules: tuple[str, ...], message: str, card: str | None = None) -> None:
        for rule in rules:
            out.violations.append(Violation(rule, message, card=card, **where))

    if len(items) < 3:
        fault(run_rules, f"a run needs at least 3 cards, this one has {len(items)}")
    standing: list[tuple[Card, Placed]] = []
    for item in items:
        card = item.card
        if is_wild(card):
            if item.announced is not None:
                standing.append((item.announced, item))
            elif own_place_twos and card.rank == 2:
                standing.append((card, item))  # suit and place checked below
            else:
                fault(wild_rules, f"{card.text} is wild and needs an announced card, e.g. {card.text}=7H", card.text)
        else:
            if item.announced is not None and item.announced != card:
                fault(wild_rules, f"{card.text} is not wild, it cannot stand for {item.announced.text}", item.text)
            standing.append((card, item))
    if not standing:
        return out
    suits = {c.suit for c, _ in standing}
    if len(suits) > 1:
        named = ", ".join(p.text for _, p in standing)
        fault(run_rules, f"a run is of one suit; these cards mix {'/'.join(sorted(suits))}: {named}")
        return out
    out.suit = suit = suits.pop()
    has_ace = any(c.rank == 1 for c, _ in standing)
    options = (False, True) if has_ace else (False,)
    best: list[tuple[int, Placed]] | None = None
    for ace_high in options:
        placed = [(_position(c.rank, ace_high), p) for c, p in standing]
        positions = [pos for pos, _ in placed]
        if len(set(positions)) == len(positions) and _consecutive(positions):
            best = sorted(placed, key=lambda pp: pp[0])
            break
    if best is None:
        if len(standing) < len(items):
            return out  # an unannounced wild: its place is unknown, the gap is not the fault
        _explain_gap(standing, fault, run_rules, wild_rules, run_rules if dup_rules is None else dup_rules, has_ace)
        return out
    positions = [pos for pos, _ in best]
    if 1 in positions and 14 in positions:  # cannot happen with distinct consecutive, kept as a guard
        fault(run_rules, "an ace is low or high, never both: K-A-2 is not a run")
    if own_place_twos:
        for pos, p in best:
            if is_wild(p.card) and p.announced is None and pos != 2:
                fault(wild_rules, f"{p.card.text} is not at its own place and needs an announced card", p.card.text)
    out.ordered = best
    return out


def _explain_gap(standing, fault, run_rules, wild_rules, dup_rules, has_ace) -> None:
    """Say why the standing cards are not consecutive: a bad announcement or a gap."""
    naturals = [(c, p) for c, p in standing if p.announced is None]
    wilds = [(c, p) for c, p in standing if p.announced is not None]
    options = (False, True) if has_ace else (False,)
    for ace_high in options:
        nat_pos = [_position(c.rank, ace_high) for c, _ in naturals]
        if len(set(nat_pos)) != len(nat_pos):
            continue
        if nat_pos:
            span = max(nat_pos) - min(nat_pos) + 1
            if span - len(nat_pos) <= len(wilds):
                # The naturals leave room for the wilds: the announcements are wrong.
                holes = [r for r in range(min(nat_pos), max(nat_pos) + 1) if r not in nat_pos]
                taken, extra = set(nat_pos), []
                for c, p in wilds:
                    pos = _position(c.rank, ace_high)
                    if pos in holes:
                        holes.remove(pos)
                        taken.add(pos)
                    elif pos in taken:
                        fault(wild_rules, f"{p.text}: that place is already taken in this run", p.text)
                        return
                    else:
                        extra.append(p)
                hint = f" (its place is {_name(holes[0], c.suit)})" if holes else ""
                culprit = extra[0].text if extra else wilds[0][1].text
                fault(wild_rules, f"{culprit}: the announced card is not the place this wild takes{hint}", culprit)
                return
    dupes = sorted({p.text for c, p in naturals if sum(1 for d, _ in naturals if d == c) > 1})
    if dupes:
        fault(dup_rules, f"identical cards cannot stand in one run: {', '.join(dupes)} twice")
        return
    ranks = [c.rank for c, _ in standing]
    if any(r == 1 for r in ranks) and any(r == 2 for r in ranks) and any(r == 13 for r in ranks):
        fault(run_rules, "an ace is low or high, never both: K-A-2 is not a run")
        return
    dupes = sorted({c.text for c, _ in standing if sum(1 for d, _ in standing if d == c) > 1})
    if dupes:
        fault(run_rules, f"a run holds each place once; {', '.join(dupes)} appears twice")
        return
    fault(run_rules, "these cards are not consecutive: " + ", ".join(p.text for _, p in standing))


def _name(position: int, suit: str) -> str:
    return Card(1 if position == 14 else position, suit).text


@dataclass
class SetCheck:
    rank: int | None = None
    ordered: list[Placed] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations


def check_set(
    items: Sequence[Placed],
    is_wild: WildTest,
    *,
    set_rules: tuple[str, ...] = ("R-6",),
    wild_rules: tuple[str, ...] = ("K-5",),
    where: dict | None = None,
) -> SetCheck:
    """Check a set (R-6, K-5): 3 or 4 cards of one rank, all suits different."""
    where = where or {}
    out = SetCheck()

    def fault(rules, message, card=None):
        for rule in rules:
            out.violations.append(Violation(rule, message, card=card, **where))

    if not 3 <= len(items) <= 4:
        fault(set_rules, f"a set has 3 or 4 cards, this one has {len(items)}")
    standing = []
    for item in items:
        if is_wild(item.card):
            if item.announced is None:
                fault(wild_rules, f"{item.card.text} needs an announced card, e.g. {item.card.text}=7H", item.card.text)
                continue
            standing.append((item.announced, item))
        else:
            if item.announced is not None and item.announced != item.card:
                fault(wild_rules, f"{item.card.text} is not wild, it cannot stand for {item.announced.text}", item.text)
            standing.append((item.card, item))
    ranks = {c.rank for c, _ in standing}
    if len(ranks) > 1:
        fault(set_rules, "a set is of one rank: " + ", ".join(p.text for _, p in standing))
        return out
    if ranks:
        out.rank = ranks.pop()
    seen: dict[str, Placed] = {}
    for c, p in standing:
        if c.suit in seen:
            if p.announced is not None or seen[c.suit].announced is not None:
                wild = p if p.announced is not None else seen[c.suit]
                fault(wild_rules, f"{wild.text}: the set already has a card of that suit; announce a suit it lacks", wild.text)
            else:
                fault(set_rules, f"a set has all suits different; {c.text} appears twice", c.text)
        else:
            seen[c.suit] = p
    out.ordered = [seen[s] for s in SUITS if s in seen] + [p for c, p in standing if seen.get(c.suit) is not p]
    return out
