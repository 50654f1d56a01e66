"""The group's rating (`referee.stats.rating`) from its tables as they count: a tournament's table closed while it
was playing (E-7) counts as its own replay says, its summary marked `closed` by its `close` entry, the same figures
the tournament's standings count."""

from __future__ import annotations

from referee.stats import rating
from referee.stats.group import Played


def board(group_id: str, every: list[Played], names: dict[str, str]) -> dict:
    """The ratings, best first, each with its history (`referee.stats.rating.board`)."""
    return rating.board(every, names)
