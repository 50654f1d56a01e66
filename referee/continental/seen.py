"""What the table has seen (C-11, K-2): the discard pile and the cards known to be in each hand.

`Deal.seen` counts every card of the pile and of every known hand; no count may
pass the deck's two copies (K-2). A card is known in a hand when it was taken
from the pile or shown in an invalid exit, until that hand discards one like it.
"""

from __future__ import annotations

from collections import Counter

from referee.cards import Card
from referee.continental.state import LIMIT, Deal
from referee.violations import N_, Violation


def add_seen(deal: Deal, cards: list[Card], sign: int = 1) -> None:
    seen = deal.seen
    for card in cards:
        seen[card] = seen.get(card, 0) + sign


def revealed_violations(deal: Deal, seat: int, hand: list[Card]) -> list[Violation]:
    """C-11: the revealed hand against the pile and the other hands (a), and against its own known cards (b)."""
    out: list[Violation] = []
    shown = Counter(hand)
    elsewhere = Counter(deal.pile)
    for other, cards in enumerate(deal.known):
        if other != seat:
            elsewhere.update(cards)
    for card, count in shown.items():
        if count <= LIMIT and count + elsewhere[card] > LIMIT:  # a hand alone over the deck is K-2's
            out.append(Violation(
                "C-11", N_("%(card)s: the hand shows %(n)s and the table has already seen %(seen)s elsewhere "
                           "(discard pile or another known hand); the decks hold %(limit)s"),
                {"card": card.text, "n": count, "seen": elsewhere[card], "limit": LIMIT}, card=card.text))
    missing = Counter(deal.known[seat]) - shown
    for card, count in missing.items():
        key = N_("%(card)s is known to be in this hand (taken from the discard pile or shown in an earlier exit, "
                 "not discarded since) and is missing from the revealed cards") if count == 1 else \
            N_("%(card)s is known to be in this hand (taken from the discard pile or shown in an earlier exit, "
               "not discarded since) and is missing from the revealed cards (%(n)s of them)")
        out.append(Violation("C-11", key, {"card": card.text, "n": count}, card=card.text))
    return out


def learn_hand(deal: Deal, seat: int, hand: list[Card], consistent: bool) -> None:
    """C-13: the cards of an invalid exit stay known, when they can be this hand at all.

    A reveal that breaks C-11 or K-2, or shows more than 15 cards, cannot be the
    real hand; the table then learns nothing new from it.
    """
    if not consistent:
        return
    add_seen(deal, deal.known[seat], -1)
    deal.known[seat] = list(hand)
    add_seen(deal, hand)


def is_consistent(hand: list[Card], c11: list[Violation]) -> bool:
    if c11 or len(hand) > 15:
        return False
    return all(n <= LIMIT for n in Counter(hand).values())
