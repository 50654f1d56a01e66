"""Turns with full tracking (C-3): take one card, discard one; the empty stock (C-14); K-2 and C-11 on discards."""

from __future__ import annotations

from referee.cards import Card
from referee.continental.fields import read_card, read_choice, seat_of
from referee.continental.seen import add_seen
from referee.continental.session import deal_in_play, null_deal
from referee.continental.state import DISCARD, HAND, LIMIT, TAKE, Deal, Table
from referee.entry import Entry
from referee.violations import N_, refuse

SOURCES = ("stock", "discard")
TURNS = N_("turns")  # what C-2 and C-15 refuse outside a deal in play


def full_tracking(table: Table, entry: Entry) -> None:
    if table.tracking != "full":
        raise refuse("C-3", "this table keeps results only (tracking: results): turns are not entered, "
                            "so a %(type)s is refused; enter the deal's exit or null_deal", type=entry.type)


def whose_turn(deal: Deal, seat: int, phase: str, entry: Entry) -> None:
    """C-3: the player whose turn it is takes, then discards."""
    if deal.turn != seat:
        raise refuse("C-3", "it is %(turn)s's turn, not %(player)s's", turn=deal.turn, player=seat)
    if deal.phase != phase:
        if phase == TAKE:
            raise refuse("C-3", "%(player)s has taken a card this turn and now discards one", player=seat)
        raise refuse("C-3", "%(player)s takes a card (stock or discard pile) before discarding", player=seat)


def check_draw(table: Table, entry: Entry) -> tuple[Deal, int, str]:
    """C-3: the player on turn takes the top of the stock or of the discard pile (not from an empty pile)."""
    full_tracking(table, entry)
    seat = seat_of(entry, table.n)
    source = read_choice(entry, "from", SOURCES)
    deal = deal_in_play(table, TURNS)
    whose_turn(deal, seat, TAKE, entry)
    if source == "discard" and not deal.pile:
        raise refuse("C-3", "the discard pile is empty: take from the stock")
    return deal, seat, source


def draw(table: Table, entry: Entry, checked: tuple[Deal, int, str]) -> dict | None:
    """Take the card; C-14 when the stock is empty: recycle the pile but its top, or the deal is null."""
    deal, seat, source = checked
    if source == "discard":
        card = deal.pile.pop()
        deal.known[seat].append(card)  # it leaves the pile for a known hand: `seen` is unchanged
        deal.pickup = card
    else:
        if not deal.stock:  # none left (full tracking counts the stock)
            if len(deal.pile) <= 1:
                null_deal(table)  # C-14: nothing left to recycle and the top card was not taken
                return {"null_deal": True, "rules": ["C-14"]}
            add_seen(deal, deal.pile[:-1], -1)  # C-14: the pile but its top becomes the new stock
            deal.stock = len(deal.pile) - 1
            deal.pile = deal.pile[-1:]
            deal.reshuffles += 1
        deal.stock -= 1
        deal.pickup = None
    deal.taken[seat] += 1
    deal.phase = DISCARD
    deal.after_discard = None
    return None


def check_discard(table: Table, entry: Entry) -> tuple[Deal, int, Card, bool]:
    """C-3: discard one card face up, never one identical to the card just taken from the pile; C-11, K-2."""
    full_tracking(table, entry)
    seat = seat_of(entry, table.n)
    card = read_card(entry.data.get("card"))
    deal = deal_in_play(table, TURNS)
    whose_turn(deal, seat, DISCARD, entry)
    if card == deal.pickup:
        raise refuse("C-3", "%(card)s was just taken from the discard pile: it cannot be discarded "
                            "this turn, not even its twin", card=card.text)
    known = deal.known[seat]
    holds = card in known
    if not holds:
        if len(known) > HAND:  # 16 cards in hand, every one known
            raise refuse("C-11", "every card of %(player)s's hand is known (%(cards)s); %(card)s is not one of them",
                         card=card.text, player=seat, cards=sorted(c.text for c in known))
        if deal.seen.get(card, 0) >= LIMIT:
            raise refuse("K-2", "%(card)s cannot be discarded: the discard pile and the hands known hold "
                                "both copies already", card=card.text)
    return deal, seat, card, holds


def discard(table: Table, entry: Entry, checked: tuple[Deal, int, Card, bool]) -> None:
    """Put the card on the pile; the turn passes, and this player's C-4 moment opens."""
    deal, seat, card, holds = checked
    if holds:
        deal.known[seat].remove(card)  # it moves from a known hand to the pile: `seen` is unchanged
    else:
        deal.seen[card] = deal.seen.get(card, 0) + 1
    deal.pile.append(card)
    deal.pickup = None
    deal.after_discard = seat  # C-4: the next entry may be this player's exit
    deal.after_first_turn = deal.taken[seat] == 1
    deal.turn = (seat + 1) % table.n
    deal.phase = TAKE
