"""Rami continental, as the rest of the app knows it (`referee.game.Game`)."""

from __future__ import annotations

from referee.continental import fields, judges, places, quick, stats, table
from referee.continental.settlement import TIMINGS, is_wild
from referee.continental.state import JOKERS, SEATS
from referee.game import Game
from referee.violations import N_

GAME = Game(
    name="continental",
    title=N_("Rami continental"),
    choice=N_("Rami continental (4–5 players)"),
    seats=SEATS,
    scoring="balance",  # C-12: the winner receives from each opponent
    jokers=JOKERS,
    entry_types=table.ENTRY_TYPES,
    rules=table,
    stats=stats,
    canonical=fields.canonical_cards,
    features=frozenset({"upcard"}),
    places=places.places,
    is_wild=is_wild,  # C-1: every 2 and every joker
    judges=judges.JUDGES,
    timings=TIMINGS,  # C-4, C-5: later, on the first turn, without drawing
    quick_preview=quick.previews,
)
