"""Quick scores with results tracking: an exit given by its counts is settled exactly as C-12 says."""

from __future__ import annotations

import pytest

from referee.continental.exit import TIMINGS, judge_exit, parse_exit
from referee.violations import Malformed, Refusal

from .continental_log import PLAIN_EXIT, Play

SUITS = "CDHSC"  # five runs in four suits: not one suit
STARTS = (3, 6, 9, 12, 3)  # 3-4-5, 6-7-8, 9-10-J, Q-K-A, 3-4-5
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}


def exit_with(twos: int, jokers: int, one_suit: bool) -> list[list[str]]:
    """Fifteen cards in five runs of three with these wilds: a natural at the start of each run, then
    the wilds (2s first) in the runs' other places, announced (C-9)."""
    wilds = [f"2{s}" for s in "CCDDHHSS"][:twos] + ["JK"] * jokers
    runs = []
    for i, start in enumerate(STARTS):
        suit = "H" if one_suit else SUITS[i]
        run = []
        for place in range(start, start + 3):
            card = RANKS.get(place, str(place)) + suit
            run.append(f"{wilds.pop(0)}={card}" if place != start and wilds else card)
        runs.append(run)
    return runs


@pytest.fixture
def results() -> Play:
    play = Play(tracking="results")
    play.enter("deal", dealer=0)
    return play


def quick(play: Play, seat: int, **counts) -> dict:
    timing = counts.pop("timing", None)
    return play.enter("exit", seat, counts=counts, **({"timing": timing} if timing else {}))


@pytest.mark.parametrize("timing", TIMINGS)
@pytest.mark.parametrize("one_suit", (False, True))
@pytest.mark.parametrize("jokers", (0, 1, 2))
@pytest.mark.parametrize("twos", range(9))
def test_every_count_the_referee_takes_is_some_valid_exit_and_settles_like_its_cards(twos, jokers, one_suit, timing):
    cards = judge_exit(parse_exit(exit_with(twos, jokers, one_suit)), 4, timing)
    assert cards.valid, cards.violations
    by_cards, by_counts = Play(tracking="results"), Play(tracking="results")
    for play in (by_cards, by_counts):
        play.enter("deal", dealer=0)
    by_cards.exit(2, exit_with(twos, jokers, one_suit), timing=timing)
    verdict = quick(by_counts, 2, twos=twos, jokers=jokers, one_suit=one_suit, timing=timing)
    assert verdict["settlement"] == cards.settlement.to_dict()
    assert by_counts.balances() == by_cards.balances()
    assert sum(by_counts.balances()) == 0


def test_the_seed_example_by_counts_takes_eleven_from_each_opponent(results):
    verdict = quick(results, 3)  # no 2, no joker, not first turn, one suit false: 1 + 10
    assert verdict == {"valid": True, "violations": [], "refereed": False,
                       "settlement": {"per_opponent": 11, "winner_gain": 33,
                                      "parts": {"out": 1, "wilds": 10, "first_turn": 0, "one_suit": 0}}}
    assert results.balances() == [-11, -11, -11, 33]


def test_a_quick_exit_is_marked_not_refereed_in_the_results_and_a_card_exit_is_not(results):
    quick(results, 1, twos=2, jokers=1)  # 1 + (2 + 2) = 5 from each
    results.enter("deal", dealer=1)
    results.exit(2)
    first, second = results.view["results"]
    assert first["refereed"] is False and first["scores"] == {"0": -5, "1": 15, "2": -5, "3": -5}
    assert "refereed" not in second and second["scores"]["2"] == 33


@pytest.mark.parametrize("counts, shown", [({"twos": 9}, "9 twos"), ({"jokers": 3}, "3 jokers")])
def test_counts_no_hand_of_these_decks_holds_are_refused_naming_the_player(results, counts, shown):
    with pytest.raises(Refusal) as refused:
        quick(results, 2, **counts)
    assert refused.value.rules == ["K-2"] and refused.value.status == 422
    violation = refused.value.violations[0]
    assert violation.params["player"] == 2 and shown in violation.message  # the edge says "Chloé"
    assert len(results.entries) == 2 and results.balances() == [0, 0, 0, 0]


@pytest.mark.parametrize("counts", ["3 twos", {"twos": -1}, {"twos": True}, {"jokers": 1.5}, {"one_suit": "yes"},
                                    {"twos": 1, "queens": 2}])
def test_unreadable_counts_are_malformed(results, counts):
    with pytest.raises(Malformed, match="counts"):
        results.enter("exit", 1, counts=counts)


def test_an_exit_gives_runs_or_counts_not_both_nor_neither(results):
    with pytest.raises(Malformed, match="not both"):
        results.enter("exit", 1, runs=PLAIN_EXIT, counts={"twos": 0})
    with pytest.raises(Malformed, match="counts"):
        results.enter("exit", 1)


def test_counts_are_for_results_tracking_only(dealt):
    with pytest.raises(Malformed, match="results tracking"):
        dealt.enter("exit", 1, counts={"twos": 0})


def test_no_quick_exit_between_deals(results):
    quick(results, 1)
    with pytest.raises(Refusal) as refused:
        quick(results, 2)
    assert refused.value.rules == ["C-2"]


def test_a_session_of_quick_scores_ends_after_the_last_deal_with_the_highest_balance():
    play = Play(players=4, tracking="results")
    for dealer, (winner, counts) in enumerate([(1, {}), (2, {"jokers": 2}), (1, {"timing": "first_turn"}),
                                               (3, {"twos": 1, "one_suit": True})]):
        play.enter("deal", dealer=dealer)
        quick(play, winner, **counts)
    # per opponent: 11; 1 + 4 = 5; 1 + 10 + 7 = 18; 1 + 1 + 10 = 12
    assert play.balances() == [-46, 3 * 11 - 5 + 3 * 18 - 12, -11 + 15 - 18 - 12, -11 - 5 - 18 + 36]
    assert sum(play.balances()) == 0
    assert play.view["status"] == "finished" and play.view["winners"] == [1]
    with pytest.raises(Refusal) as refused:
        play.enter("deal", dealer=0)
    assert refused.value.rules == ["C-15"]


def test_a_quick_exit_can_be_voided_or_replaced_by_its_cards_which_are_then_refereed(results):
    quick(results, 1, twos=3)
    results.enter("void", target=3)
    assert results.balances() == [0, 0, 0, 0] and results.deal_view["phase"] == "result"
    quick(results, 2, jokers=1)
    results.enter("replace", target=5, entry={"type": "exit", "seat": 2, "runs": PLAIN_EXIT[:4] + [["4H", "4H", "5H"]]})
    verdict = results.replay.verdicts[5]
    assert verdict["valid"] is False and "refereed" not in verdict  # the cards are judged: not a valid exit
    assert results.balances() == [0, 0, 0, 0]
    results.enter("replace", target=5, entry={"type": "exit", "seat": 2, "runs": PLAIN_EXIT})
    assert results.replay.verdicts[5]["valid"] is True and results.balances() == [-11, -11, 33, -11]


INVALID = [["3C", "4C", "5C"], ["6D", "7D", "8D"], ["9H", "10H", "JH"], ["QS", "KS", "AS"], ["4H", "5H", "5H"]]


@pytest.mark.parametrize("tried, claimed", [("without_drawing", "without_drawing"), ("first_turn", "first_turn"),
                                            ("first_turn", "without_drawing")])
def test_a_quick_exit_cannot_claim_the_moment_an_invalid_attempt_used_up(results, tried, claimed):
    """C-13, E-2 Reading: after a failed exit without drawing the player draws; after a failed first-turn exit
    the next player plays. Each opponent would pay 21 or 18 instead of 11."""
    assert results.exit(1, INVALID, timing=tried)["valid"] is False
    with pytest.raises(Refusal) as refused:
        quick(results, 1, twos=0, jokers=0, timing=claimed)
    assert set(refused.value.rules) == {"C-13", "C-5" if claimed == "without_drawing" else "C-4"}
    assert refused.value.violations[0].params == {"player": 1}
    assert results.balances() == [0, 0, 0, 0]
    assert quick(results, 1, twos=0, jokers=0)["settlement"]["per_opponent"] == 11  # a later exit still counts


def test_a_refused_moment_is_also_refused_to_an_exit_by_its_runs(results):
    results.exit(2, INVALID, timing="without_drawing")
    with pytest.raises(Refusal) as refused:
        results.exit(2, timing="without_drawing")
    assert "C-13" in refused.value.rules


def test_a_failed_exit_without_drawing_leaves_the_first_turn_exit_and_other_players_untouched(results):
    results.exit(1, INVALID, timing="without_drawing")
    assert quick(results, 3, twos=0, jokers=0, timing="without_drawing")["settlement"]["per_opponent"] == 21
    results.enter("deal", dealer=1)
    assert quick(results, 1, twos=0, jokers=0, timing="without_drawing")["valid"] is True  # a new deal


def test_after_a_failed_exit_without_drawing_the_first_turn_exit_stays_open(results):
    results.exit(1, INVALID, timing="without_drawing")
    assert quick(results, 1, twos=0, jokers=0, timing="first_turn")["settlement"]["per_opponent"] == 18
