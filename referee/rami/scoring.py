"""The round's end: hands entered and scored (R-14), results tracking, the game's end (R-16)."""

from __future__ import annotations

from collections import Counter

from referee import adjust
from referee.cards import Card
from referee.entry import Entry
from referee.rami import quick
from referee.rami.fields import cards_of, seat_field, seat_key, whole
from referee.rami.hand import hand_value
from referee.rami.known import over_deck
from referee.rami.state import HAND, Deal, Table
from referee.violations import Malformed, Refusal, refuse


def check_hand(table: Table, entry: Entry) -> tuple[Deal, int, list[Card], Counter]:
    """A hand left at the round's end: its count, known cards and the deck must agree (R-14, K-2)."""
    if table.tracking != "full":
        raise Malformed("a results-tracking table enters hands in its `round` entry")
    cards = cards_of(entry.data.get("cards"), "cards", "hand")
    seat = seat_field(entry, len(table.players))
    d = table.deal
    if d is None or d.phase != "hands":
        raise refuse("R-14", "hands are entered when the round ends")
    if seat == d.winner:
        raise refuse("R-14", "%(player)s won the round and holds no card", player=seat)
    if seat in d.hands:
        raise refuse("R-14", "%(player)s's hand is already entered (correct it with void or replace)", player=seat)
    if len(cards) != d.hand_sizes[seat]:
        raise refuse("R-14", "%(player)s holds %(held)s cards, not %(n)s", player=seat, held=d.hand_sizes[seat],
                     n=len(cards))
    missing = Counter(d.known[seat]) - Counter(cards)
    if missing:
        raise refuse("R-14", "%(player)s's hand holds %(cards)s, known to be in it", card=next(iter(missing)).text,
                     player=seat, cards=[c.text for c in missing.elements()])
    fresh = Counter(cards) - Counter(d.known[seat])
    violations = over_deck(d.seen, fresh)
    if violations:
        raise Refusal(violations)
    return d, seat, cards, fresh


def hand(table: Table, entry: Entry, checked: tuple[Deal, int, list[Card], Counter]) -> dict | None:
    """Enter the hand; the last one owed scores the round (R-14)."""
    d, seat, cards, fresh = checked
    d.seen.update(fresh)
    d.known[seat] = []
    d.hands[seat] = cards
    if d.awaiting():
        return None
    return score(table, d, d.hands)


def check_round(table: Table, entry: Entry) -> tuple:
    """Results tracking: the round's winner (or none, blocked) and every other hand (R-14, R-15)."""
    if table.tracking != "results":
        raise Malformed("a fully tracked table enters the round's end as `discard` and `hand` entries")
    n = len(table.players)
    if "winner" not in entry.data:
        raise Malformed("round needs `winner`: a seat, or null for a blocked round")
    winner = entry.data["winner"]
    if winner is not None and (not whole(winner) or not 0 <= winner < n):
        raise Malformed("`winner` is a seat number from 0 to %(last)s, or null", last=n - 1)
    given = entry.data.get("hands", {} if "points" in entry.data else None)
    if not isinstance(given, dict):
        raise Malformed("round needs `hands`, {\"seat\": [cards]} for each player but the winner "
                        "(or `points`, {\"seat\": n}, for a quick score)")
    hands = {seat_key(k, n): cards_of(v, f"hands.{k}", "round", empty=True) for k, v in given.items()}
    points = quick.read_points(entry, n)  # quick scores: hands given as their points
    twice = sorted(hands.keys() & points.keys())
    if twice:
        raise Malformed("round: %(player)s's hand is given both in `hands` and in `points`", player=twice[0])
    d = table.deal
    if table.status == "finished":
        raise refuse("R-16", "the game is over")
    if d is None or d.phase != "result":
        raise refuse("R-3", "deal first: a round follows its deal")
    if winner in hands or winner in points:
        raise refuse("R-14", "%(player)s won the round and adds 0: no hand to enter", player=winner)
    owed = [s for s in range(n) if s != winner and s not in hands and s not in points]
    if owed:
        raise refuse("R-14", "every player but the winner enters a hand: missing %(players)s", players=owed)
    _check_sizes(hands)
    violations = over_deck(Counter(), Counter(c for cards in hands.values() for c in cards))
    violations += quick.points_violations(hands, points)
    if violations:
        raise Refusal(violations)
    return d, winner, hands, points


def round_result(table: Table, entry: Entry, checked: tuple) -> dict:
    """Score the round (R-14)."""
    d, winner, hands, points = checked
    d.winner, d.blocked = winner, winner is None
    d.hands = hands
    return score(table, d, hands, points)


def _check_sizes(hands: dict[int, list[Card]]) -> None:
    """Each hand left at the round's end holds a card at least (R-13) and at most a dealt hand (R-14)."""
    for seat, cards in hands.items():
        if not cards:
            raise refuse("R-13", "%(player)s cannot end the round without cards unless they won it", player=seat)
        if len(cards) > HAND:
            raise refuse("R-14", "%(player)s's hand shows %(n)s cards; a hand left when a round ends holds at most "
                         "%(most)s (R-3: %(most)s dealt, 15 to the starter; every turn ends with a discard)",
                         player=seat, n=len(cards), most=HAND)


def score(table: Table, d: Deal, hands: dict[int, list[Card]], points: dict[int, int] | None = None) -> dict:
    """Add each hand's value to its total (R-14); at the ceiling the lowest total wins (R-16).

    `points`: hands given as their points (a quick score), not refereed card by card.
    """
    points = points or {}
    scores = {s: (0 if s == d.winner else points[s] if s in points else hand_value(hands[s]))
              for s in range(len(table.players))}
    for seat, value in scores.items():
        table.totals[seat] += value
    rules = ["R-14", "R-15"] if d.blocked else ["R-13", "R-14"]
    if max(table.totals) >= table.options["ceiling"]:
        low = min(table.totals)
        table.status = "finished"
        table.winners = [s for s, t in enumerate(table.totals) if t == low]
        rules.append("R-16")
    result = {"deal": d.number, "winner": d.winner, "scores": {str(s): v for s, v in scores.items()}, "rules": rules}
    if points:
        result["refereed"] = False
    table.results.append(result)
    d.phase = "over" if table.status == "finished" else "deal"
    d.turn = None
    return result


def adjusted(table: Table, entry: Entry, checked) -> None:
    """E-5: a ruling adds to the totals; a game already over is won by the lowest total again (R-16). It never
    ends a game: the ceiling is looked at when a round ends."""
    adjust.fold(table, entry, checked)
    if table.status == "finished":
        low = min(table.totals)
        table.winners = [s for s, t in enumerate(table.totals) if t == low]
