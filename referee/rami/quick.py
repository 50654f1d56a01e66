"""Quick score entry with results tracking: a losing Rami hand given as its points, not its cards (R-14).

A `round` takes `points`, `{"seat": n}`, beside `hands`: every player but the winner is in one of
them. A hand given as points is not refereed card by card; the referee still checks what such a hand
can be: at least one card (R-13), worth at least 2 (the lightest card) and at most what 14 cards of
the decks can hold (R-14, R-3), and their sum within what the heaviest cards left can be worth (K-2).
"""

from __future__ import annotations

from collections import Counter
from itertools import accumulate

from referee.cards import Card, full_deck
from referee.rami.fields import seat_key, whole
from referee.rami.hand import card_penalty
from referee.rami.state import GAME, HAND
from referee.log import Entry
from referee.violations import Malformed, Violation

LIGHTEST = 2  # a 2 is the lightest card
_DECK = Counter(full_deck(GAME))


def read_points(entry: Entry, players: int) -> dict[int, int]:
    """The `points` of a round, by seat; a bad key or value is Malformed (400)."""
    given = entry.data.get("points", {})
    if not isinstance(given, dict):
        raise Malformed(f'round: `points` maps each seat to its hand\'s points, {{"1": 35}}, not {given!r}')
    points = {}
    for key, value in given.items():
        seat = seat_key(key, players)
        if not whole(value) or value < 0:
            raise Malformed(f"round: `points.{key}` is a hand's points, a whole number from 0 (got {value!r})")
        points[seat] = value
    return points


def heaviest(hands: dict[int, list[Card]]) -> list[int]:
    """The running sums of the heaviest cards still in the decks once `hands` are out: [1 card, 2 cards, ...]."""
    left = _DECK - Counter(c for cards in hands.values() for c in cards)
    return list(accumulate(sorted((card_penalty(c) for c in left.elements()), reverse=True)))


def points_violations(names: list[str], hands: dict[int, list[Card]], points: dict[int, int]) -> list[Violation]:
    """What no hand of at most 14 cards of these decks can be worth (R-13, R-14, K-2)."""
    best = heaviest(hands)

    def most(cards: int) -> int:
        return best[min(cards, len(best)) - 1] if best else 0

    out = []
    for seat, value in sorted(points.items()):
        name = names[seat]
        if value == 0:
            out.append(Violation("R-13", f"{name} cannot end the round without cards unless they won it"))
        elif value < LIGHTEST:
            out.append(Violation("R-14", f"{name}'s hand cannot be worth {value}: the lightest card, a 2, "
                                         f"is worth {LIGHTEST}"))
        elif value > most(HAND):
            out.append(Violation("R-14", f"{name}'s hand cannot be worth {value}: {HAND} cards hold at most "
                                         f"{most(HAND)} points"))
    if len(points) > 1 and not out:
        total, cards = sum(points.values()), HAND * len(points)
        if total > most(cards):
            who = ", ".join(names[s] for s in sorted(points))
            out.append(Violation("K-2", f"the hands of {who} cannot be worth {total} together: the decks' "
                                        f"{cards} heaviest cards left are worth {most(cards)}"))
    return out
