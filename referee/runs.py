"""The run check (K-3, K-4, K-5), common to both games; `referee.melds` re-exports it.

It reports every fault of a run with a short human message. It is on the hot path of
the Continental exit judge, so card texts come from a table and violations are built
without the dataclass `__init__` (`referee.texts`), each fault is worded once, and the
ace is tried high only when a run holds one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from referee.cards import Card
from referee.texts import (  # noqa: F401
    LOST,
    MIX,
    MIXED_SUITS,
    NEEDS_ANNOUNCED,
    NOT_CONSECUTIVE,
    NOT_OWN_PLACE,
    OTHER_SUIT,
    SUIT_NAMES,
    TWICE,
    WRAPS,
    Make,
    maker,
    text,
    violation,
)
from referee.texts import place_text as _name
from referee.violations import N_, Violation

WildTest = Callable[[Card], bool]
_at_0 = itemgetter(0)


@dataclass
class RunCheck:
    """What K-4 found in a run: its suit and cards by position, or the violations."""

    suit: str | None = None
    ordered: list = field(default_factory=list)  # (position, Placed)
    violations: list[Violation] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations


def check_run(items: Sequence, is_wild: WildTest, *, own_place_twos: bool = False,
              run_rules: tuple[str, ...] = ("K-4",), wild_rules: tuple[str, ...] = ("K-5",),
              dup_rules: tuple[str, ...] | None = None, where: dict | None = None) -> RunCheck:
    """Check a run (K-4, K-5): one suit, consecutive positions in 1..14, ace low or high.

    `own_place_twos`: an unannounced 2 of the run's suit may stand at position 2
    (Continental C-9). Violations carry `run_rules` for shape faults,
    `wild_rules` for announcement faults and `dup_rules` (default: `run_rules`)
    for identical naturals; `where` adds e.g. `{"run": 2}`.
    """
    faults, suit, ordered, _ = run_faults(items, is_wild, own_place_twos, run_rules, wild_rules,
                                          run_rules if dup_rules is None else dup_rules, maker(where))
    return RunCheck(suit, ordered, faults)


def run_faults(items: Sequence, is_wild: WildTest, own_twos: bool, run_rules: tuple[str, ...],
               wild_rules: tuple[str, ...], dup_rules: tuple[str, ...], make: Make) -> tuple:
    """Check a run as `check_run` says; return (violations, suit, [(position, placed)] when valid, naturals)."""
    out: list[Violation] = []
    if len(items) < 3:
        params = {"n": len(items)}
        out += [make(rule, "a run needs at least 3 cards, this one has %(n)s", None, params=params) for rule in run_rules]
    naturals, wilds, lost, suit, mixed = _sort_cards(items, is_wild, own_twos, wild_rules, make, out)
    if mixed:  # no place can be judged in a run of no suit: say what else is plainly wrong
        _mixed_faults(naturals, wilds, lost, out, make, run_rules, wild_rules, dup_rules)
        return out, None, [], len(naturals)
    if suit:
        for cp in [cp for cp in wilds if cp[0][1] != suit]:
            wilds.remove(cp)
            lost.append(cp[1])
    count = len(naturals)
    if count > 1:
        naturals = _drop_repeats(naturals, {}, out, make, dup_rules)
    if wilds:
        wilds = _drop_repeats(wilds, dict(naturals), out, make, wild_rules)
    if lost:
        _lost(lost, naturals + wilds, suit, own_twos, out, make, wild_rules)
    return out, suit, _ordered(naturals, wilds, len(lost), suit, out, make, run_rules, wild_rules), count


def _sort_cards(items: Sequence, is_wild: WildTest, own_twos: bool, wild_rules: tuple[str, ...], make: Make,
                out: list[Violation]) -> tuple[list, list, list, str | None, bool]:
    """The run's naturals, placed wilds and lost wilds (wilds with no place), its suit and whether its suits mix;
    a natural announced as another card is a fault added to `out`."""
    naturals, wilds, lost = [], [], []  # (card it stands for, placed); lost: wilds with no place
    suit = wild_suit = None
    mixed = mixed_wilds = False
    for item in items:
        card, announced = item
        if not is_wild(card):
            if announced is not None and announced != card:
                params = {"card": text(card), "announced": text(announced)}
                out += [make(rule, N_("%(card)s is not wild, it cannot stand for %(announced)s"), text(item), params=params)
                        for rule in wild_rules]
            naturals.append((card, item))
            if suit is None:
                suit = card[1]
            elif card[1] != suit:
                mixed = True
        elif announced is not None or (own_twos and card[0] == 2):
            stands = announced or card
            wilds.append((stands, item))
            if wild_suit is None:
                wild_suit = stands[1]
            elif stands[1] != wild_suit:
                mixed_wilds = True
        else:
            lost.append(item)
    if not naturals:
        suit, mixed = wild_suit, mixed_wilds
    return naturals, wilds, lost, suit, mixed


def _mixed_faults(naturals, wilds, lost, out, make, run_rules, wild_rules, dup_rules) -> None:
    """A run of mixed suits: its suits, repeated naturals and wilds with no place, added to `out`."""
    shown = naturals or wilds
    suits = frozenset([c[1] for c, _ in shown])
    params = {"suits": MIXED_SUITS.get(suits) or tuple(sorted(suits)), "cards": [text(p) for _, p in shown]}
    out += [make(rule, MIX, None, params=params) for rule in run_rules]
    if len(naturals) > 1:
        _drop_repeats(naturals, {}, out, make, dup_rules)
    for p in lost:
        t = text(p[0])
        out += [make(rule, LOST, t, params={"card": t}) for rule in wild_rules]


def _ordered(naturals, wilds, spare, suit, out, make, run_rules, wild_rules) -> list:
    """The standing cards by position, ace low or high, when they fit with `spare` lost wilds and no fault was
    found; else [] (a gap too wide is explained in `out`)."""
    standing = naturals + wilds
    if suit is None or not standing:
        return []
    ranks = [c[0] for c, _ in standing]
    if max(ranks) - min(ranks) + 1 - len(ranks) > spare:
        if 1 not in ranks:
            _explain_gap(naturals, wilds, spare, suit, out, make, run_rules, wild_rules)
            return []
        ranks = [14 if r == 1 else r for r in ranks]
        if max(ranks) - min(ranks) + 1 - len(ranks) > spare:
            _explain_gap(naturals, wilds, spare, suit, out, make, run_rules, wild_rules)
            return []
    if out:
        return []
    return sorted(zip(ranks, [p for _, p in standing], strict=True), key=_at_0)


def _pos(card: Card, ace_high: bool) -> int:
    return 14 if (card.rank == 1 and ace_high) else card.rank


def _room(positions: list[int], spare: int) -> bool:
    """Tell whether distinct `positions` become consecutive with `spare` cards to fill the gaps."""
    return max(positions) - min(positions) + 1 - len(positions) <= spare


def _lost(lost, standing, suit, own_twos, out, make, rules) -> None:
    """Say what each wild with no place in the run should announce."""
    hint = _hint(standing, suit)
    for p in lost:
        t = text(p[0])
        if p[1] is not None:
            key, params = OTHER_SUIT, {"card": text(p), "suit": suit, "example": f"{t}={hint}"}
            t = text(p)
        elif suit and p[0][0] == 2 and own_twos:
            key, params = NOT_OWN_PLACE, {"card": t, "suit": suit, "example": f"{t}={hint}"}
        else:
            key, params = NEEDS_ANNOUNCED, {"card": t, "example": f"{t}={hint or '7H'}"}
        out += [make(rule, key, t, params=params) for rule in rules]


def _hint(standing: list, suit: str | None) -> str | None:
    """Name a place a wild could take beside these cards: the first gap, else an end."""
    if suit is None or not standing:
        return None
    placed = {c[0] for c, _ in standing}
    low, high = min(placed), max(placed)
    holes = [r for r in range(low, high + 1) if r not in placed]
    if len(holes) > 2 and 1 in placed:  # too many gaps with the ace low: take it high
        placed = {14 if r == 1 else r for r in placed}
        low, high = min(placed), max(placed)
        holes = [r for r in range(low, high + 1) if r not in placed]
    return _name(holes[0] if holes else high + 1 if high < 14 else low - 1, suit)


def _drop_repeats(cards, taken: dict, out, make, rules) -> list:
    """Keep each place once, saying which card repeats a place already taken."""
    kept = []
    for c, p in cards:
        first = taken.get(c)
        if first is None:
            taken[c] = p
            kept.append((c, p))
        elif p[1] is None and p[0] == c and first[1] is None:
            out += [make(rule, TWICE, text(c), params={"card": text(c)}) for rule in rules]
        else:
            params = {"card": text(p), "other": text(first), "stands": text(c)}
            out += [make(rule, N_("%(card)s and %(other)s both stand for %(stands)s: a place is taken once"), text(p),
                         params=params) for rule in rules]
    return kept


def _explain_gap(naturals, wilds, unplaced, suit, out, make, run_rules, wild_rules) -> None:
    """Say why the cards are not consecutive: a wrap through the ace, a misplaced wild, or a gap."""
    cards = [c for c, _ in naturals + wilds]
    ranks = {c.rank for c in cards} | {p.card.rank for _, p in wilds if p.card.suit == suit}
    around = [c.rank + 13 if c.rank <= 6 else c.rank for c in cards]  # the places as if K-A-2 went on
    if 1 in ranks and (_room(around, unplaced) or (ranks & {12, 13} and ranks & {2, 3})):
        out += [make(rule, WRAPS, None) for rule in run_rules]
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
                key = N_("%(card)s is not at its own place here; announce the card it stands for, e.g. %(example)s")
                params = {"card": text(p.card), "example": f"{text(p.card)}={hint}"}
                out += [make(rule, key, text(p.card), params=params) for rule in wild_rules]
            else:
                key = N_("%(card)s: %(announced)s is not a place this wild can take here (e.g. %(hint)s)")
                params = {"card": text(p), "announced": text(p.announced), "hint": hint}
                out += [make(rule, key, text(p), params=params) for rule in wild_rules]
        if misplaced:
            return
    shown = {"cards": [text(p) for _, p in sorted(naturals + wilds, key=lambda cp: cp[0].rank)]}
    out += [make(rule, NOT_CONSECUTIVE, None, params=shown) for rule in run_rules]
