"""Cases found in the rules audit of the continental table: unreadable entries before rules, and reveals
that cannot be a hand."""

import pytest

from referee.violations import Malformed, Refusal

from .continental_log import Play


def test_an_exit_showing_more_cards_than_the_decks_hold_is_malformed_and_not_written(dealt):
    runs = [["3C", "4C", "5C"]] * 40  # 120 cards
    with pytest.raises(Malformed, match="106"):
        dealt.exit(1, runs)
    assert len(dealt.entries) == 2 and dealt.deal_view["exit_window"][0]["rule"] == "C-5"


def test_an_exit_of_a_great_many_empty_runs_is_malformed(dealt):
    with pytest.raises(Malformed, match="runs"):
        dealt.exit(1, [[]] * 500)


def test_an_exit_of_sixteen_cards_is_still_a_fact_judged_invalid(dealt):
    verdict = dealt.exit(1, [["3C", "4C", "5C", "6C"], ["6D", "7D", "8D"], ["9H", "10H", "JH"], ["QS", "KS", "AS"],
                             ["4H", "5H", "6H"]])
    assert verdict["valid"] is False and {v["rule"] for v in verdict["violations"]} == {"C-6"}


def test_a_deal_with_a_dealer_that_is_not_a_seat_is_malformed_even_after_the_session():
    play = Play(tracking="results")
    for dealer in range(4):
        play.enter("deal", dealer=dealer)
        play.enter("null_deal")
    assert play.view["status"] == "finished"
    with pytest.raises(Malformed):
        play.enter("deal", dealer="0")
    with pytest.raises(Refusal) as refused:
        play.enter("deal", dealer=0)
    assert [v.rule for v in refused.value.violations] == ["C-15"]


def test_a_deal_with_an_upcard_that_is_not_a_card_is_refused_as_k1_even_while_a_deal_is_played(dealt):
    from referee.cards import CardError

    with pytest.raises(CardError):
        dealt.enter("deal", dealer=1, upcard="ZZ")
