"""C-6..C-10 and K-2: judging a declared Continental exit, every violation with its rule and run."""

import pytest
from exit_strategies import DECK, WILDS, texts, valid_exits
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.continental import exit as exit_module
from referee.continental.exit import judge_exit, parse_exit
from referee.melds import Placed, parse_placed

NATURALS = [c for c in DECK if c not in WILDS]
SEED = [["3C", "4C", "5C"], ["6S", "7S", "8S"], ["9H", "10H", "JH"], ["QD", "KD", "AD"], ["9C", "10C", "JC"]]


def judge(runs, **kwargs):
    return judge_exit(parse_exit(runs), **kwargs)


def found(verdict):
    return [(v.rule, v.run) for v in verdict.violations]


def with_run(index, run):
    return SEED[:index] + [run] + SEED[index + 1:]


def test_the_seed_s_exit_is_valid():
    verdict = judge(SEED)
    assert verdict.valid and verdict.violations == [] and verdict.settlement.per_opponent == 11


@pytest.mark.parametrize("run", [
    ["JK=3C", "4C", "5C"], ["AH", "2H", "3H"], ["2D=AC", "2C", "3C"], ["QS", "KS", "JK=AS"], ["JK=2H", "3H", "4H"],
])
def test_wilds_at_their_announced_places_and_a_2_at_its_own_are_valid(run):
    assert judge(with_run(0, run)).valid


@pytest.mark.parametrize("runs, expected", [
    (SEED[:4] + [["9C", "10C"]], [("C-6", None), ("C-7", 5)]),
    ([["3C", "4C", "5C", "6C", "7C", "8C"]] + SEED[1:4], [("C-6", None)]),
    (with_run(0, ["JK=3C", "2D=4C", "2C=5C"]), [("C-8", 1)]),
    (with_run(1, ["6S", "JK", "8S"]), [("C-9", 2)]),
    (with_run(2, ["9H", "JK=QH", "JH"]), [("C-9", 3)]),
    (with_run(2, ["9H", "10S", "JH"]), [("C-7", 3)]),
    (with_run(3, ["KD", "AD", "2D"]), [("C-7", 4)]),
    (with_run(1, ["7S", "7S", "8S"]), [("C-10", 2)]),
])
def test_a_fault_is_named_by_its_rule_and_run(runs, expected):
    verdict = judge(runs)
    assert not verdict.valid and verdict.settlement is None
    assert found(verdict) == expected


def test_every_violation_is_reported_not_just_the_first():
    runs = [["3C", "4C", "6C"], ["6S", "JK", "8S"], ["9H", "10S", "JH"], ["JK=3D", "2D=4D", "2C=5D"],
            ["9C", "9C", "JC"]]
    rules = found(judge(runs))
    assert ("C-7", 1) in rules and ("C-9", 2) in rules and ("C-7", 3) in rules
    assert ("C-8", 4) in rules and ("C-10", 5) in rules


def test_a_card_seen_three_times_breaks_k_2():
    verdict = judge([["7H", "8H", "9H"], ["6H", "7H", "8H"], ["5H", "6H", "7H"], SEED[3], SEED[4]])
    assert ("K-2", None) in found(verdict)
    k2 = next(v for v in verdict.violations if v.rule == "K-2")
    assert k2.card == "7H" and "3 times" in k2.message


def test_three_jokers_break_k_2_even_when_every_run_is_fine():
    runs = [["JK=3C", "4C", "5C"], ["6S", "JK=7S", "8S"], ["9H", "JK=10H", "JH"], SEED[3], SEED[4]]
    assert found(judge(runs)) == [("K-2", None)]


def test_a_wrap_through_the_ace_says_it_wraps():
    verdict = judge(with_run(0, ["KH", "AH", "2H=3H"]))
    assert not verdict.valid and any("wraps" in v.message for v in verdict.violations)


def test_a_wild_announced_in_another_suit_says_which_suit_the_run_is():
    verdict = judge(with_run(1, ["6S", "JK=7H", "8S"]))
    assert found(verdict) == [("C-9", 2)]
    assert "spades" in verdict.violations[0].message and "7S" in verdict.violations[0].message


def test_a_2_of_another_suit_must_be_announced():
    verdict = judge(with_run(0, ["AC", "2D", "3C"]))
    assert found(verdict) == [("C-9", 1)] and "2D" in verdict.violations[0].message


def test_a_2_never_is_the_natural_a_run_needs():
    assert ("C-8", 1) in found(judge(with_run(0, ["2C", "JK=3C", "2D=4C"])))


def test_a_valid_exit_comes_back_in_position_order():
    verdict = judge([["5C", "3C", "4C"], ["AD", "QD", "KD"], ["8S", "JK=7S", "6S"], SEED[2], SEED[4]])
    assert texts(verdict.runs)[:3] == [["3C", "4C", "5C"], ["QD", "KD", "AD"], ["6S", "JK=7S", "8S"]]


@settings(max_examples=60)
@given(valid_exits())
def test_every_exit_built_valid_is_accepted_in_position_order(runs):
    verdict = judge_exit(runs)
    assert verdict.valid, verdict.violations
    for laid in verdict.runs:
        places = [(p.announced or p.card).rank for p in laid]
        if places[-1] == 1 and len(laid) > 1 and places[-2] == 13:
            places[-1] = 14
        assert places == list(range(places[0], places[0] + len(laid)))


@st.composite
def spoiled_exits(draw):
    """Take a valid exit and spoil one card: swap it, drop its announcement, or announce it elsewhere."""
    runs = [list(run) for run in draw(valid_exits())]
    r = draw(st.integers(0, len(runs) - 1))
    i = draw(st.integers(0, len(runs[r]) - 1))
    card, announced = runs[r][i]
    change = draw(st.sampled_from(["drop", "shift", "wild", "natural"]))
    if change == "drop":
        runs[r][i] = Placed(card)
    elif change == "shift" and announced is not None:
        runs[r][i] = Placed(card, announced._replace(rank=max(1, (announced.rank + 3) % 14)))
    elif change == "wild":
        runs[r][i] = Placed(draw(st.sampled_from(WILDS)), None)
    else:
        runs[r][i] = Placed(draw(st.sampled_from(NATURALS)))
    return runs


@settings(max_examples=150)
@given(spoiled_exits())
def test_the_quick_path_and_the_full_judge_agree(runs):
    # The judge accepts most exits on a quick path; the full one must reach the same verdict.
    full = exit_module._judge_faults(runs, 4, "later")
    verdict = judge_exit(runs)
    assert verdict.valid == full.valid
    if verdict.valid:
        assert verdict.settlement == full.settlement
    else:
        assert verdict.violations and all(v.rule in ("C-6", "C-7", "C-8", "C-9", "C-10", "K-2")
                                           for v in verdict.violations)


def test_a_set_is_refused_as_a_set_not_as_a_run_of_several_suits():
    """Issue 18, item 10: "no sets in Continental" (C-6), not "a run is of one suit" (C-7)."""
    runs = [["7C", "7D", "JK=7H"], ["3C", "4C", "5C"], ["8D", "9D", "10D"], ["JS", "QS", "KS"], ["4S", "5S", "6S"]]
    verdict = judge_exit([[parse_placed(c) for c in run] for run in runs])
    said = [(v.rule, v.run, v.message) for v in verdict.violations]
    assert said == [("C-6", 1, "no sets in Continental: 7C, 7D, JK=7H is a set, cards of one rank; every card "
                               "stands in a run of one suit")]


def test_a_shape_that_is_not_allowed_is_said_in_the_plural():
    runs = [["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"], ["KH", "JK=AH", "2C"]]
    verdict = judge_exit([[parse_placed(c) for c in run] for run in runs])
    assert verdict.violations[0].message.startswith("runs of 12+3 are not an allowed shape")
