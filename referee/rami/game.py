"""Rami, as the rest of the app knows it (`referee.game.Game`)."""

from __future__ import annotations

from referee.game import Game
from referee.rami import stats, table
from referee.rami.state import JOKERS, SEATS
from referee.violations import N_

GAME = Game(
    name="rami",
    title=N_("Rami"),
    choice=N_("Rami (2–4 players)"),
    seats=SEATS,
    scoring="penalty",  # points left in hand add up; over the ceiling, a player is out
    jokers=JOKERS,
    entry_types=table.ENTRY_TYPES,
    rules=table,
    stats=stats,
    features=frozenset({"clock", "table_melds", "quick_round"}),
)
