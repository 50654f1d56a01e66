"""Quick score entry with results tracking: a losing Rami hand given as its points, not its cards (R-14).

A `round` takes `points`, `{"seat": n}`, beside `hands`: every player but the winner is in one of
them. A hand given as points is not refereed card by card; the referee still checks what such a hand
can be: at least one card (R-13), and a value that some hand of 1 to 14 of the cards still possible adds
up to exactly (R-14, R-3, K-2: the decks less the cards shown in the round's other hands, so with all eight
2s shown a hand of 2 points is refused), and their sum within what the heaviest cards left can be worth (K-2).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import accumulate

from referee.cards import Card, full_deck
from referee.entry import Entry
from referee.rami.fields import whole
from referee.rami.hand import card_penalty
from referee.rami.state import HAND, JOKERS
from referee.violations import Malformed, Violation

_DECK = Counter(full_deck(JOKERS))


def read_points(entry: Entry, players: int) -> dict[int, int]:
    """The `points` of a round, by seat; a bad key or value is Malformed (400)."""
    given = entry.data.get("points", {})
    if not isinstance(given, dict):
        raise Malformed('round: `points` maps each seat to its hand\'s points, {"1": 35}, not %(value)s',
                        value=repr(given))
    points = {}
    for key, value in given.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else key
        if not whole(seat) or not 0 <= seat < players:
            raise Malformed("`points` is keyed by seat numbers from 0 to %(last)s, not %(value)s", last=players - 1,
                            value=repr(key))
        if not whole(value) or value < 0:
            raise Malformed("round: `points.%(field)s` is a hand's points, a whole number from 0 (got %(value)s)",
                            field=str(key), value=repr(value))
        points[seat] = value
    return points


def heaviest(hands: dict[int, list[Card]]) -> list[int]:
    """The running sums of the heaviest cards still in the decks once `hands` are out: [1 card, 2 cards, ...]."""
    left = _DECK - Counter(c for cards in hands.values() for c in cards)
    return list(accumulate(sorted((card_penalty(c) for c in left.elements()), reverse=True)))


def worths(hands: dict[int, list[Card]]) -> int:
    """Every value a hand of 1 to 14 of the cards left once `hands` are out adds up to, as a bit mask (R-14)."""
    left = Counter(card_penalty(c) for c in (_DECK - Counter(c for cards in hands.values() for c in cards)).elements())
    return _sums(tuple(sorted(left.items())))


@lru_cache(maxsize=256)
def _sums(left: tuple[tuple[int, int], ...]) -> int:
    by_count = [1] + [0] * HAND  # by_count[k]: bit v set when some k cards are worth v
    for value, copies in left:
        for _ in range(min(copies, HAND)):
            for k in range(HAND, 0, -1):
                by_count[k] |= by_count[k - 1] << value
    mask = 0
    for sums in by_count[1:]:
        mask |= sums
    return mask


def points_violations(hands: dict[int, list[Card]], points: dict[int, int]) -> list[Violation]:
    """What no hand of at most 14 of the cards still possible can be worth (R-13, R-14, K-2)."""
    best = heaviest(hands)

    def most(cards: int) -> int:
        return best[min(cards, len(best)) - 1] if best else 0

    possible = worths(hands)
    lightest = (possible & -possible).bit_length() - 1 if possible else 0
    out = []
    for seat, value in sorted(points.items()):
        if value == 0:
            out.append(Violation("R-13", "%(player)s cannot end the round without cards unless they won it",
                                 {"player": seat}))
        elif possible >> value & 1:
            continue
        elif value < lightest:
            out.append(Violation("R-14", "%(player)s's hand cannot be worth %(n)s: the lightest card still possible "
                                         "is worth %(least)s", {"player": seat, "n": value, "least": lightest}))
        elif value > most(HAND):
            out.append(Violation("R-14", "%(player)s's hand cannot be worth %(n)s: %(count)s cards hold at most "
                                         "%(most)s points", {"player": seat, "n": value, "count": HAND,
                                                             "most": most(HAND)}))
        else:
            out.append(Violation("R-14", "%(player)s's hand cannot be worth %(n)s: no hand of the cards still "
                                         "possible adds up to it", {"player": seat, "n": value}))
    if len(points) > 1 and not out:
        total, count = sum(points.values()), HAND * len(points)
        if total > most(count):
            out.append(Violation("K-2", "the hands of %(players)s cannot be worth %(n)s together: the decks' "
                                        "%(count)s heaviest cards left are worth %(most)s",
                                 {"players": sorted(points), "n": total, "count": count, "most": most(count)}))
    return out
