"""Judge a knock from the two hands shown (G-5..G-9, G-12): the stateless judge's answer.

The knocker's cards are arranged for the lowest deadwood (G-6). Over 10 (G-7) the knock is not
valid (G-12): the verdict names the deadwood and its cards, and the score is None. Otherwise the
other shows her hand and lays off (G-8, none on a gin) and the hand is scored (G-9).
"""

from __future__ import annotations

from referee.gin.arrange import Arrangement, arrangements
from referee.gin.deck import check_deck, read_hand
from referee.gin.layoff import Showing, least_laid_off, show
from referee.gin.score import KNOCK_LIMIT, hand_score, may_knock
from referee.violations import N_, Violation

TOO_MUCH = N_("the best arrangement leaves %(deadwood)s of deadwood (%(cards)s): a knock needs %(limit)s or less "
              "(G-7)")


def judge_knock(hand: object, other: object) -> dict:
    """Judge a knock: `hand` the knocker's ten cards, `other` the other player's ten (K-1, K-2, G-2).

    Answers as `POST /api/v1/referee/gin/knock` does (docs/API.md); unreadable hands raise
    CardError, Malformed or Refusal, as the other stateless judges do.
    """
    knocker, shown = read_hand(hand, "hand"), read_hand(other, "other")
    check_deck(knocker, shown)
    found = arrangements(knocker)
    best = found[0]
    if not may_knock(best.points):
        return _invalid(best)
    if best.gin:
        return _valid(best, show(shown))
    return _valid(*least_laid_off(found, shown))


def _valid(arranged: Arrangement, other: Showing) -> dict:
    score = hand_score(arranged.points, other.points)
    return {"valid": True, "gin": arranged.gin, "melds": [meld.texts for meld in arranged.melds],
            "deadwood": arranged.points, "other_melds": [meld.texts for meld in other.melds],
            "laid_off": [card.text for card in other.laid_off], "other_deadwood": other.points,
            "score": score.to_dict(), "violations": []}


def _invalid(arranged: Arrangement) -> dict:
    """G-12: not a knock; the other shows nothing, so her side is empty and nothing is scored."""
    why = Violation("G-12", TOO_MUCH, {"deadwood": arranged.points, "cards": [c.text for c in arranged.deadwood],
                                      "limit": KNOCK_LIMIT})
    return {"valid": False, "gin": False, "melds": [meld.texts for meld in arranged.melds],
            "deadwood": arranged.points, "other_melds": [], "laid_off": [], "other_deadwood": None,
            "score": None, "violations": [why.to_dict()]}
