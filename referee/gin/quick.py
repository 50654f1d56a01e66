"""Results tracking: a Gin hand entered by its counts, not its cards (G-6, G-7, G-9, G-12).

A scorekeeping table enters the knock's deadwood and whether it was gin, then the other's deadwood
after her lay-offs. The referee cannot see the cards, but it checks what such counts can be: whole
numbers from 0 to 98, the most ten cards leave in no meld (two of each face and of the tens, two
nines: a third card of a rank makes a set); a gin leaves 0 (G-7). A knock over 10 is entered as a
fact and judged not valid (G-12), as with its cards; a valid one is scored by G-9.
"""

from __future__ import annotations

from referee.gin.score import KNOCK_LIMIT, HandScore, hand_score, may_knock
from referee.violations import N_, Malformed, Violation, refuse

MOST_DEADWOOD = 98  # 8 cards of 10 (two of each of 10 J Q K) and two 9s, in no set and no run
NOT_A_COUNT = N_("`%(field)s` is a deadwood count, a whole number from 0 to %(most)s (got %(value)s)")
NOT_YES_NO = N_("`gin` is true or false, not %(value)s")
GIN_LEAVES_NONE = N_("a gin leaves no deadwood: %(deadwood)s given")
TOO_MUCH = N_("a knock with %(deadwood)s of deadwood is not valid: it needs %(limit)s or less (G-7)")


def read_count(value: object, field: str = "deadwood") -> int:
    """A deadwood count as entered: a whole number from 0 to 98 (G-6), else Malformed (400)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_DEADWOOD:
        raise Malformed(NOT_A_COUNT, "G-6", field=field, most=MOST_DEADWOOD, value=repr(value))
    return value


def read_knock(deadwood: object, gin: object = False) -> int:
    """The knock's deadwood; `gin` said true with deadwood is refused (G-7), deadwood 0 is a gin either way."""
    if not isinstance(gin, bool):
        raise Malformed(NOT_YES_NO, "G-7", value=repr(gin))
    count = read_count(deadwood)
    if gin and count:
        raise refuse("G-7", GIN_LEAVES_NONE, deadwood=count)
    return count


def knock_violations(deadwood: int) -> list[Violation]:
    """Why a knock of this deadwood is not valid (G-12), or nothing."""
    if may_knock(deadwood):
        return []
    return [Violation("G-12", TOO_MUCH, {"deadwood": deadwood, "limit": KNOCK_LIMIT})]


def quick_score(deadwood: int, other_deadwood: int) -> HandScore | None:
    """A hand's score from its counts (G-9), or None after a knock that is not valid (G-12)."""
    return hand_score(deadwood, other_deadwood) if may_knock(deadwood) else None
