"""Quick score entry with results tracking: an exit given by the counts C-12 needs, not by its 15 cards.

`exit` with `counts` `{"twos": n, "jokers": n, "one_suit": bool}` (and `timing`) stands for a valid
exit the table has checked itself: the referee cannot judge runs it does not see (C-6..C-11), so the
entry is marked not refereed. What it still checks is what any 15-card exit can hold (K-2: two decks
hold 8 twos and 2 jokers; every such count has a valid exit, C-6..C-10), then it settles exactly as
C-12 says, with the balances summing to zero and the session ending after the last deal (C-15).
"""

from __future__ import annotations

from referee.cards import COPIES, SUITS
from referee.continental import windows
from referee.continental.fields import read_choice
from referee.continental.session import deal_in_play, win
from referee.continental.settlement import TIMINGS, Settlement, settlement_for
from referee.continental.state import JOKERS, Table
from referee.entry import Entry
from referee.violations import N_, Malformed, Refusal, Violation

COUNTS = ("twos", "jokers", "one_suit")
MAX_TWOS = COPIES * len(SUITS)  # K-2: 8
MAX_JOKERS = JOKERS  # K-2: 2
MOMENT_RULE = {"later": "C-4", "first_turn": "C-4", "without_drawing": "C-5"}


def previews(players: int) -> dict[str, int]:
    """What each opponent pays (C-12) for every exit by counts a hand can hold (K-2), keyed
    "twos-jokers-timing-one_suit": the quick form shows it as its choices change, the referee's arithmetic."""
    return {f"{t}-{j}-{timing}-{int(suit)}": settlement_for(t, j, suit, players, timing).per_opponent
            for t in range(MAX_TWOS + 1) for j in range(MAX_JOKERS + 1) for timing in TIMINGS for suit in (False, True)}


def read_counts(entry: Entry) -> tuple[int, int, bool]:
    """The counts of a quick exit; a missing, unknown or mistyped count is Malformed (400)."""
    counts = entry.data.get("counts")
    if not isinstance(counts, dict):
        raise Malformed('exit: `counts` is an object {"twos": 0, "jokers": 0, "one_suit": false}, not %(value)s',
                        value=repr(counts))
    unknown = sorted(map(str, counts.keys() - set(COUNTS)))
    if unknown:
        raise Malformed("exit: `counts` takes twos, jokers and one_suit, not %(names)s", names=unknown)
    twos, jokers, one_suit = counts.get("twos", 0), counts.get("jokers", 0), counts.get("one_suit", False)
    for name, value in (("twos", twos), ("jokers", jokers)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise Malformed("exit: `counts.%(field)s` is a whole number from 0 (got %(value)s)", field=name,
                            value=repr(value))
    if not isinstance(one_suit, bool):
        raise Malformed("exit: `counts.one_suit` is true or false (got %(value)s)", value=repr(one_suit))
    return twos, jokers, one_suit


def count_violations(seat: int, twos: int, jokers: int) -> list[Violation]:
    """K-2: a hand of the continental decks holds at most 8 twos and 2 jokers."""
    out = []
    if twos > MAX_TWOS:
        out.append(Violation("K-2", "%(player)s's 15 cards cannot hold %(n)s twos: the two decks have %(most)s",
                             {"player": seat, "n": twos, "most": MAX_TWOS}))
    if jokers > MAX_JOKERS:
        out.append(Violation("K-2", "%(player)s's 15 cards cannot hold %(n)s jokers: the decks have %(most)s",
                             {"player": seat, "n": jokers, "most": MAX_JOKERS}))
    return out


def check_counts(table: Table, seat: int, entry: Entry) -> tuple[int, Settlement, str]:
    """A results deal's exit by the winner's counts: what C-12 will settle, if any hand can hold them (K-2)."""
    if "runs" in entry.data:
        raise Malformed("exit takes `runs` (the 15 cards, refereed) or `counts` (a quick score), not both")
    twos, jokers, one_suit = read_counts(entry)
    timing = read_choice(entry, "timing", TIMINGS, default="later")
    windows.check_moment(deal_in_play(table, N_("exits")), seat, timing)
    violations = count_violations(seat, twos, jokers)
    if violations:
        raise Refusal(violations)
    return seat, settlement_for(twos, jokers, one_suit, table.n, timing), timing


def exit_by_counts(table: Table, checked: tuple[int, Settlement, str]) -> dict:
    """Settle a results deal from the winner's counts (C-12); the verdict says it was not refereed."""
    seat, settlement, timing = checked
    win(table, seat, settlement.per_opponent, [MOMENT_RULE[timing], "C-12"])
    table.results[-1]["refereed"] = False
    return {"valid": True, "violations": [], "settlement": settlement.to_dict(), "refereed": False}
