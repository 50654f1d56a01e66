"""The knock judge says what the naive exhaustive reference says, and what it lays out adds up.

On random deals (mostly no knock), near-knocks (melds, a little deadwood, the other's cards near
them) and narrow decks (few ranks: many sets, runs and lay-offs), the judge's validity, gin,
deadwoods and score equal the reference's, which tries every set of disjoint melds and every
order of lay-offs; its melds are melds of the hand, and its counts are the cards it left out.
"""

import random

import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.gin_hands import near_knock
from referee.cards import Card, parse_card
from referee.gin.knock import judge_knock
from referee.gin.values import DECK

COMPARED = ("valid", "gin", "deadwood", "other_deadwood", "score")
NARROW = [[Card(r, s) for s in "CDHS" for r in range(1, 6)], [Card(r, s) for s in "CHS" for r in range(1, 8)]]
MANY = settings(max_examples=150)


def deals(deck):
    return st.permutations(deck).map(lambda cards: (list(cards[:10]), list(cards[10:20])))


near_knocks = st.randoms(use_true_random=False).map(lambda rng: near_knock(random.Random(rng.random())))
narrow = st.sampled_from(NARROW).flatmap(deals)


def same_as_reference(hand, other):
    verdict = judge_knock([c.text for c in hand], [c.text for c in other])
    expected = reference.judge(hand, other)
    assert {k: verdict[k] for k in COMPARED if k in expected} == expected
    laid_out_adds_up(verdict, hand, other)


def laid_out_adds_up(verdict, hand, other):
    """Every meld is a meld of the hand's own cards, none shared, and the deadwood is the rest's count."""
    melds = [[parse_card(t) for t in meld] for meld in verdict["melds"]]
    assert all(reference.is_meld(tuple(m)) for m in melds)
    melded = [c for m in melds for c in m]
    assert len(melded) == len(set(melded)) and set(melded) <= set(hand)
    assert verdict["deadwood"] == sum(reference.value(c) for c in hand if c not in melded)
    if verdict["valid"]:
        theirs = [[parse_card(t) for t in meld] for meld in verdict["other_melds"]]
        laid = [parse_card(t) for t in verdict["laid_off"]]
        placed = [c for m in theirs for c in m] + laid
        assert all(reference.is_meld(tuple(m)) for m in theirs)
        assert len(placed) == len(set(placed)) and set(placed) <= set(other)
        assert verdict["other_deadwood"] == sum(reference.value(c) for c in other if c not in placed)
        assert not laid or not verdict["gin"]


@MANY
@given(deals(DECK))
def test_random_deals_are_judged_as_the_reference_judges_them(hands):
    same_as_reference(*hands)


@MANY
@given(near_knocks)
def test_near_knocks_are_judged_as_the_reference_judges_them(hands):
    same_as_reference(*hands)


@MANY
@given(narrow)
def test_hands_from_a_narrow_deck_are_judged_as_the_reference_judges_them(hands):
    same_as_reference(*hands)


@pytest.mark.slow
def test_two_thousand_seeded_near_knocks_agree_with_the_reference():
    rng = random.Random(31)
    for _ in range(2000):
        same_as_reference(*near_knock(rng))
