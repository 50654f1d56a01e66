"""What the play screen offers this phone now (`play/actions.html` asks this, not the log).

The table says what it accepts (`turn.may`: its `kinds`); this phone is offered what it may enter of them: the
host enters for every seat, a seat's phone for its own seat (`security.may_act_for`), the turn's moves only on
the turn's phone, the deal on the dealer's. At a table that keeps only the results, the deal's result is the
table's (`referee.scorekeeping`): every seat's phone is offered it, naming whoever went out or won.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Offers:
    """Each form or link of the play screen's actions, offered or not."""

    deal: bool = False  # "Deal the cards" (the host, or the dealer's seat)
    waits: bool = False  # someone else's turn to draw or discard: "Waiting for …"
    draw: bool = False
    meld: bool = False
    lay_off: bool = False
    retrieve_joker: bool = False
    discard: bool = False
    exits: list[dict] = field(default_factory=list)  # the exit windows (C-5, …) this phone may go out by
    enter_exit: bool = False  # "Enter the exit": the deal's result (or a result that implies its deal)
    hands: list[int] = field(default_factory=list)  # the seats whose cards left in hand this phone enters
    round: bool = False  # a round's result: the host, or any seat's phone at a scorekeeping table
    null_deal: bool = False  # the same
    upcard: bool = False  # the upcard offered to the player on turn: take it or pass (G-3)
    knock: bool = False  # a knock (G-7): the turn's phone after drawing, or any seat's at a scorekeeping table
    show: bool = False  # the other player's hand after a knock (G-8): hers, or any seat's at a scorekeeping table
    lay_offs: bool = False  # her lay-offs after her hand shown, one tap each card the referee proposes (G-8): hers


def offers(view: dict, who: dict, kinds: list[str], dealer: int | None, implied: bool) -> Offers:
    """What this phone (`who`, from `security.access`) is offered of `kinds` at `view`; nothing for a watcher."""
    if who["role"] not in ("host", "seat") or not kinds:
        return Offers()
    host = who["role"] == "host"
    deal = view.get("deal") or {}

    def mine(seat) -> bool:
        return host or (seat is not None and seat == who["seat"])

    turn = mine(deal.get("turn"))
    table = host or view.get("tracking") == "results"  # a result for the table, whoever won it
    return Offers(
        deal="deal" in kinds and mine(dealer),
        waits=("draw" in kinds or "discard" in kinds) and not turn,
        draw="draw" in kinds and turn,
        meld="meld" in kinds and turn,
        lay_off="lay_off" in kinds and bool(deal.get("melds")) and turn,
        retrieve_joker="retrieve_joker" in kinds and turn,
        discard="discard" in kinds and turn,
        exits=[w for w in deal.get("exit_window") or [] if mine(w["seat"])],
        enter_exit=(deal.get("phase") == "result" or implied) and "exit" in kinds,
        hands=[s for s in deal.get("awaiting") or [] if "hand" in kinds and mine(s)],
        round="round" in kinds and table,
        null_deal="null_deal" in kinds and table,
        upcard="upcard" in kinds and turn,
        knock="knock" in kinds and (turn if view.get("tracking") == "full" else table),
        show="show" in kinds and (turn or table),
        lay_offs=bool(deal.get("lay_off")) and "done" in kinds and turn,
    )
