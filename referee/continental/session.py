"""The session (C-1, C-2, C-15): the table, its deals in seat order, the balances and winners."""

from __future__ import annotations

from referee import adjust, confirmations
from referee.continental.fields import read_card, read_seat
from referee.continental.state import DECK, ENDED, HAND, RESULT, SEATS, TAKE, Deal, Table
from referee.entry import Entry, read_create
from referee.violations import N_, Malformed, Refusal, Violation, refuse


def normalise_options(options: dict | None) -> dict:
    """Continental takes no options: refuse any, naming it."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise Malformed("options must be a JSON object (continental takes none), not %(value)s", value=repr(options))
    if options:
        raise Malformed("continental takes no options: %(names)s is not one", names=sorted(map(str, options)))
    return {}


def create(entry: Entry) -> Table:
    """Entry 1: 4 or 5 players (C-1), no options, full or results tracking."""
    players, tracking = read_create(entry, SEATS, "C-1", "Rami continental")
    normalise_options(entry.data.get("options"))
    return Table(players=players, tracking=tracking, balances=[0] * len(players),
                 confirmations={} if confirmations.asked(entry) else None)


def not_over(table: Table, what: str) -> None:
    """C-15: nothing is played after the session's last deal."""
    if table.finished:
        raise refuse("C-15", "the session is over (every player has dealt once): no more %(what)s", what=what)


def deal_in_play(table: Table, what: str) -> Deal:
    """The deal an entry belongs to; refuse between deals (C-2)."""
    deal = table.deal
    if deal is None or deal.phase == ENDED:
        not_over(table, what)
        if table.next_dealer is None:
            raise refuse("C-2", "no deal is being played: any seat deals next")
        raise refuse("C-2", "no deal is being played: %(dealer)s deals next", dealer=table.next_dealer)
    return deal


def check_deal(table: Table, entry: Entry) -> Deal:
    """C-2, C-15: the first deal names the first dealer; each later one is the next seat's. Give the new deal."""
    n = table.n
    dealer = read_seat(entry.data.get("dealer"), n, "deal", "dealer")  # a readable entry first (400)
    upcard = read_card(entry.data.get("upcard")) if table.tracking == "full" else None
    not_over(table, N_("deals"))
    deal = table.deal
    if deal is not None and deal.phase != ENDED:
        raise refuse("C-2", "deal %(number)s is still being played; it ends with a valid exit or a null deal",
                     number=deal.number)
    expected = table.next_dealer
    if expected is not None and dealer != expected:
        raise Refusal([
            Violation("C-2", N_("the deal passes to the next seat: %(dealer)s deals now, not %(player)s"),
                      {"dealer": expected, "player": dealer}),
            Violation("C-15", N_("every player deals once, in seat order from %(first)s"), {"first": table.first_dealer}),
        ])
    number = table.deals_done + 1
    if upcard is None:  # results tracking: no cards are followed
        new = Deal(number, dealer, RESULT)
    else:
        stock = DECK - HAND * n - 1
        new = Deal(number, dealer, TAKE, turn=(dealer + 1) % n, stock=stock, pile=[upcard],
                   known=[[] for _ in range(n)], seen={upcard: 1}, taken=[0] * n, c5_used=[None] * n)
    return new


def start_deal(table: Table, entry: Entry, new: Deal) -> None:
    """Play the new deal; the first one names the first dealer (C-15)."""
    if table.first_dealer is None:
        table.first_dealer = new.dealer
    table.deal = new


def _playing(table: Table) -> Deal:
    """The deal that a win, a null deal or an end closes: the entry's check found it (deal_in_play)."""
    if table.deal is None:
        raise AssertionError("a deal ends only while one is played")
    return table.deal


def win(table: Table, seat: int, per_opponent: int, rules: list[str]) -> None:
    """C-12: each opponent transfers `per_opponent` to the winner; the balances keep summing to zero."""
    scores = {}
    for other in range(table.n):
        delta = per_opponent * (table.n - 1) if other == seat else -per_opponent
        table.balances[other] += delta
        scores[str(other)] = delta
    end_deal(table, {"deal": _playing(table).number, "winner": seat, "scores": scores, "rules": rules})


def null_deal(table: Table) -> None:
    """C-14: a null deal moves nothing and counts as the dealer's deal (C-15)."""
    scores = {str(seat): 0 for seat in range(table.n)}
    end_deal(table, {"deal": _playing(table).number, "winner": None, "scores": scores, "rules": ["C-14"]})


def end_deal(table: Table, result: dict) -> None:
    """Close the deal; after the last one the highest balance wins, ties all win (C-15)."""
    deal = _playing(table)
    deal.phase, deal.turn, deal.after_discard, deal.pickup = ENDED, None, None, None
    table.results.append(result)
    table.deals_done += 1
    if table.deals_done == table.n:
        best = max(table.balances)
        table.winners = [seat for seat, balance in enumerate(table.balances) if balance == best]


def adjusted(table: Table, entry: Entry, checked) -> None:
    """E-5: a ruling adds to the balances; on a finished session the highest balance wins again (C-15)."""
    adjust.fold(table, entry, checked)
    if table.finished:
        best = max(table.balances)
        table.winners = [seat for seat, balance in enumerate(table.balances) if balance == best]
