"""Deals and turns: take, discard, going out, empty stock (R-3, R-4, R-5, R-13, R-15)."""

from __future__ import annotations

from referee.cards import Card
from referee.entry import Entry
from referee.rami import known
from referee.rami.fields import card_field, int_field, seat_field
from referee.rami.hand import card_penalty
from referee.rami.state import DECK, HAND, MAX_RESHUFFLES, Deal, Table
from referee.violations import N_, Malformed, refuse

TURN_PHASES = ("take", "play", "discard")


def next_dealer(table: Table) -> int | None:
    """R-3: the seat after the last dealer, or None before the first deal."""
    if table.deal is None:
        return None
    return (table.deal.dealer + 1) % len(table.players)


def check_deal(table: Table, entry: Entry) -> Deal:
    """A round may start, dealt by the next seat: give it, 14 cards each, 15 to the starter, an empty pile (R-3)."""
    n = len(table.players)
    dealer = int_field(entry, "dealer", N_("%(type)s needs `dealer`, the dealing seat, 0 to %(last)s"),
                       last=n - 1)  # a readable entry first (400)
    if not 0 <= dealer < n:
        raise Malformed("`dealer` is a seat number from 0 to %(last)s", last=n - 1)
    if table.status == "finished":
        raise refuse("R-16", "the game is over; no more deals")
    if table.deal is not None and table.deal.phase != "deal":
        raise refuse("R-3", "deal %(number)s is not over yet", number=table.deal.number)
    expected = next_dealer(table)
    if expected is not None and dealer != expected:
        raise refuse("R-3", "the deal passes to the next seat: %(dealer)s deals, not %(player)s", dealer=expected,
                     player=dealer)
    number = table.deal.number + 1 if table.deal else 1
    full = table.tracking == "full"
    new = Deal(number, dealer, n, full, entry.at, phase="play" if full else "result")
    if full:
        new.starter = new.turn = (dealer + 1) % n
        new.stock = DECK - HAND * n - 1
        new.hand_sizes = [HAND] * n
        new.hand_sizes[new.starter] += 1
        new.known = [[] for _ in range(n)]
        new.turn_started = entry.at
    return new


def deal(table: Table, entry: Entry, new: Deal) -> None:
    """Start the round."""
    table.deal = new


def on_turn(table: Table, entry: Entry) -> tuple[Deal, int]:
    """The deal and seat of a turn entry, if a turn is being played and it is that seat's (R-4)."""
    d = table.deal
    if table.tracking != "full":
        raise Malformed("a results-tracking table takes `deal` and `round` entries, not %(type)s", type=entry.type)
    seat = seat_field(entry, len(table.players))
    if table.status == "finished":
        raise refuse("R-16", "the game is over")
    if d is None or d.phase not in TURN_PHASES:
        if d is None or d.phase == "deal":
            raise refuse("R-4", "no turn is being played: deal first")
        raise refuse("R-4", "no turn is being played: the round is over")
    if seat != d.turn:
        raise refuse("R-4", "it is %(turn)s's turn, not %(player)s's", turn=d.turn, player=seat)
    return d, seat


def check_draw(table: Table, entry: Entry) -> tuple[Deal, int, str]:
    """The player on turn takes one card a turn, the starter none on its first (R-3, R-4, R-17)."""
    source = entry.data.get("from")
    if source not in ("stock", "discard"):
        raise Malformed("draw needs `from`: stock or discard")
    d, seat = on_turn(table, entry)
    if d.phase == "discard":
        raise refuse("R-17", "the turn time ran out and the server took the card: discard the heaviest card")
    if d.phase == "play":
        if d.first_turn and seat == d.starter:
            raise refuse("R-3", "the starter holds 15 cards and takes no card on its first turn")
        raise refuse("R-4", "one card a turn: this turn has taken its card")
    if source == "discard" and not d.pile:
        raise refuse("R-4", "the discard pile is empty: take from the stock")
    return d, seat, source


def draw(table: Table, entry: Entry, checked: tuple[Deal, int, str]) -> dict | None:
    """Take the top of the stock or of the discard pile (R-4), reshuffling an empty stock (R-15)."""
    d, seat, source = checked
    if source == "discard":
        card = d.pile.pop()
        d.known[seat].append(card)
        d.pickup = d.took = card
        d.hand_sizes[seat] += 1
    elif not take_stock(d, seat):
        return {"blocked": True, "rules": ["R-15"]}
    d.drawn = True
    d.phase = "play"
    return None


def take_stock(d: Deal, seat: int) -> bool:
    """Give `seat` the stock's top card, reshuffling the pile if the stock is empty (R-15).

    Return False when the round is blocked instead: a fourth reshuffle, or nothing to recycle.
    """
    if d.stock == 0:
        if d.reshuffles >= MAX_RESHUFFLES or len(d.pile) <= 1:
            block(d)
            return False
        for card in d.pile[:-1]:
            d.seen[card] -= 1  # back in the stock, face down: no longer seen (K-2)
        d.stock = len(d.pile) - 1
        del d.pile[:-1]
        d.reshuffles += 1
    d.stock -= 1
    d.hand_sizes[seat] += 1
    return True


def block(d: Deal) -> None:
    """R-15: the round is blocked; every player enters their hand, nobody wins."""
    d.blocked = True
    d.winner = None
    d.phase = "hands"
    d.turn = None
    d.pickup = d.took = None


def check_discard(table: Table, entry: Entry) -> tuple[Deal, int, Card, known.Plan]:
    """One card from the hand of the player on turn: not the card taken from the pile, nor before laying it or a
    retrieved joker (R-4, R-5, R-12); after a timeout the heaviest (R-17)."""
    card = card_field(entry)
    d, seat = on_turn(table, entry)
    if d.phase == "take":
        raise refuse("R-4", "take a card first: from the stock or the discard pile")
    if d.phase == "discard":
        heavier = [c for c in d.known[seat] if card_penalty(c) > card_penalty(card)]
        if heavier:
            raise refuse("R-17", "after a timeout the heaviest card goes: %(heaviest)s (%(weight)s) outweighs "
                         "%(card)s (%(points)s)", card=card.text, heaviest=heavier[0].text,
                         weight=card_penalty(heavier[0]), points=card_penalty(card))
    else:
        if d.pickup is not None:
            if card == d.pickup:  # R-5 *Reading*: the card taken, or its twin, the referee cannot tell apart
                raise refuse("R-5", "%(card)s was taken from the discard pile this turn: it cannot be discarded, "
                             "not even its twin; lay it down first", card=card.text)
            raise refuse("R-5", "%(card)s, taken from the discard pile, must be laid down this turn before the "
                         "discard", card=d.pickup.text)
        # R-5 *Reading*: once the card taken is laid on the table, its twin is another physical card and
        # may be discarded.
        if d.pending_jokers:
            raise refuse("R-12", "a retrieved joker must be laid down again (new meld or lay-off) "
                         "before the discard", card="JK")
    return d, seat, card, known.leave_hand(d, seat, (card,))


def discard(table: Table, entry: Entry, checked: tuple[Deal, int, Card, known.Plan]) -> dict | None:
    """End the turn with one card on the pile (R-4); the last card wins the round (R-13)."""
    d, seat, card, plan = checked
    known.commit(d, seat, (card,), plan)
    d.pile.append(card)
    if d.hand_sizes[seat] == 0:
        d.winner = seat
        d.phase = "hands"
        d.turn = None
        d.pickup = d.took = None
        return {"winner": seat, "rules": ["R-13"]}
    d.turn = (seat + 1) % d.players
    d.phase = "take"
    d.first_turn = d.drawn = False
    d.pickup = d.took = None
    d.pending_jokers = 0
    d.turn_started = entry.at
    return None
