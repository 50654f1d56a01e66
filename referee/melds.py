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


SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _pos(card: Card, ace_high: bool) -> int:
    return 14 if (card.rank == 1 and ace_high) else card.rank


def _room(positions: list[int], spare: int) -> bool:
    """Tell whether distinct `positions` become consecutive with `spare` cards to fill the gaps."""
    return max(positions) - min(positions) + 1 - len(positions) <= spare


def _name(position: int, suit: str) -> str:
    return Card(1 if position == 14 else position, suit).text


def check_run(items: Sequence[Placed], is_wild: WildTest, *, own_place_twos: bool = False,
              run_rules: tuple[str, ...] = ("K-4",), wild_rules: tuple[str, ...] = ("K-5",),
              dup_rules: tuple[str, ...] | None = None, where: dict | None = None) -> RunCheck:
    """Check a run (K-4, K-5): one suit, consecutive positions in 1..14, ace low or high.

    `own_place_twos`: an unannounced 2 of the run's suit may stand at position 2
    (Continental C-9). Violations carry `run_rules` for shape faults,
    `wild_rules` for announcement faults and `dup_rules` (default: `run_rules`)
    for identical naturals; `where` adds e.g. `{"run": 2}`.
    """
    where = where or {}
    out = RunCheck()

    def fault(rules: tuple[str, ...], message: str, card: str | None = None) -> None:
        for rule in rules:
            out.violations.append(Violation(rule, message, card=card, **where))

    if len(items) < 3:
        fault(run_rules, f"a run needs at least 3 cards, this one has {len(items)}")
    naturals, wilds, lost = [], [], []  # (card it stands for, placed); lost: wilds with no place
    for item in items:
        card, announced = item
        if not is_wild(card):
            if announced is not None and announced != card:
                fault(wild_rules, f"{card.text} is not wild, it cannot stand for {announced.text}", item.text)
            naturals.append((card, item))
        elif announced is not None or (own_place_twos and card.rank == 2):
            wilds.append((announced or card, item))
        else:
            lost.append(item)
    suits = {c.suit for c, _ in naturals} or {c.suit for c, _ in wilds}
    if len(suits) > 1:  # no place can be judged in a run of no suit: say what else is plainly wrong
        mixed = " and ".join(SUIT_NAMES[s] for s in sorted(suits))
        shown = ", ".join(p.text for _, p in naturals or wilds)
        fault(run_rules, f"a run is of one suit; these cards mix {mixed}: {shown}")
        _drop_repeats(naturals, {}, fault, run_rules if dup_rules is None else dup_rules)
        for p in lost:
            fault(wild_rules, f"{p.card.text} is wild and needs an announced card", p.card.text)
        return out
    suit = out.suit = suits.pop() if suits else None
    for c, p in [cp for cp in wilds if suit and cp[0].suit != suit]:
        wilds.remove((c, p))
        lost.append(p)
    naturals = _drop_repeats(naturals, {}, fault, run_rules if dup_rules is None else dup_rules)
    wilds = _drop_repeats(wilds, dict(naturals), fault, wild_rules)
    hint = _hint(naturals + wilds, suit) if lost else None
    for p in lost:
        text = p.card.text
        if p.announced is not None:
            fault(wild_rules, f"{p.text}: this run is in {SUIT_NAMES[suit]}, a wild in it stands for one of "
                              f"its {SUIT_NAMES[suit]}, e.g. {text}={hint}", p.text)
        elif suit and p.card.rank == 2 and own_place_twos:
            fault(wild_rules, f"{text} is not at its own place in a run of {SUIT_NAMES[suit]}; announce the "
                              f"card it stands for, e.g. {text}={hint}", text)
        else:
            fault(wild_rules, f"{text} is wild and needs an announced card, e.g. {text}={hint or '7H'}", text)
    standing = naturals + wilds
    if suit is None or not standing:
        return out
    for ace_high in (False, True) if any(c.rank == 1 for c, _ in standing) else (False,):
        positions = [_pos(c, ace_high) for c, _ in standing]
        if _room(positions, len(lost)):
            if not out.violations:
                out.ordered = sorted(zip(positions, (p for _, p in standing)), key=lambda pp: pp[0])
            return out
    _explain_gap(naturals, wilds, len(lost), suit, fault, run_rules, wild_rules)
    return out


def _hint(standing: list[tuple[Card, Placed]], suit: str | None) -> str | None:
    """Name a place a wild could take beside these cards: the first gap, else an end."""
    if suit is None or not standing:
        return None
    for ace_high in (False, True):
        placed = {_pos(c, ace_high) for c, _ in standing}
        holes = [r for r in range(min(placed), max(placed) + 1) if r not in placed]
        if len(holes) <= 2 or ace_high:
            break
    end = max(placed) + 1 if max(placed) < 14 else min(placed) - 1
    return _name(holes[0] if holes else end, suit)


def _drop_repeats(cards, taken: dict, fault, rules) -> list[tuple[Card, Placed]]:
    """Keep each place once, saying which card repeats a place already taken."""
    kept = []
    for c, p in cards:
        if c in taken:
            if p.announced is None and p.card == c and taken[c].announced is None:
                fault(rules, f"{c.text} twice: identical cards cannot stand in one run", c.text)
            else:
                fault(rules, f"{p.text} and {taken[c].text} both stand for {c.text}: a place is taken once", p.text)
            continue
        taken[c] = p
        kept.append((c, p))
    return kept


def _explain_gap(naturals, wilds, unplaced, suit, fault, run_rules, wild_rules) -> None:
    """Say why the cards are not consecutive: a wrap through the ace, a misplaced wild, or a gap."""
    cards = [c for c, _ in naturals + wilds]
    ranks = {c.rank for c in cards} | {p.card.rank for _, p in wilds if p.card.suit == suit}
    around = [c.rank + 13 if c.rank <= 6 else c.rank for c in cards]  # the places as if K-A-2 went on
    if 1 in ranks and (_room(around, unplaced) or (ranks & {12, 13} and ranks & {2, 3})):
        fault(run_rules, "K-A-2 wraps around the ace: an ace is low (A-2-3) or high (Q-K-A), never both")
        return
    for ace_high in (False, True):
        placed = {_pos(c, ace_high) for c, _ in naturals}
        if not placed or not _room(list(placed), len(wilds) + unplaced):
            continue
        holes = [r for r in range(min(placed), max(placed) + 1) if r not in placed]
        misplaced = []
        for pos, p in sorted((_pos(c, ace_high), p) for c, p in wilds):
            if pos in holes:
                holes.remove(pos)
            elif pos in (min(placed) - 1, max(placed) + 1) and not holes:
                placed.add(pos)
            else:
                misplaced.append(p)
        for p in misplaced:
            hint = _name(holes[0] if holes else (max(placed) + 1 if max(placed) < 14 else min(placed) - 1), suit)
            if p.announced is None:
                fault(wild_rules, f"{p.card.text} is not at its own place here; announce the card it stands for, "
                                  f"e.g. {p.card.text}={hint}", p.card.text)
            else:
                fault(wild_rules, f"{p.text}: {p.announced.text} is not a place this wild can take here "
                                  f"(e.g. {hint})", p.text)
        if misplaced:
            return
    shown = ", ".join(p.text for _, p in sorted(naturals + wilds, key=lambda cp: cp[0].rank))
    fault(run_rules, f"these cards are not consecutive: {shown}")


@dataclass
class SetCheck:
    rank: int | None = None
    ordered: list[Placed] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations


def check_set(items: Sequence[Placed], is_wild: WildTest, *, set_rules: tuple[str, ...] = ("R-6",),
              wild_rules: tuple[str, ...] = ("K-5",), where: dict | None = None) -> SetCheck:
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
                fault(wild_rules, f"{wild.text}: the set already has a card of that suit; announce a suit it lacks",
                      wild.text)
            else:
                fault(set_rules, f"a set has all suits different; {c.text} appears twice", c.text)
        else:
            seen[c.suit] = p
    out.ordered = [seen[s] for s in SUITS if s in seen] + [p for c, p in standing if seen.get(c.suit) is not p]
    return out
