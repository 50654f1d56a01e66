"""What the pages read from a Continental log (`referee.reading`): the card a draw took from the pile, the
evidence of an exit (C-11), the exits that were only attempts (C-13)."""

from referee.reading import Reading
from referee.reading.evidence import evidence
from referee.reading.undo import undoable

from .continental_log import PLAIN_EXIT


def reading(play) -> Reading:
    return Reading(tuple(play.entries), play.replay)


def test_a_draw_from_the_pile_takes_the_card_on_top_then(dealt):
    dealt.enter("draw", 1, from_="discard")  # entry 3: the upcard 2D
    dealt.enter("discard", 1, card="9S")
    dealt.enter("draw", 2, from_="discard")  # entry 5: 9S
    assert reading(dealt).taken == {3: "2D", 5: "9S"}


def test_a_voided_draw_takes_nothing_and_leaves_its_card_to_the_next(dealt):
    dealt.enter("draw", 1, from_="discard")  # entry 3, voided
    dealt.enter("void", target=3)
    dealt.enter("draw", 1, from_="discard")  # entry 5
    assert reading(dealt).taken == {5: "2D"}


def test_the_evidence_of_an_invalid_exit_cites_where_its_cards_were_seen(dealt):
    dealt.turn(1, "3C")  # entries 3, 4: Ben discards 3C
    dealt.turn(2, "3C")  # entries 5, 6: Chloé discards the other 3C
    verdict = dealt.exit(3)  # Dan goes out without drawing, with a third 3C (K-2)
    assert verdict["valid"] is False
    seq = len(dealt.entries)
    seen = evidence(reading(dealt), seq)
    assert [(s["seq"], s["how"], s["seat"]) for s in seen["3C"]] == [(4, "discarded", 1), (6, "discarded", 2)]
    assert reading(dealt).attempts == {seq}


def test_an_exit_is_offered_to_undo_to_the_host_only_as_only_the_host_may_void_it(dealt):
    """E-2 *Reading*; issue 18 §3: the seat's phone was offered the undo the referee then refused."""
    dealt.turn(1)
    dealt.exit(1, PLAIN_EXIT)
    assert undoable(reading(dealt), 1).last is None
    assert undoable(reading(dealt), None).last.type == "exit"


KD_EXIT = [["3C", "4C", "5C"], ["JD", "QD", "KD"], ["9H", "10H", "JH"], ["QS", "KS", "AS"], ["4H", "5H", "6H"]]


def test_the_evidence_of_a_later_deals_exit_cites_only_that_deal(dealt):
    """Issue 18 §8: deal 2's exit cited deal 1's discards (the deck is shuffled again between deals)."""
    dealt.turn(1, "KD")  # entries 3, 4
    dealt.turn(2, "KD")  # entries 5, 6
    dealt.turn(3)
    assert dealt.exit(3)["valid"] is True  # deal 1 ends
    dealt.deal(dealer=1, upcard="7S")  # deal 2: Chloé plays first
    deal2 = len(dealt.entries)
    dealt.turn(2, "KD")
    dealt.enter("draw", 3, from_="discard")  # Dan takes Chloé's KD
    dealt.enter("discard", 3, card="8S")
    assert dealt.exit(3, KD_EXIT)["valid"] is True
    seen = evidence(reading(dealt), len(dealt.entries))
    assert [(s["seq"], s["how"], s["seat"]) for s in seen["KD"]] == [(deal2 + 2, "discarded", 2),
                                                                     (deal2 + 3, "taken", 3)]
    assert all(s["seq"] > deal2 for sightings in seen.values() for s in sightings)


def test_the_evidence_leaves_out_a_voided_discard(dealt):
    dealt.turn(1, "KD")  # entries 3, 4
    dealt.enter("void", target=4)
    dealt.enter("discard", 1, card="8S")  # entry 6
    dealt.turn(2)
    dealt.turn(3)
    assert dealt.exit(3, KD_EXIT)["valid"] is True
    assert evidence(reading(dealt), len(dealt.entries))["KD"] == []
