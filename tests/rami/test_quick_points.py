"""Quick scores with results tracking: a losing hand entered as its points (R-14), checked against the decks."""

import pytest
from rami_log import Game

from referee.cards import full_deck, parse_card
from referee.rami.hand import card_penalty, hand_value
from referee.rami.quick import points_violations
from referee.violations import Malformed


def scorekeeping(players=3, **options) -> Game:
    game = Game(players=players, tracking="results", **options)
    game.deal(0)
    return game


def reachable_with_14_cards() -> set[int]:
    """Every value some hand of 1 to 14 cards of the Rami decks is worth (an oracle, by dynamic programming)."""
    values = sorted(card_penalty(c) for c in full_deck(jokers=4))
    sums = [{0}] + [set() for _ in range(14)]  # sums[k]: values of k cards
    for value in values:
        for k in range(14, 0, -1):
            sums[k] |= {s + value for s in sums[k - 1]}
    return set().union(*sums[1:])


def test_a_round_by_points_scores_each_hand_as_entered_and_the_winner_zero():
    game = scorekeeping()
    result = game.add("round", winner=1, points={"0": 35, "2": 7})
    assert result == {"deal": 1, "winner": 1, "scores": {"0": 35, "1": 0, "2": 7}, "rules": ["R-13", "R-14"],
                      "refereed": False}
    assert [p["score"] for p in game.view["players"]] == [35, 0, 7]
    assert game.view["results"][0]["refereed"] is False and game.deal_view["phase"] == "deal"


def test_points_and_cards_mix_and_a_hand_by_points_counts_what_its_cards_would():
    by_cards, by_points = scorekeeping(), scorekeeping()
    hand = ["JK", "AS", "10D", "7C"]
    by_cards.add("round", winner=None, hands={"0": hand, "1": ["KS"], "2": ["3D"]})
    result = by_points.add("round", winner=None, hands={"1": ["KS"]}, points={"0": hand_value(map(parse_card, hand)),
                                                                                "2": 3})
    assert result["scores"] == by_cards.view["results"][0]["scores"] == {"0": 53, "1": 10, "2": 3}
    assert result["rules"] == ["R-14", "R-15"] and result["refereed"] is False
    assert "refereed" not in by_cards.view["results"][0]


def test_every_value_fourteen_cards_can_hold_is_taken_and_no_other():
    reachable = reachable_with_14_cards()
    assert min(reachable) == 2 and max(reachable) == 208
    for value in range(0, 215):
        assert (not points_violations({}, {1: value})) == (value in reachable), value


@pytest.mark.parametrize("value, rule, said", [(0, "R-13", "without cards"), (1, "R-14", "lightest"),
                                                (209, "R-14", "at most 208")])
def test_a_hand_no_cards_can_be_worth_is_refused_naming_the_player(value, rule, said):
    game = scorekeeping()
    refused = game.refused("round", winner=0, points={"1": 20, "2": value})
    assert refused.rules == [rule] and refused.status == 422
    violation = refused.violations[0]
    assert violation.params["player"] == 2 and said in violation.message  # the edge says "Chloé"


def test_the_hands_together_fit_in_the_decks():
    assert scorekeeping().add("round", winner=0, points={"1": 170, "2": 170})  # 340 <= 348, 28 heaviest cards
    game = scorekeeping()
    refused = game.refused("round", winner=1, points={"0": 200, "2": 200})
    assert refused.rules == ["K-2"] and refused.violations[0].params["players"] == [0, 2]
    assert "348" in refused.violations[0].message


def test_cards_entered_leave_fewer_heavy_cards_for_the_hands_given_as_points():
    game = scorekeeping()
    four_jokers = {"1": ["JK", "JK", "JK", "JK"]}
    refused = game.refused("round", winner=0, hands=four_jokers, points={"2": 149})  # 8 aces, 6 tens: 148
    assert refused.rules == ["R-14"] and "148" in refused.violations[0].message
    assert game.add("round", winner=0, hands=four_jokers, points={"2": 148})["scores"]["2"] == 148


def test_the_winner_adds_zero_and_every_other_hand_is_given_once():
    game = scorekeeping()
    assert game.refused("round", winner=1, points={"0": 10, "1": 5, "2": 8}).rules == ["R-14"]
    assert game.refused("round", winner=1, points={"0": 10}).rules == ["R-14"]
    refused = game.refused("round", winner=1, hands={"0": ["KS"]}, points={"0": 10, "2": 8})
    assert isinstance(refused, Malformed) and refused.params == {"player": 0}


@pytest.mark.parametrize("points", [[10, 20], {"0": "ten"}, {"0": -5}, {"0": 10.5}, {"0": True}, {"seat0": 10}])
def test_unreadable_points_are_malformed(points):
    game = scorekeeping(players=2)
    assert isinstance(game.refused("round", winner=1, points=points), Malformed)


def test_a_game_of_quick_rounds_runs_to_the_ceiling_and_the_lowest_total_wins():
    game = scorekeeping(players=2, ceiling=100)
    game.add("round", winner=0, points={"1": 60})
    game.deal(1)
    result = game.add("round", winner=1, points={"0": 45})
    assert result["rules"] == ["R-13", "R-14"] and game.view["status"] == "playing"
    game.deal(0)
    result = game.add("round", winner=0, points={"1": 40})
    assert result["rules"] == ["R-13", "R-14", "R-16"]
    assert game.view["status"] == "finished" and game.view["winners"] == [0]
    assert [p["score"] for p in game.view["players"]] == [45, 100]


def test_a_round_by_points_can_be_corrected_to_its_cards_which_are_then_refereed():
    game = scorekeeping(players=2)
    game.add("round", winner=0, points={"1": 30})
    refused = game.refused("replace", target=3, entry={"type": "round", "winner": 0, "hands": {"1": ["7H"] * 3}})
    assert refused.rules == ["K-2"]  # the cards are refereed: three 7♥ are not in the decks
    game.add("replace", target=3, entry={"type": "round", "winner": 0, "hands": {"1": ["KH", "QH", "JH"]}})
    assert game.view["results"][0] == {"deal": 1, "winner": 0, "scores": {"0": 0, "1": 30}, "rules": ["R-13", "R-14"]}
    game.add("replace", target=3, entry={"type": "round", "winner": 0, "points": {"1": 12}})
    assert game.view["results"][0]["refereed"] is False and game.view["players"][1]["score"] == 12
    game.add("void", target=3)
    assert game.view["results"] == [] and game.deal_view["phase"] == "result"


def test_a_hand_of_two_points_is_refused_once_every_two_was_shown_in_the_other_hands():
    game = scorekeeping(players=4)
    twos = {"1": ["2H", "2H", "2S", "2S"], "2": ["2D", "2D", "2C", "2C"]}
    refused = game.refused("round", winner=0, hands=twos, points={"3": 2})
    assert refused.rules == ["R-14"] and refused.violations[0].params == {"player": 3, "n": 2, "least": 3}
    assert "lightest card still possible is worth 3" in refused.violations[0].message
    assert game.add("round", winner=0, hands=twos, points={"3": 3})["scores"]["3"] == 3


def worth_oracle(hands: dict[str, list[str]]) -> set[int]:
    """Every value 1 to 14 of the cards left (the decks less `hands`) are worth, by brute dynamic programming."""
    from collections import Counter
    left = Counter(full_deck(jokers=4)) - Counter(parse_card(c) for cards in hands.values() for c in cards)
    sums = [{0}] + [set() for _ in range(14)]
    for card in left.elements():
        for k in range(14, 0, -1):
            sums[k] |= {s + card_penalty(card) for s in sums[k - 1]}
    return set().union(*sums[1:])


@pytest.mark.parametrize("shown", [{"1": ["2H", "2S", "2D", "2C", "2H", "2S", "2D", "2C"]},
                                   {"1": ["JK", "JK", "JK", "JK", "AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]},
                                   {"1": ["3H", "3S", "3D", "3C", "3H", "3S", "3D", "3C"], "2": ["2H", "2S"]}])
def test_a_hand_by_points_is_taken_exactly_when_some_hand_of_the_cards_left_is_worth_it(shown):
    hands = {int(s): [parse_card(c) for c in cards] for s, cards in shown.items()}
    possible = worth_oracle(shown)
    for value in range(1, 215):
        assert (not points_violations(hands, {3: value})) == (value in possible), value
