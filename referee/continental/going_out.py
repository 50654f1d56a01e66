"""Exit entries at a table: their moment (C-4, C-5), the judge (C-6..C-10, K-2), C-11, C-12, C-13."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import Card, CardError
from referee.continental import quick, windows
from referee.continental.exit import judge_exit, parse_exit
from referee.continental.fields import read_choice, seat_of
from referee.continental.seen import is_consistent, learn_hand, revealed_violations
from referee.continental.session import deal_in_play, null_deal, win
from referee.continental.settlement import TIMINGS, ExitVerdict
from referee.continental.state import DECK, DREW, ENDED, TAKE, TRIED, Deal, Table
from referee.entry import Entry, written_by
from referee.violations import N_, Malformed, Refusal, Violation, refuse

MOMENT_RULE = {"later": "C-4", "first_turn": "C-4", "without_drawing": "C-5"}


def read_runs(entry: Entry):
    """The exit's runs as placed cards; CardError (K-1) names what is not a card or not a list.

    A reveal is a hand: more runs or cards than the decks hold (K-2) is not one, and is
    malformed rather than judged card by card into the log.
    """
    runs = entry.data.get("runs")
    if isinstance(runs, list) and (len(runs) > DECK or sum(len(r) for r in runs if isinstance(r, list)) > DECK):
        shown = sum(len(r) for r in runs if isinstance(r, list))
        raise Malformed("exit: %(runs)s runs of %(n)s cards in all is not a hand; an exit shows "
                        "15 cards, and the decks hold %(deck)s", runs=len(runs), n=shown, deck=DECK)
    try:
        return parse_exit(runs)
    except CardError as error:
        if error.token is runs:
            raise CardError(error.token, N_("not a list of runs (each run a list of cards)")) from None
        raise


@dataclass(frozen=True, slots=True)
class CheckedExit:
    """An exit as checked, before it changes the table: its runs judged, or its counts settled (a quick score)."""

    seat: int
    timing: str
    judged: ExitVerdict | None = None  # None: a quick score by counts
    counted: tuple | None = None  # a quick score: `quick.check_counts`
    deal: Deal | None = None  # the deal an invalid exit leaves its mark on (C-13)
    hand: list[Card] = field(default_factory=list)  # full tracking: the physical cards shown
    c11: list[Violation] = field(default_factory=list)


def check_exit(table: Table, entry: Entry) -> CheckedExit:
    """Judge an exit without changing the table: its moment (C-4, C-5), its runs (C-6..C-10, K-2), C-11."""
    seat = seat_of(entry, table.n)
    if table.tracking == "results" and "counts" in entry.data:  # a quick score: the counts, not the cards
        counted = quick.check_counts(table, seat, entry)
        return CheckedExit(seat, counted[2], counted=counted)
    if "runs" not in entry.data:
        if table.tracking == "results":
            raise Malformed("exit needs `runs` (the 15 cards) or `counts` (a quick score)")
        raise Malformed("exit needs `runs`")
    runs = read_runs(entry)
    if table.tracking == "results":
        timing = read_choice(entry, "timing", TIMINGS, default="later")
        deal = deal_in_play(table, N_("exits"))  # a results deal waits for its outcome until it has one
        windows.check_moment(deal, seat, timing)
        return CheckedExit(seat, timing, judge_exit(runs, table.n, timing), deal=deal)
    deal = deal_in_play(table, N_("exits"))
    timing = moment(deal, seat)
    hand = [placed.card for run in runs for placed in run]  # the physical cards shown
    c11 = revealed_violations(deal, seat, hand)
    return CheckedExit(seat, timing, judge_exit(runs, table.n, timing), deal=deal, hand=hand, c11=c11)


def exit_entry(table: Table, entry: Entry, checked: CheckedExit) -> dict:
    """A valid exit settles the deal (C-12); an invalid one is a fact with its verdict (C-13)."""
    if checked.counted is not None:
        return quick.exit_by_counts(table, checked.counted)
    seat, timing, judged = checked.seat, checked.timing, checked.judged
    assert judged is not None  # checked: an exit by its runs is judged
    violations = judged.violations + checked.c11
    if not violations and judged.settlement is not None:  # a valid exit is settled
        win(table, seat, judged.settlement.per_opponent, [MOMENT_RULE[timing], "C-12"])
        return judged.to_dict()
    deal = checked.deal
    assert deal is not None  # checked: an exit belongs to the deal in play
    if table.tracking == "results":
        windows.spend_moment(deal, seat, timing)
    else:
        learn_hand(deal, seat, checked.hand, is_consistent(checked.hand, checked.c11))
        if timing == "without_drawing":
            deal.c5_used[seat] = TRIED  # C-13: the same player now takes a card
        deal.after_discard = None  # C-13: after a C-4 attempt the next player (already on turn) plays
    return {"valid": False, "violations": [v.to_dict() for v in violations], "settlement": None}


def moment(deal: Deal, seat: int) -> str:
    """C-4 directly after the player's own discard; C-5 before taking on the player's first turn."""
    if deal.after_discard == seat:
        return "first_turn" if deal.after_first_turn else "later"
    on_turn = deal.turn == seat
    if on_turn and deal.phase == TAKE and deal.taken[seat] == 0 and deal.c5_used[seat] is None:
        return "without_drawing"
    if on_turn and deal.phase != TAKE:
        c4 = N_("%(player)s has taken a card: they discard first, then may go out")
    else:
        c4 = N_("%(player)s may go out only directly after their own discard, before anything else is entered")
    if not on_turn:
        c5 = N_("going out without drawing is only at the start of one's own first turn; it is %(turn)s's turn")
    elif deal.taken[seat] and deal.phase == TAKE:
        c5 = N_("going out without drawing is only for the player's own first turn of the deal")
    elif deal.phase == TAKE and deal.c5_used[seat] == DREW:
        c5 = N_("%(player)s took back their own draw, but the card was seen: going out without drawing is closed "
                "for this deal (E-2); only the host's correction reopens it")
    elif deal.phase == TAKE:
        c5 = N_("%(player)s has already tried to go out before taking (C-13): they now take a card")
    else:
        c5 = N_("going out without drawing is only before taking a card")
    who = {"player": seat, "turn": deal.turn}
    raise Refusal([Violation("C-4", c4, who), Violation("C-5", c5, who)], title=N_("Not a moment to go out"))


def check_null_deal(table: Table, entry: Entry) -> None:
    """C-14 with results tracking: the deal in play is null."""
    if table.tracking != "results":
        raise refuse("C-14", "with full tracking a deal becomes null by itself, when a player takes from an "
                             "empty stock with nothing to recycle; enter that draw")
    deal_in_play(table, N_("deals"))


def null_deal_entry(table: Table, entry: Entry, checked: None) -> None:
    """The deal is null: nothing moves, the deal passes on (C-14)."""
    null_deal(table)


def withdrawn(table: Table, entry: Entry, correction: Entry) -> None:
    """E-2 *Reading*: a seat whose own phone voids or replaces its draw keeps the draw's effect on its first-turn
    window: the card was seen, so going out without drawing (C-5) stays closed for that deal. Told at the draw's
    place in the fold; the host's correction (and one written before the log kept `by`) reopens it."""
    deal = table.deal
    if entry.type != "draw" or deal is None or deal.phase == ENDED or written_by(correction) != entry.seat:
        return
    if isinstance(entry.seat, int) and 0 <= entry.seat < table.n and deal.c5_used[entry.seat] is None:
        deal.c5_used[entry.seat] = DREW
