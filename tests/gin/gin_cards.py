"""Hands written as the tests read them: `cards("5H 6H 7H")`, and a knock judged from two such hands."""

from __future__ import annotations

from referee.cards import Card, parse_cards
from referee.gin.knock import judge_knock


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def texts(melds) -> list[list[str]]:
    return [meld.texts for meld in melds]


def knock(hand: str, other: str) -> dict:
    return judge_knock(hand.split(), other.split())
