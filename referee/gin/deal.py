"""G-2 and G-10: who deals a hand, what a deal leaves in the stock, and when a hand ends void.

The first dealer is drawn by lot (the table, or the app, draws it); after that the winner of a
hand deals the next, and after a void hand the same dealer deals again. Ten cards each and one
turned up leave 31 in the stock; when a discard leaves 2 there and nobody has knocked, the hand
ends with no score.
"""

from __future__ import annotations

from referee.gin.values import DECK, HAND
from referee.violations import N_, refuse

SEATS = 2
STOCK = len(DECK) - SEATS * HAND - 1  # G-2: 31 after the deal and the upcard
VOID_STOCK = 2  # G-10: two cards left and no knock
WINNER_DEALS = N_("%(dealer)s deals this hand: the winner of the last hand deals the next")
SAME_DEALS = N_("%(dealer)s deals this hand again: after a void hand the same dealer deals")


def next_dealer(dealer: int, winner: int | None) -> int:
    """Who deals the next hand (G-2): the last hand's winner, or after a void hand (None) the same dealer."""
    return dealer if winner is None else winner


def check_dealer(named: int, dealer: int, winner: int | None) -> None:
    """Refuse a deal by another seat than the one G-2 names after a hand dealt by `dealer` and won by `winner`."""
    due = next_dealer(dealer, winner)
    if named != due:
        raise refuse("G-2", WINNER_DEALS if winner is not None else SAME_DEALS, dealer=due)


def is_void(stock: int, knocked: bool = False) -> bool:
    """Whether a hand ends void (G-10): a discard left 2 cards in the stock and nobody knocked."""
    return stock <= VOID_STOCK and not knocked
