"""The group's rating (`referee.stats.rating`) from its tables as they count: a tournament's table closed while it
was playing counts as it stood when closed (its summary at the entry it was closed at, `tournament_standings`)."""

from __future__ import annotations

from dataclasses import replace

from api.application import context, tournament_standings
from referee.stats import rating
from referee.stats.group import Played


def as_rated(group_id: str, every: list[Played]) -> list[Played]:
    """The group's tables, each closed tournament table in its state at closing, marked `closed`."""
    store = context.current().store
    closed = [t for found in store.tournaments_of(group_id) for t in store.tournament_tables(found.id)
              if t.closed_seq is not None]
    if not closed:
        return every
    at_closing = tournament_standings.summaries(closed)
    swapped = {t.table_id: replace(at_closing[t.table_id], status="closed") for t in closed
               if at_closing[t.table_id].status != "finished"}
    return [Played(p.table_id, p.created_at, p.seats, swapped.get(p.table_id, p.summary)) for p in every]


def board(group_id: str, every: list[Played], names: dict[str, str]) -> dict:
    """The ratings, best first, each with its history (`referee.stats.rating.board`)."""
    return rating.board(as_rated(group_id, every), names)
