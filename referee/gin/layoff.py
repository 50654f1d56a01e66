"""G-8: the other player's melds and lay-offs after a knock, and the knocker's arrangement that allows least.

The other lays off on the knocker's melds: a set's fourth card, or cards at a run's ends one after
another (a laid-off 9H lets a 10H follow). Each such place becomes a meld of her hand of its own:
the fourth card alone, or the cards from a run's end outwards (10H alone, 10H with JH...). Her own
melds and these then go through the one search (`referee.gin.packing`): two of them share no card,
so a card is laid off once, and the search finds the melds and lay-offs that leave her the lowest
deadwood. *Reading:* among the knocker's arrangements of lowest deadwood, the referee takes the one
after which her deadwood is highest (she lays off least); a tie goes to the one she lays off fewer
points on, then to the first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.cards import SUITS, Card, sort_key
from referee.gin.arrange import Arrangement
from referee.gin.melds import Meld, candidates
from referee.gin.packing import Packing
from referee.gin.values import count, value

LOWEST, HIGHEST = 1, 13  # G-1: the ace low only, so a run ends at the king


class Showing(NamedTuple):
    """The other's hand shown after a knock: her melds, what she laid off and her deadwood (G-8)."""

    melds: tuple[Meld, ...]
    laid_off: tuple[Card, ...]
    deadwood: tuple[Card, ...]
    points: int


class Proposal(NamedTuple):
    """A card she may lay off now, and the knocker's meld it goes on (its index in the arrangement)."""

    card: Card
    meld: int


def places(knocker: Sequence[Meld], cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The lay-offs these cards allow on the knocker's melds, each as the cards laid, in the order laid."""
    return [stretch for _, stretch in _stretches(knocker, cards)]


def _stretches(knocker: Sequence[Meld], cards: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
    """`places`, each with the index of the knocker's meld it is laid on."""
    held = set(cards)
    found: list[tuple[int, tuple[Card, ...]]] = []
    for at, meld in enumerate(knocker):
        if meld.kind == "set":
            found += [(at, (card,)) for card in _fourth(meld) if card in held]
        else:
            first, last = meld.cards[0], meld.cards[-1]
            found += [(at, s) for s in _outwards(range(first.rank - 1, LOWEST - 1, -1), first.suit, held)]
            found += [(at, s) for s in _outwards(range(last.rank + 1, HIGHEST + 1), last.suit, held)]
    return found


def laid_on(meld: Meld, card: Card) -> Meld:
    """The knocker's meld with a card laid off on it: a set's fourth card, or a run one longer (G-8)."""
    if meld.kind == "set":
        return Meld("set", (*meld.cards, card))
    return Meld("run", tuple(sorted((*meld.cards, card), key=lambda c: c.rank)))


def _fourth(meld: Meld) -> list[Card]:
    if len(meld.cards) == 4:
        return []
    rank = meld.cards[0].rank
    return [Card(rank, suit) for suit in SUITS if Card(rank, suit) not in meld.cards]


def _outwards(ranks: range, suit: str, held: set[Card]) -> list[tuple[Card, ...]]:
    """From a run's end outwards: each stretch of held cards that can be laid one after another."""
    laid: list[Card] = []
    found = []
    for rank in ranks:
        if Card(rank, suit) not in held:
            break
        laid.append(Card(rank, suit))
        found.append(tuple(laid))
    return found


def show(cards: Sequence[Card], knocker: Sequence[Meld] = ()) -> Showing:
    """The other's melds and lay-offs on the knocker's melds that leave her the lowest deadwood (G-6, G-8)."""
    own, laid = _plan(cards, knocker)
    melds = tuple(own.values())
    laid_off = tuple(card for _, stretch in laid for card in stretch)
    placed = {card for meld in melds for card in meld.cards} | set(laid_off)
    deadwood = tuple(sorted((card for card in cards if card not in placed), key=sort_key))
    return Showing(melds, laid_off, deadwood, count(deadwood))


def proposals(cards: Sequence[Card], knocker: Sequence[Meld]) -> list[Proposal]:
    """The cards she may lay off now, one tap each (G-8's *Reading*): of the lay-offs that leave her the lowest
    deadwood, the first card of each (a laid-off 9H lets a 10H follow: the 10H is proposed once the 9H is laid)."""
    _, laid = _plan(cards, knocker)
    return sorted((Proposal(stretch[0], at) for at, stretch in laid), key=lambda p: (p.meld, sort_key(p.card)))


def _plan(cards: Sequence[Card], knocker: Sequence[Meld]) -> tuple[dict[int, Meld], list[tuple[int, tuple[Card, ...]]]]:
    """Her melds (by mask) and her lay-offs (knocker's meld index, cards laid) that leave her the lowest deadwood:
    the knocker's places become melds of her hand of their own, and one search packs them with hers."""
    index = {card: i for i, card in enumerate(cards)}
    own = {c.mask: c.meld for c in candidates(cards)}
    laid: dict[int, tuple[int, tuple[Card, ...]]] = {}
    for at, stretch in _stretches(knocker, cards):
        mask = sum(1 << index[card] for card in stretch)
        if mask not in own:  # her own run already: she melds it
            laid.setdefault(mask, (at, stretch))
    packing = Packing([value(card) for card in cards], [*own, *laid]).one()
    return {mask: own[mask] for mask in packing if mask in own}, [laid[mask] for mask in packing if mask not in own]


def least_laid_off(choices: Sequence[Arrangement], cards: Sequence[Card]) -> tuple[Arrangement, Showing]:
    """Among the knocker's arrangements, the one that lets the other lay off least, and her hand shown (G-8)."""
    seen: dict[frozenset, Showing] = {}
    best: tuple[Arrangement, Showing] | None = None
    for arrangement in choices:
        where = frozenset(places(arrangement.melds, cards))
        if where not in seen:
            seen[where] = show(cards, arrangement.melds)
        shown = seen[where]
        if best is None or _allows_less(shown, best[1]):
            best = (arrangement, shown)
    if best is None:
        raise ValueError("no arrangement to choose from")
    return best


def _allows_less(shown: Showing, than: Showing) -> bool:
    """Her deadwood higher, or as high with fewer points laid off."""
    return (shown.points, -count(shown.laid_off)) > (than.points, -count(than.laid_off))
