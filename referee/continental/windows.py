"""The first-turn moments a results deal has used up (C-13, E-2 *Reading*), for exits the referee did not see.

With full tracking the referee sees every draw and knows a player's moment (C-4, C-5). With results tracking
it sees only the exits entered, each with its `timing`; an invalid one still uses its moment up: after a
failed exit without drawing (C-5) the player takes a card, after a failed first-turn exit (C-4) the next
player plays. So a later exit by that player in that deal, by its runs or by its counts (a quick score),
cannot claim that timing, nor an earlier one: it would collect the +10 or the +7 a card-tracked table refuses.
"""

from __future__ import annotations

from referee.continental.state import Deal
from referee.violations import N_, Refusal, Violation

ORDER = {"without_drawing": 0, "first_turn": 1, "later": 2}  # the moments of a seat's deal, in time order
RULE = {"without_drawing": "C-5", "first_turn": "C-4"}
USED = {
    "without_drawing": N_("%(player)s has already tried to go out in this deal (C-13): going out without "
                          "drawing is no longer possible"),
    "first_turn": N_("%(player)s has already tried to go out after their first turn in this deal (C-13): a "
                     "first-turn exit is no longer possible"),
}


def check_moment(deal: Deal, seat: int, timing: str) -> None:
    """Refuse a timing that an invalid exit of the same seat in this deal used up (C-13, C-4/C-5)."""
    tried = deal.tried.get(seat)
    if timing != "later" and tried is not None and ORDER[timing] <= tried:
        params = {"player": seat}
        raise Refusal([Violation(RULE[timing], USED[timing], params), Violation("C-13", USED[timing], params)],
                      title=N_("Not a moment to go out"))


def spend_moment(deal: Deal, seat: int, timing: str) -> None:
    """Remember that an invalid exit used this seat's `timing` up (C-13).

    A "later" attempt closes nothing: it is the timing an exit gets when the table gives none, so it says
    nothing of when the attempt came, and a first-turn exit after it stays the table's word.
    """
    if timing in RULE:
        deal.tried[seat] = max(deal.tried.get(seat, -1), ORDER[timing])
