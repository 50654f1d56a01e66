"""The exit judge and run check as they were before they were made fast, kept as a reference.

The referee's own `judge_exit` and `check_run` must give exactly what these give: the same
verdict, the same violations in the same order with the same messages, the same runs in
position order and the same settlement (see test_judge_matches_reference.py). This is the
straightforward code, frozen; change it only when a rule or a message changes on purpose.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from referee.cards import Card, excess
from referee.continental.exit import _RUN_OK, SHAPES, ExitVerdict, hand_of, is_wild, settle, settlement_for
from referee.melds import Placed
from referee.violations import Violation

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
                out.ordered = sorted(zip(positions, (p for _, p in standing), strict=True), key=lambda pp: pp[0])
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
    if jokers > 2:
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
        violations.append(Violation("C-6", f"runs of {shape} are not an allowed shape "
                                           "(3+3+3+3+3, 4+4+4+3 or 5+4+3+3)"))
    for index, run in enumerate(runs, start=1):
        where = {"run": index}
        naturals = [p.card for p in run if not is_wild(p.card) and p.announced in (None, p.card)]
        if len(naturals) >= 2 and len({c.rank for c in naturals}) == 1 and len({c.suit for c in naturals}) > 1:
            shown = ", ".join(p.text for p in run)
            violations.append(Violation("C-6", f"no sets in Continental: {shown} is a set, cards of one rank; every "
                                               "card stands in a run of one suit", **where))
            ordered_runs.append(list(run))
            continue
        if run and all(is_wild(p.card) for p in run):
            violations.append(Violation("C-8", "this run has no natural card: a 2 or a joker never counts as "
                                               "the natural a run needs", **where))
        result = check_run(run, is_wild, own_place_twos=True, run_rules=("C-7",), wild_rules=("C-9",),
                           dup_rules=("C-10",), where=where)
        violations += result.violations
        ordered_runs.append([p for _, p in result.ordered] if result.ok else list(run))
    for card, n in excess(hand_of(runs), jokers=2).items():
        held = "2 jokers" if card.is_joker else f"{card.text} twice"
        violations.append(Violation("K-2", f"{card.text} appears {n} times; the two decks hold {held}",
                                    card=card.text))
    if violations:
        return ExitVerdict(False, violations, None, ordered_runs)
    return ExitVerdict(True, [], settle(ordered_runs, players, timing), ordered_runs)
