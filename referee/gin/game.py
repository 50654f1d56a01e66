"""Gin rami, as the rest of the app knows it (`referee.game.Game`)."""

from __future__ import annotations

from referee.game import Game
from referee.gin import fields, judges, stats, table
from referee.gin.state import SEATS
from referee.gin.values import JOKERS
from referee.violations import N_

GAME = Game(
    name="gin",
    title=N_("Gin rami"),
    choice=N_("Gin rami (2 players)"),
    seats=SEATS,
    scoring="points",  # G-9, G-11: points for, the first to 100 wins, bonuses at the end
    jokers=JOKERS,
    decks=1,  # G-1: one 52-card deck
    entry_types=table.ENTRY_TYPES,
    rules=table,
    stats=stats,
    canonical=fields.canonical_cards,
    features=frozenset({"upcard", "knock"}),
    judges=judges.JUDGES,
    words=(("the null deal", N_("the void hand")), ("Null deal", N_("Void hand"))),  # G-10, not C-14's null deal
)
