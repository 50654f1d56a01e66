"""Read the hands a knock shows: cards as K-1 spells them, ten a hand (G-2), one deck and no joker (K-2).

What is not a hand is refused before anything is judged: a token that is no card (CardError, K-1),
a hand that does not hold ten cards (Malformed, G-2), a joker or a card shown twice across the hands
(Refusal, K-2: a Gin deck holds each card once, and no joker).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.cards import Card, CardError, parse_bare
from referee.gin.values import HAND
from referee.violations import N_, Malformed, Refusal, Violation

NO_JOKER = N_("%(card)s has no place here: a Gin deck holds no joker")
TWICE = N_("%(card)s is shown %(times)s times: the one deck holds it once")


def read_hand(tokens: object, name: str) -> list[Card]:
    """Read a hand of ten cards (K-1, G-2); `name` is the field it came in, for the message."""
    if not isinstance(tokens, (list, tuple)):
        raise CardError(tokens, N_("not a list of cards"))
    if len(tokens) != HAND:
        raise Malformed(N_("`%(field)s` holds %(count)s cards: a hand holds %(hand)s"), "G-2",
                        field=name, count=len(tokens), hand=HAND)
    return parse_bare(tokens)


def check_deck(*hands: Sequence[Card]) -> None:
    """Refuse a joker, or a card shown twice across these hands (K-2: one deck, no joker)."""
    shown = Counter(card for hand in hands for card in hand)
    faults = [Violation("K-2", NO_JOKER, {"card": card.text}, card=card.text) for card in shown if card.is_joker]
    faults += [Violation("K-2", TWICE, {"card": card.text, "times": n}, card=card.text)
               for card, n in shown.items() if n > 1 and not card.is_joker]
    if faults:
        raise Refusal(faults)
