"""Meld numbers per deal: the melds of a deal are 1, 2, 3... in the order laid (their ids stay seq × 10 + k)."""

from __future__ import annotations

from collections.abc import Iterable

from referee.entry import Entry


def numbered(kept: Iterable[Entry]) -> dict[int, int]:
    """Number the melds in the order they were laid, again from 1 at each deal: meld id -> number."""
    numbers: dict[int, int] = {}
    count = 0
    for entry in kept:
        if entry.type == "deal":
            count = 0
        elif entry.type == "meld" and isinstance(entry.data.get("melds"), list):
            for k in range(1, len(entry.data["melds"]) + 1):
                count += 1
                numbers[entry.seq * 10 + k] = count
    return numbers


def laid_by(entries: Iterable[Entry], meld: int) -> int | None:
    """The seat that laid meld `meld` (its id is the laying entry's seq × 10 + k), or None."""
    for entry in entries:
        if entry.seq == meld // 10 and entry.seat is not None:
            return entry.seat
    return None
