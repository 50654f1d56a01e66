"""G-4: a turn is one draw, from the stock or the discard pile, then one discard.

Pure checks for the table's fold to call: a seat that has drawn may not draw again, a seat discards
only after drawing, and never the card it has just taken from the discard pile.
"""

from __future__ import annotations

from referee.cards import Card
from referee.violations import N_, refuse

DREW = N_("%(player)s has drawn already: discard a card")
DRAW_FIRST = N_("%(player)s draws first, from the stock or the discard pile, then discards")
KEEPS_TAKEN = N_("%(player)s took %(card)s from the discard pile this turn: discard another card")


def check_draw(seat: int, drawn: bool) -> None:
    """Refuse a second draw in one turn (G-4)."""
    if drawn:
        raise refuse("G-4", DREW, player=seat)


def check_discard(seat: int, card: Card, drawn: bool, taken: Card | None = None) -> None:
    """Refuse a discard before the draw, or of the card taken from the discard pile this turn (G-4)."""
    if not drawn:
        raise refuse("G-4", DRAW_FIRST, player=seat)
    if card == taken:
        raise refuse("G-4", KEEPS_TAKEN, card=card.text, player=seat)
