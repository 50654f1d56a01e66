"""Say why a Continental exit is invalid: every violation with its rule and run (C-6..C-10, K-2).

The judge comes here when its quick path did not accept an exit. A random claim (cards
dealt into runs as they come) is the common case, and most of its runs mix suits or
leave gaps; those runs are explained here straight from a table of the cards, in the
very words `referee.runs.run_faults` would use. Every other run goes to `run_faults`.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import COPIES, JOKER, SUITS, excess, full_deck
from referee.continental.settlement import SHAPES, ExitVerdict, is_wild, settle
from referee.continental.state import JOKERS
from referee.melds import Placed
from referee.runs import run_faults
from referee.texts import (
    LOST,
    MIX,
    MIXED_SUITS,
    NEEDS_ANNOUNCED,
    NO_NATURAL,
    NOT_CONSECUTIVE,
    NOT_OWN_PLACE,
    OTHER_SUIT,
    TWICE,
    WRAPS,
    maker,
    place_text,
    violation,
)
from referee.violations import N_, Violation

_C7, _C9, _C10 = ("C-7",), ("C-9",), ("C-10",)
_JOKER = {"card": "JK"}
_LEAST_LIMIT = min(COPIES, JOKERS)  # K-2: a card there too often repeats this often
_ACE, _HIGH, _LOW = 1 << 1, 1 << 12 | 1 << 13, 1 << 2 | 1 << 3

# A placed card as a random claim has it. A plain natural: (its suit's bit, its text, its own bit:
# one for each card, 16 a suit). A wild: (0, None, (the bit of the suit it stands for, its kind:
# 0 a 2 at its own place, 1 announced, 2 a joker with no announced card; its text, its card's text)).
# Any other placed card (a natural announced, a wild announced as a joker) is not here: run_faults
# judges it.
_LOOK: dict = {}
_NAMES = {}  # (suit shift, rank) -> text
for _card in set(full_deck(JOKERS)):
    _bit = 1 << SUITS.index(_card.suit) if _card.suit else 0
    if _card.rank == 0:
        _LOOK[Placed(_card)] = (0, None, (0, 2, _card.text, _card.text))
    elif _card.rank == 2:
        _LOOK[Placed(_card)] = (0, None, (_bit, 0, _card.text, _card.text))
    else:
        _shift = 16 * SUITS.index(_card.suit)
        _LOOK[Placed(_card)] = (_bit, _card.text, 1 << (_shift + _card.rank))
        _NAMES[_shift, _card.rank] = _card.text
    if _card.rank in (0, 2):
        for _announced in set(full_deck(JOKERS)) - {JOKER}:
            _LOOK[Placed(_card, _announced)] = (0, None, (1 << SUITS.index(_announced.suit), 1,
                                                          f"{_card.text}={_announced.text}", _card.text))
_SUIT_OF = {1 << i: s for i, s in enumerate(SUITS)}
_SHIFT = {1 << i: 16 * i for i in range(4)}
_MIX = {mask: MIXED_SUITS.get(frozenset(s for i, s in enumerate(SUITS) if mask >> i & 1)) for mask in range(16)}
_MAKERS = [maker({"run": index}) for index in range(16)]  # violations in run 1, 2, ...
_C7_AT = [vars(violation("C-7", MIX, None, index)) for index in range(16)]  # a C-7 in run 1, 2, ..., to copy
_new = object.__new__
_look = _LOOK.get


def judge_faults(runs, players: int, timing: str, lengths: tuple | None = None) -> ExitVerdict:
    """Find every violation of an exit, in the order of the runs, then K-2; `lengths`: the run lengths, sorted."""
    violations: list[Violation] = []
    ordered_runs: list[list[Placed]] = []
    if lengths is None:
        lengths = tuple(sorted(map(len, runs), reverse=True))
    _shape_faults(lengths, violations)
    append = violations.append
    index = once = twice = over = wilds_seen = 0  # K-2 from the table: naturals seen once, twice, thrice
    whole_hand = False  # K-2 needs the whole hand counted
    for run in runs:
        index += 1
        if _is_set(run):  # C-6: refused as the set it is, not as a run of several suits
            append(violation("C-6", SET, None, index, params={"cards": [p.text for p in run]}))
            whole_hand = True
            ordered_runs.append([*run])
            continue
        quick = _from_table(run, index, append) if len(run) >= 3 else None
        if quick is not None:
            seen, wilds, repeated = quick
            whole_hand = whole_hand or repeated
            over |= twice & seen
            twice |= once & seen
            once |= seen
            wilds_seen += wilds
            ordered_runs.append([*run])
            continue
        whole_hand = True  # the full run check
        ordered_runs.append(_run_check(run, index, violations))
    hand = [p[0] for run in runs for p in run] if whole_hand or over or wilds_seen > _LEAST_LIMIT else ()
    if len(hand) - len(set(hand)) >= _LEAST_LIMIT:  # K-2: else no card can be there too often
        _too_often(hand, append)
    if violations:
        return ExitVerdict(False, violations, None, ordered_runs)
    return ExitVerdict(True, [], settle(ordered_runs, players, timing), ordered_runs)


SET = N_("no sets in Continental: %(cards)s is a set, cards of one rank; every card stands in a run of one suit")


def _is_set(run) -> bool:
    """Naturals of one rank and two suits or more (wilds besides): a set, which Continental does not have (C-6)."""
    naturals = [p.card for p in run if not is_wild(p.card) and p.announced in (None, p.card)]
    return len(naturals) >= 2 and len({c.rank for c in naturals}) == 1 and len({c.suit for c in naturals}) > 1


def _shape_faults(lengths: tuple, violations: list[Violation]) -> None:
    """C-6: 15 cards in one of the allowed shapes."""
    total = sum(lengths)
    if total != 15:
        violations.append(violation("C-6", "an exit shows exactly 15 cards, this one shows %(n)s",
                                    params={"n": total}))
    elif lengths not in SHAPES:
        shape = "+".join(str(n) for n in lengths)
        violations.append(violation("C-6", "runs of %(shape)s are not an allowed shape (3+3+3+3+3, 4+4+4+3 or 5+4+3+3)",
                                    params={"shape": shape}))


def _from_table(run, index: int, append) -> tuple[int, int, bool] | None:
    """Judge a run of plain naturals and wilds from the table: (its naturals' bits, its wilds, whether a natural
    repeats), its faults appended; None when `run_faults` must judge it."""
    suits = seen = 0
    shown, wilds, repeated = [], [], None
    for item in run:
        found = _look(item)
        if found is None:
            return None
        suit, text, bit = found
        if not suit:
            wilds.append(bit)
            continue
        if seen & bit:
            repeated = [text] if repeated is None else repeated + [text]
        seen |= bit
        suits |= suit
        shown.append(text)
    if suits & (suits - 1):  # naturals of two suits or more: C-7, a repeat C-10, a lost joker C-9
        v = _new(Violation)
        fields = v.__dict__
        fields.update(_C7_AT[index] if index < 16 else {**_C7_AT[0], "run": index})
        fields["params"] = {"suits": _MIX[suits], "cards": shown}
        append(v)
        for text in repeated or ():
            append(violation("C-10", TWICE, text, index, params={"card": text}))
        for w in wilds:
            if w[1] == 2:
                append(violation("C-9", LOST, "JK", index, params=_JOKER))
        return seen, len(wilds), repeated is not None
    if repeated is not None or not suits or not _one_suit(seen >> _SHIFT[suits], suits, wilds, index, append):
        return None
    return seen, len(wilds), False


def _run_check(run, index: int, violations: list[Violation]) -> list[Placed]:
    """The full run check (`run_faults`) and C-8; the run as it stands, by position when it is valid."""
    faults, _, ordered, naturals = run_faults(run, is_wild, True, _C7, _C9, _C10, _MAKERS[index]
                                              if index < len(_MAKERS) else maker({"run": index}))
    if run and not naturals:
        violations.append(violation("C-8", NO_NATURAL, None, index))
    if faults:
        violations += faults
        return list(run)
    return [p for _, p in ordered]


def _too_often(hand: Sequence, append) -> None:
    """K-2: each card shown more often than the two decks hold it."""
    for card, n in excess(hand, JOKERS).items():
        if card.is_joker:
            key, params = "%(card)s appears %(n)s times; the two decks hold %(held)s jokers", {
                "card": card.text, "n": n, "held": JOKERS}
        else:
            key, params = "%(card)s appears %(n)s times; the two decks hold %(card)s twice", {
                "card": card.text, "n": n}
        append(violation("K-2", key, card.text, params=params))


def _one_suit(ranks: int, bit: int, wilds: list, index: int, append) -> bool:
    """Explain a run of distinct naturals of one suit whose wilds all stand for another suit, or none.

    The words are those of `referee.runs.run_faults`: each wild that has no place (jokers first), then
    a wrap through the ace, or a gap. False: a wild stands in this suit, or the run is valid; then the
    run is left to `run_faults`.
    """
    for w in wilds:
        if w[0] == bit:
            return False
    places = [r for r in range(1, 14) if ranks >> r & 1]
    spare, low, high = len(wilds), places[0], places[-1]
    fits = high - low + 1 - len(places) <= spare
    if not fits and low == 1:  # try the ace high: places[1:] and 14
        fits = 15 - places[1] - len(places) <= spare
    if fits and not wilds:
        return False
    if wilds:
        suit = _SUIT_OF[bit]
        hint = _hint(places, suit)
        for w in sorted(wilds, key=_jokers_first):  # run_faults: jokers with no announced card, then the others
            if w[1] == 2:
                key, params = NEEDS_ANNOUNCED, {"card": "JK", "example": f"JK={hint}"}
            elif w[1] == 0:
                key, params = NOT_OWN_PLACE, {"card": w[2], "suit": suit, "example": f"{w[2]}={hint}"}
            else:
                key, params = OTHER_SUIT, {"card": w[2], "suit": suit, "example": f"{w[3]}={hint}"}
            append(violation("C-9", key, w[2], index, params=params))
    if fits:
        return True
    around = [r + 13 if r <= 6 else r for r in places]  # the places as if K-A-2 went on
    if low == 1 and (max(around) - min(around) + 1 - len(around) <= spare or (ranks & _HIGH and ranks & _LOW)):
        append(violation("C-7", WRAPS, None, index))
    else:
        shift = _SHIFT[bit]
        append(violation("C-7", NOT_CONSECUTIVE, None, index, params={"cards": [_NAMES[shift, r] for r in places]}))
    return True


def _jokers_first(wild: tuple) -> bool:
    return wild[1] != 2


def _hint(places: list[int], suit: str) -> str:
    """Name a place a wild could take beside these naturals: the first gap, else an end (as runs._hint)."""
    low, high = places[0], places[-1]
    holes = [r for r in range(low, high + 1) if r not in places]
    if len(holes) > 2 and low == 1:  # too many gaps with the ace low: take it high
        places = places[1:] + [14]
        low, high = places[0], 14
        holes = [r for r in range(low, high + 1) if r not in places]
    return place_text(holes[0] if holes else high + 1 if high < 14 else low - 1, suit)
