"""The log read for the pages, beyond the table's view: the card each draw took from the discard pile, meld
numbers per deal, how the open turn went, what each hand may undo, the evidence of an entry (C-11).

A `Reading` is one log as written (corrections included) with the replay it folds to; the modules here read it,
pages only put what they give into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from referee.entry import Entry, effective
from referee.log import Replay
from referee.reading.numbers import numbered
from referee.reading.pile import taken_in


@dataclass(frozen=True)
class Reading:
    """A log as written, with its replay; what it tells is worked out once and kept."""

    entries: Sequence[Entry]
    replay: Replay

    @cached_property
    def kept(self) -> list[Entry]:
        """The entries as corrected (E-2): voided ones and corrections left out, replacements in place."""
        return effective(self.entries)[0]

    @cached_property
    def taken(self) -> dict[int, str]:
        """The card each draw from the discard pile took, by the draw's seq."""
        return taken_in(self.kept)

    @cached_property
    def numbers(self) -> dict[int, int]:
        """Meld id -> its number 1, 2, 3... in the order laid, from 1 again at each deal."""
        return numbered(self.kept)

    @cached_property
    def attempts(self) -> set[int]:
        """The exits the referee found not valid (C-13): attempts, not a way out."""
        return {seq for seq, verdict in self.replay.verdicts.items() if verdict.get("valid") is False}
