"""Cards: notation (K-1), decks (K-2) and positions (K-3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from referee.violations import N_

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
JOKER_TEXT = "JK"

_SUIT_INPUT = {
    "C": "C", "D": "D", "H": "H", "S": "S",
    "♣": "C", "♦": "D", "♥": "H", "♠": "S",
    "♧": "C", "♢": "D", "♡": "H", "♤": "S",
}
_RANK_INPUT = {r: i + 1 for i, r in enumerate(RANKS)} | {"T": 10}


class CardError(ValueError):
    """A token that is not a card (K-1); `token` is the text as given."""

    rule = "K-1"

    key = N_("%(token)s is %(reason)s (K-1)")  # `reason` is itself a key: "not a card"

    def __init__(self, token: object, reason: str = "not a card"):
        self.token = token
        self.reason = reason
        super().__init__(f"{token!r} is {reason} (K-1)")

    def cause(self) -> dict:
        """Why, as a parameter of another message (`{"key", "params"}`)."""
        return {"key": self.key, "params": {"token": repr(self.token), "reason": self.reason}}


class Card(NamedTuple):
    """A card: rank 1..13 (A=1, J=11, Q=12, K=13) and suit, or a joker (rank 0)."""

    rank: int
    suit: str  # "" for a joker

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def text(self) -> str:
        """Canonical text (K-1): `10H`, `QS`, `JK`."""
        return JOKER_TEXT if self.rank == 0 else RANKS[self.rank - 1] + self.suit

    @property
    def symbol(self) -> str:
        """Display text with the suit symbol: `10♥`."""
        return JOKER_TEXT if self.rank == 0 else RANKS[self.rank - 1] + SYMBOLS[self.suit]

    @property
    def red(self) -> bool:
        return self.suit in ("H", "D")

    def __str__(self) -> str:
        return self.text


JOKER = Card(0, "")

_CACHE: dict[str, Card] = {}


def parse_card(token: object) -> Card:
    """Read one card in any accepted spelling (K-1); raise CardError otherwise."""
    if not isinstance(token, str):
        raise CardError(token, N_("not a card (a card is text like 10H or JK)"))
    cached = _CACHE.get(token)
    if cached is not None:
        return cached
    text = token.strip().upper()
    if text == JOKER_TEXT:
        card = JOKER
    else:
        if len(text) < 2 or text[-1] not in _SUIT_INPUT or text[:-1] not in _RANK_INPUT:
            raise CardError(token, N_("not a card"))
        card = Card(_RANK_INPUT[text[:-1]], _SUIT_INPUT[text[-1]])
    if len(_CACHE) < 4096:
        _CACHE[token] = card
    return card


def parse_cards(tokens: Iterable[object]) -> list[Card]:
    """Read a list of cards; the first bad token raises CardError naming it."""
    return [parse_card(t) for t in tokens]


def parse_bare(tokens: Iterable[object]) -> list[Card]:
    """Read cards given without announcements (K-1): a hand to value or to arrange holds cards, not places."""
    tokens = list(tokens)
    for token in tokens:
        if isinstance(token, str) and "=" in token:
            raise CardError(token, "an announced card; give the cards alone, e.g. JK")
    return [parse_card(t) for t in tokens]


def card_text(card: Card) -> str:
    return card.text


# K-2: a game plays its number of 52-card decks (`referee.game.Game.decks`: two unless it says otherwise, one at
# Gin) and its own number of jokers (`Game.jokers`).
COPIES = 2


def deck_size(jokers: int, decks: int = COPIES) -> int:
    """How many cards `decks` decks and `jokers` jokers hold (K-2)."""
    return 52 * decks + jokers


def full_deck(jokers: int, decks: int = COPIES) -> list[Card]:
    """Every card of `decks` decks and `jokers` jokers (K-2), copies included."""
    cards = [Card(r, s) for _ in range(decks) for s in SUITS for r in range(1, 14)]
    return cards + [JOKER] * jokers


def excess(cards: Iterable[Card], jokers: int, decks: int = COPIES) -> dict[Card, int]:
    """Cards seen more often than `decks` decks and `jokers` jokers hold them (K-2): card -> count."""
    counts = Counter(cards)
    over = {}
    for card, n in counts.items():
        limit = jokers if card.is_joker else decks
        if n > limit:
            over[card] = n
    return over


def sort_key(card: Card) -> tuple[int, int]:
    """Order for display: by suit, then rank; jokers last."""
    if card.is_joker:
        return (9, 0)
    return (SUITS.index(card.suit), card.rank)
