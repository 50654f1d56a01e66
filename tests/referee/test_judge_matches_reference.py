"""The fast exit judge and run check say exactly what the straightforward ones said.

Same verdict, same violations (rule, run, card and message, in the same order), same runs
in position order, same settlement: on random claims, near misses, valid exits and the
benchmark's corpus, for Continental and Rami wilds alike.
"""

import dataclasses
import random

import judge_reference as reference
import pytest
from exit_strategies import DECK, NARROW, valid_exits
from hypothesis import given, settings
from hypothesis import strategies as st
from test_continental_exit import spoiled_exits

from referee.cards import JOKER, Card
from referee.continental.exit import SHAPES, judge_exit
from referee.continental.exit import is_wild as continental_wild
from referee.melds import Placed, check_run
from referee.rami.meld import is_wild as rami_wild
from referee.runs import violation
from referee.violations import Violation

REAL = sorted(set(DECK))
RANKED = [c for c in REAL if c.rank]
FEW = [Card(r, s) for r in (1, 5, 7, 12) for s in "HS"] + [JOKER]  # a card often comes three times


def same_verdict(runs, players=4, timing="later"):
    got, want = judge_exit(runs, players, timing), reference.judge_exit(runs, players, timing)
    assert said(got.violations) == said(want.violations)  # the reference writes its messages as plain keys
    assert (got.valid, got.settlement, got.runs) == (want.valid, want.settlement, want.runs)
    assert [dropped(v) for v in got.to_dict()["violations"]] == [dropped(v) for v in want.to_dict()["violations"]]


def said(violations):
    return [(type(v), v.rule, v.message, v.run, v.meld, v.card, v.entry) for v in violations]


def dropped(v: dict) -> dict:
    return {k: value for k, value in v.items() if k not in ("key", "params")}


@st.composite
def placed(draw, pool=REAL):
    """A card as a player might write it: plain, a wild with or without its announcement, a natural announced."""
    card = draw(st.sampled_from(pool))
    kind = draw(st.integers(0, 5))
    if kind == 0 or (kind == 1 and card.rank in (0, 2)):
        return Placed(card, draw(st.sampled_from(RANKED)))
    if kind == 1:
        return Placed(card, card)
    return Placed(card)


@st.composite
def claims(draw, pool=REAL):
    """Any runs at all: the allowed shapes, or others, of cards from `pool`."""
    shape = draw(st.sampled_from(SHAPES + ((3, 3, 3, 3, 2), (6, 3, 3, 3), (1, 2), (0, 3, 3, 3, 3, 3))))
    return [draw(st.lists(placed(pool), min_size=n, max_size=n)) for n in draw(st.permutations(shape))]


@st.composite
def one_suit_runs(draw):
    """Runs that keep to one suit, where the judge must place every card: gaps, aces, repeats, wilds."""
    suit = draw(st.sampled_from("CDHS"))
    pool = [c for c in REAL if c.suit in (suit, "")] + [Card(2, s) for s in "CDHS"]
    announced = [Card(r, draw(st.sampled_from([suit, suit, suit, "H"]))) for r in range(1, 14)]
    cards = draw(st.lists(st.sampled_from(pool), min_size=0, max_size=7))
    return [Placed(c, draw(st.sampled_from([None] + announced)) if c.rank in (0, 2) else None) for c in cards]


@settings(max_examples=400)
@given(st.one_of(claims(), claims(NARROW), claims(FEW), spoiled_exits(), valid_exits(), valid_exits(one_suit=True)))
def test_the_judge_says_what_the_reference_says(runs):
    same_verdict(runs)


@settings(max_examples=300)
@given(st.lists(one_suit_runs(), min_size=1, max_size=6), st.sampled_from([4, 5]),
       st.sampled_from(["later", "first_turn", "without_drawing"]))
def test_the_judge_explains_one_suit_runs_as_the_reference_does(runs, players, timing):
    same_verdict(runs, players, timing)


@settings(max_examples=400)
@given(st.one_of(one_suit_runs(), st.lists(placed(), max_size=6), st.lists(placed(NARROW), max_size=6)),
       st.sampled_from([continental_wild, rami_wild]), st.booleans(),
       st.sampled_from([None, {}, {"run": 3}, {"meld": 2}, {"meld": 1, "entry": 7}]))
def test_the_run_check_says_what_the_reference_says(items, wild, own_twos, where):
    options = dict(own_place_twos=own_twos, where=where)
    if wild is continental_wild:
        options.update(run_rules=("C-7",), wild_rules=("C-9",), dup_rules=("C-10",))
    got, want = check_run(items, wild, **options), reference.check_run(items, wild, **options)
    assert (got.suit, got.ordered, said(got.violations), got.ok) == (want.suit, want.ordered, said(want.violations), want.ok)


def test_the_benchmark_corpus_is_judged_as_the_reference_judges_it():
    from bench.bench_referee import corpus, random_exit

    exits, _ = corpus(3000, seed=7)
    rng = random.Random(7)
    for runs in exits + [random_exit(rng, 0.6) for _ in range(300)]:
        same_verdict(runs)


@pytest.mark.parametrize("where", [{}, {"run": 2}, {"meld": 3, "entry": 9}])
def test_a_quick_violation_is_the_violation_its_constructor_builds(where):
    slow = Violation("C-9", "%(card)s is wild", {"card": "JK"}, card="JK", **where)
    quick = violation("C-9", "%(card)s is wild", "JK", params={"card": "JK"}, **where)
    assert quick == slow and hash(quick) == hash(slow) and repr(quick) == repr(slow)
    assert quick.to_dict() == slow.to_dict() and type(quick) is Violation and vars(quick) == vars(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.rule = "C-8"  # still frozen


def test_unusual_cards_are_named_as_the_reference_names_them():
    runs = [[Placed(Card(7, "H"), Card(7, "H")), Placed(JOKER, Card(8, "H")), Placed(Card(9, "H"))]] * 5
    same_verdict(runs)
    same_verdict([[Placed(Card(3, "X")), Placed(Card(4, "X")), Placed(Card(5, "X"))]])


@pytest.mark.parametrize("run", [
    ["5H", "6H", "9H", "2S", "JK=5C", "JK"], ["JK=5C", "2S", "JK", "5H", "6H"], ["AH", "KH", "2C", "JK"],
    ["AH", "QH", "3H", "2D=4D"], ["AH", "2H", "KH"], ["3H", "AH", "QH", "JK"], ["KH", "AH", "2S=3H"],
    ["QS", "KS", "AS", "2S"], ["AS", "3S", "4S", "JK", "2C"], ["10D", "JD", "KD", "2D=QC", "JK"],
])
def test_runs_of_one_suit_with_wilds_out_of_place_are_explained_as_the_reference_does(run):
    from referee.continental.exit import parse_exit

    seed = [["3C", "4C", "5C"], ["6S", "7S", "8S"], ["9H", "10H", "JH"], ["9C", "10C", "JC"]]
    for at in range(5):
        same_verdict(parse_exit(seed[:at] + [run] + seed[at:]))


def test_a_natural_in_three_runs_that_mix_suits_breaks_k_2():
    from referee.continental.exit import parse_exit

    runs = parse_exit([["7H", "9S", "KD"], ["7H", "3C", "5D"], ["7H", "10S", "QC"], ["4C", "8D", "JS"],
                       ["6C", "6D", "AS"]])
    same_verdict(runs)
    assert [v.rule for v in judge_exit(runs).violations][-1] == "K-2"


@pytest.mark.parametrize("tokens", [
    ["AH", "4H", "JK"], ["AH", "9H", "KH", "JK"], ["AH", "4H", "JK", "2H"], ["AH", "3H", "2H", "JK=9H"],
    ["QH", "AH", "2H", "JK"], ["KH", "AH", "2H=3H"], ["5H", "JK=5H", "6H"], ["5H", "2H=7H", "JK=7H", "8H"],
    ["2H", "2H", "3H"], ["JK=4S", "2S=5S", "JK"], ["7H=7H", "8H", "JK=9D"], ["3H", "9H", "2H", "JK=4H"],
])
@pytest.mark.parametrize("wild", [continental_wild, rami_wild])
def test_hard_runs_are_checked_as_the_reference_checks_them(tokens, wild):
    from referee.melds import parse_meld

    items = parse_meld(tokens)
    for own_twos in (False, True):
        got = check_run(items, wild, own_place_twos=own_twos)
        want = reference.check_run(items, wild, own_place_twos=own_twos)
        assert (got.suit, got.ordered, said(got.violations)) == (want.suit, want.ordered, said(want.violations))
    others = [[Placed(Card(r, s)) for r in (3, 4, 5)] for s in "CDS"] + [[Placed(Card(r, "C")) for r in (9, 10, 11)]]
    same_verdict([items, *others])
