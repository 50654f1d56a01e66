"""Rami's stateless judges (API.md, "Stateless referee"): a meld judged and valued, a hand valued.

Each reads card texts and answers as the API writes it (a bad card raises `CardError`, K-1); the JSON API
reaches them through the game (`referee.game.Game.judges`).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import excess, parse_bare
from referee.game import Judge
from referee.melds import parse_meld
from referee.rami.hand import hand_value
from referee.rami.meld import check_meld
from referee.rami.state import JOKERS
from referee.violations import Refusal, Violation


def meld_verdict(cards: object) -> dict:
    """One meld judged (R-6, R-7) and valued (R-8): `{"valid", "kind", "value", "violations"}`."""
    verdict = check_meld(parse_meld(cards))
    return {"valid": verdict.valid, "kind": verdict.kind if verdict.valid else None,
            "value": verdict.value if verdict.valid else None,
            "violations": [v.to_dict() for v in verdict.violations]}


def hand_points(cards: Sequence[object]) -> dict:
    """What a hand left at the end of a round counts (R-14), `{"value"}`; a card more often than the decks hold
    it is refused (K-2)."""
    hand = parse_bare(cards)
    over = excess(hand, JOKERS)
    if over:
        raise Refusal([Violation("K-2", f"{card.text} appears {n} times; the decks hold {4 if card.is_joker else 2}",
                                 card=card.text) for card, n in over.items()])
    return {"value": hand_value(hand)}


JUDGES = {
    "meld": Judge(meld_verdict, "Judge a Rami meld and give its value", "CardsRequest", "MeldVerdict"),
    "hand-value": Judge(hand_points, "Give the value of a Rami hand (R-14)", "HandRequest", "HandValue",
                        refuses=True),  # K-2: a card more often than the decks hold
}
