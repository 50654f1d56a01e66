"""Rami, as the rest of the app knows it (`referee.game.Game`)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.game import Game
from referee.rami import fields, judges, meld, stats, table
from referee.rami.state import JOKERS, SEATS
from referee.violations import N_


def options_from(fields: Mapping[str, str]) -> dict:
    """Rami's options (R-2) from its fields of the start form (templates/games/rami/options.html)."""
    opening = fields.get("opening", "51")
    return {"opening": int(opening) if opening.isdigit() else opening,
            "ceiling": _number(fields.get("ceiling", "100"), fields.get("ceiling")),
            "turn_seconds": 60 if fields.get("clock", "on") == "on" else None}


def _number(text: str | None, default: str | None) -> int | str | None:
    try:
        return int(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default


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
    features=frozenset({"clock", "pickup", "table_melds"}),
    form_options=options_from,
    places=meld.places,
    is_wild=meld.is_wild,  # jokers only
    judges=judges.JUDGES,
    canonical=fields.canonical_cards,
    words=(  # R-3..R-16 speak of rounds (French: manches), never of deals (donnes)
        ("Deal", N_("Round")), ("Deal %(n)s", N_("Round %(n)s")), ("Deal by deal", N_("Round by round")),
        ("Deals played: %(n)s", N_("Rounds played: %(n)s")), ("No deal has ended yet.", N_("No round has ended yet.")),
        ("Scores after each deal", N_("Scores after each round")),
        ("Deals ended: %(a)s now, %(b)s after.", N_("Rounds ended: %(a)s now, %(b)s after.")),
        ("Deal the cards and enter the deal.", N_("Deal the cards and start the round.")),
        ("Enter the result of the deal.", N_("Enter the result of the round.")),
        ("deal %(n)s", N_("round %(n)s")),
    ),
)
