"""What the table has seen (K-2) and the cards known to be in a hand (R-5, R-12)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.cards import Card
from referee.rami.state import Deal, limit
from referee.violations import Refusal, Violation

Plan = tuple[list[Card], Counter]


def over_deck(seen: Counter, fresh: Counter) -> list[Violation]:
    """K-2: cards that `fresh` would show more often than the deck holds them."""
    return [
        Violation("K-2", "%(card)s would be seen %(n)s times; the deck holds %(limit)s",
                  {"card": card.text, "n": seen[card] + n, "limit": limit(card)}, card=card.text)
        for card, n in fresh.items() if seen[card] + n > limit(card)
    ]


def leave_hand(deal: Deal, seat: int, cards: Sequence[Card]) -> Plan:
    """Check that `cards` may leave `seat`'s hand for the table or the pile (K-2); change nothing."""
    rest = deal.known[seat]
    fresh: Counter = Counter()
    if rest:
        rest = list(rest)
        for card in cards:
            if card in rest:
                rest.remove(card)  # a known card is already counted as seen
            else:
                fresh[card] += 1
    else:
        fresh.update(cards)
    violations = over_deck(deal.seen, fresh)
    if violations:
        raise Refusal(violations)
    return rest, fresh


def commit(deal: Deal, seat: int, cards: Sequence[Card], plan: Plan) -> None:
    """Move `cards` out of `seat`'s hand as checked by `leave_hand`."""
    deal.known[seat], fresh = plan
    deal.seen.update(fresh)
    deal.hand_sizes[seat] -= len(cards)


def lay(deal: Deal, seat: int, cards: Sequence[Card], plan: Plan) -> None:
    """Lay `cards` on the table: a laid pickup (R-5) or joker (R-12) is no longer owed."""
    commit(deal, seat, cards, plan)
    jokers = sum(1 for c in cards if c.rank == 0)
    if deal.pickup is not None and deal.pickup in cards:
        if deal.pickup.rank == 0:
            jokers -= 1
        deal.pickup = None
    if deal.pending_jokers and jokers > 0:
        deal.pending_jokers = max(0, deal.pending_jokers - jokers)
