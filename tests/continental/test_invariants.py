"""Random play keeps the table's books: cards are conserved, balances sum to zero, refusals change nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import full_deck
from referee.continental import table as game
from referee.log import replay
from referee.violations import Refusal

from .continental_log import PLAIN_EXIT, Play

CARDS = sorted({c.text for c in full_deck(jokers=2)})
BROKEN = PLAIN_EXIT[:4] + [["4H", "5H", "7H"]]


def next_move(data, play: Play) -> tuple[str, int | None, dict]:
    """A move the table may accept (mostly): the seat on turn, the next dealer, a seat in the exit window."""
    deal = play.deal_view or {"may": ["deal"], "next_dealer": None}  # null before the first deal
    kind = data.draw(st.sampled_from(deal["may"] or ["deal"]))
    if kind == "deal":
        dealer = deal["next_dealer"] if deal["next_dealer"] is not None else data.draw(st.integers(0, 3))
        return "deal", None, {"dealer": dealer, "upcard": data.draw(st.sampled_from(CARDS))}
    if kind == "draw":
        return "draw", deal["turn"], {"from": data.draw(st.sampled_from(["stock", "stock", "discard"]))}
    if kind == "discard":
        return "discard", deal["turn"], {"card": data.draw(st.sampled_from(CARDS))}
    window = data.draw(st.sampled_from(deal["exit_window"]))
    return "exit", window["seat"], {"runs": data.draw(st.sampled_from([PLAIN_EXIT, BROKEN]))}


def books_balance(play: Play) -> None:
    view = play.view
    assert sum(p["score"] for p in view["players"]) == 0
    deal = view["deal"]
    if deal["phase"] in ("take", "discard"):
        in_hands = 15 * len(view["players"]) + (deal["phase"] == "discard")
        assert deal["stock"] + deal["discard_count"] + in_hands == 106
        assert all(len(cards) <= 15 + (deal["phase"] == "discard") for cards in deal["known"].values())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([4, 5]), steps=st.integers(1, 150), data=st.data())
def test_random_play_conserves_cards_and_points_and_replays_the_same(players, steps, data):
    play = Play(players=players)
    for _ in range(steps):
        if play.view["status"] == "finished":
            break
        type_, seat, fields = next_move(data, play)
        before = play.view
        try:
            play.enter(type_, seat, **fields)
        except Refusal:
            assert play.view == before
        books_balance(play)
    assert game.view(replay(play.entries).state) == play.view
