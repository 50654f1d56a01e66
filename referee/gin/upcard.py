"""G-3: the upcard, offered to the non-dealer first, then to the dealer; then play starts.

The choices made so far are a list of booleans (took it or passed), in the order they were made:
the non-dealer's, then the dealer's. Taking the upcard is a draw: the one who took it discards
next. If both pass, the non-dealer draws from the stock. Seats are 0 and 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.violations import N_, refuse

NOT_YOURS = N_("%(turn)s decides on the upcard now, not %(player)s")
SETTLED = N_("the upcard is settled: play goes on")
FROM_STOCK = N_("both players passed the upcard: %(player)s draws from the stock")


def chooser(dealer: int, choices: Sequence[bool]) -> int | None:
    """Who decides on the upcard next (G-3): the non-dealer, then the dealer if she passed; None when settled."""
    if not choices:
        return 1 - dealer
    if len(choices) == 1 and not choices[0]:
        return dealer
    return None


def check_upcard(dealer: int, choices: Sequence[bool], seat: int) -> None:
    """Refuse a choice on the upcard by a seat whose choice it is not (G-3)."""
    turn = chooser(dealer, choices)
    if turn is None:
        raise refuse("G-3", SETTLED)
    if seat != turn:
        raise refuse("G-3", NOT_YOURS, turn=turn, player=seat)


def play_starts(dealer: int, choices: Sequence[bool]) -> tuple[int, str] | None:
    """Who plays once the upcard is settled, and how (G-3): ("discard") after taking it, or ("draw") from
    the stock after both passed; None while it is not settled."""
    if chooser(dealer, choices) is not None:
        return None
    if choices[-1]:
        return (1 - dealer if len(choices) == 1 else dealer), "discard"
    return 1 - dealer, "draw"


def check_first_draw(choices: Sequence[bool], first: bool, source: str, seat: int) -> None:
    """Refuse the upcard to the non-dealer's first draw once both passed it (G-3: she draws from the stock);
    `first`: no card has been drawn from the stock yet."""
    if first and source == "discard" and list(choices) == [False, False]:
        raise refuse("G-3", FROM_STOCK, player=seat)
