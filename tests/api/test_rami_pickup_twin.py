"""R-5 *Reading* through HTTP: the twin of a card taken from the pile is refused only while that card is in hand."""

from __future__ import annotations


def opened(tables):
    """Ben opened and discarded 9C; Ana takes it from the pile."""
    table = tables.create("rami", ["Ana", "Ben"], options={"turn_seconds": None})
    table.enter("deal", dealer=0)
    table.enter("meld", 1, melds=[["QH", "KH", "AH"], ["10S", "JS", "QS"]], as_seat=1)
    table.enter("discard", 1, card="9C", as_seat=1)
    table.enter("draw", 0, from_="discard", as_seat=0)
    return table


def test_while_the_pickup_is_in_hand_its_twin_is_refused_naming_the_player_card(tables):
    table = opened(tables)
    refused = table.enter("discard", 0, card="9C", as_seat=0, expect=422)
    assert refused["rules"] == ["R-5"]
    violation = refused["violations"][0]
    assert violation["message"].startswith("9C was taken from the discard pile this turn")
    assert violation["key"].startswith("%(card)s was taken") and violation["params"]["card"] == "9C"


def test_once_the_pickup_is_laid_its_twin_may_be_discarded(tables):
    table = opened(tables)
    table.enter("meld", 0, melds=[["9C", "10C", "JC", "QC", "KC"], ["AD", "AC", "AS"]], as_seat=0)
    table.enter("discard", 0, card="9C", as_seat=0)
    deal = table.state()["deal"]
    assert deal["discard_top"] == "9C" and deal["turn"] == 1
