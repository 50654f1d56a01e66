"""A scorekeeping table (results tracking): a deal, then an exit judged on its cards (C-6..C-12) or a null deal."""

from __future__ import annotations

import pytest

from referee.violations import Malformed, Refusal

from .continental_log import PLAIN_EXIT, Play


@pytest.fixture
def results() -> Play:
    play = Play(tracking="results")
    play.enter("deal", dealer=0)
    return play


def test_a_results_deal_names_only_its_dealer_and_waits_for_the_outcome(results):
    deal = results.deal_view
    assert (deal["number"], deal["dealer"], deal["phase"], deal["may"]) == (1, 0, "result", ["exit", "null_deal"])
    assert deal["stock"] is None and deal["discard_top"] is None


def test_a_results_deal_takes_no_upcard():
    play = Play(tracking="results")
    with pytest.raises(Malformed, match="upcard"):
        play.enter("deal", dealer=0, upcard="7H")


@pytest.mark.parametrize("timing, per_opponent", [("later", 11), ("first_turn", 18), ("without_drawing", 21)])
def test_an_exit_is_settled_with_the_timing_the_table_gives(results, timing, per_opponent):
    verdict = results.exit(3, timing=timing)
    assert verdict["settlement"]["per_opponent"] == per_opponent
    assert results.balances() == [-per_opponent, -per_opponent, -per_opponent, 3 * per_opponent]


def test_the_timing_defaults_to_a_later_turn(results):
    assert results.exit(1)["settlement"]["per_opponent"] == 11


def test_an_unknown_timing_is_malformed(results):
    with pytest.raises(Malformed, match="timing"):
        results.exit(1, timing="second_turn")


def test_an_invalid_exit_is_written_and_the_deal_goes_on(results):
    verdict = results.exit(1, PLAIN_EXIT[:4] + [["4H", "5H", "5H"]])
    assert verdict["valid"] is False and {"C-7", "C-10"} & {v["rule"] for v in verdict["violations"]}
    assert results.deal_view["phase"] == "result" and results.balances() == [0, 0, 0, 0]
    assert results.exit(2)["valid"] is True


def test_a_null_deal_moves_nothing_and_passes_the_deal_on(results):
    results.enter("null_deal")
    assert results.balances() == [0, 0, 0, 0]
    assert results.view["results"][0]["rules"] == ["C-14"]
    assert results.deal_view["next_dealer"] == 1


def test_a_null_deal_is_for_results_tracking_only(dealt):
    with pytest.raises(Refusal) as refused:
        dealt.enter("null_deal")
    assert refused.value.rules == ["C-14"]


def test_no_exit_between_deals(results):
    results.enter("null_deal")
    with pytest.raises(Refusal) as refused:
        results.exit(1)
    assert refused.value.rules == ["C-2"]


def test_a_results_session_of_five_deals_ends_with_the_winners():
    play = Play(players=5, tracking="results")
    for dealer, winner in zip((3, 4, 0, 1, 2), (0, 0, None, 4, 4), strict=True):
        play.enter("deal", dealer=dealer)
        play.enter("null_deal") if winner is None else play.exit(winner)
    assert play.balances() == [66, -44, -44, -44, 66]  # two wins of 4 x 11 each, two losses of 11
    assert play.view["winners"] == [0, 4] and play.view["status"] == "finished"
