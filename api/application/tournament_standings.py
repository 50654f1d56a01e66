"""A tournament as it stands: its tables' states and its standings, a fold of the tables' logs.

Each table's summary (`group_summaries`) is folded only when its log moved on; a closed table is folded up to
the entry it was closed at. The whole view is kept per tournament, keyed by every table's head: a screen, a
stream and a phone asking again while nothing moved cost two small queries and no fold.
"""

from __future__ import annotations

import threading

from api.application import context, group_summaries
from events import GroupTable, TournamentRecord, TournamentTable
from referee import games
from referee.stats.tournament import standings

MAX_KEPT = 256


def _cache() -> tuple[dict, threading.Lock]:
    return context.current().caches.setdefault("tournaments.views", ({}, threading.Lock()))


def status(table: TournamentTable, summary) -> str:
    if table.closed_seq is not None:
        return "closed"
    return "finished" if summary.status == "finished" else "playing"


def summaries(tables: list[TournamentTable]) -> dict:
    """Each table's summary as it counts: at its head, or at the entry it was closed at."""
    heads = [GroupTable(t.table_id, "", t.created_at, (), t.closed_seq or t.version,
                        t.closed_hash or t.hash, t.names) for t in tables]
    return group_summaries.of_tables(context.current().store, heads)


def view(found: TournamentRecord, tables: list[TournamentTable] | None = None) -> dict:
    """The tournament's JSON (API.md), from the cache while no table moved."""
    if tables is None:
        tables = context.current().store.tournament_tables(found.id)
    key = (found.frozen, repr(found.message), repr(found.settings.get("players")),
           tuple((t.table_id, t.version, t.hash, t.closed_seq, t.names) for t in tables))
    cache, lock = _cache()
    with lock:
        kept = cache.get(found.id)
    if kept is not None and kept[0] == key:
        return kept[1]
    made = _view(found, tables)
    with lock:
        cache.pop(found.id, None)
        cache[found.id] = (key, made)
        while len(cache) > MAX_KEPT:
            cache.pop(next(iter(cache)))
    return made


def _view(found: TournamentRecord, tables: list[TournamentTable]) -> dict:
    settings = found.settings
    folded = summaries(tables)
    rounds, current = settings["rounds"], max((t.round for t in tables), default=0)
    shown = [{"id": t.table_id, "round": t.round, "number": t.number, "status": status(t, folded[t.table_id]),
              "players": list(folded[t.table_id].players),
              "waiting": len(getattr(folded[t.table_id], "waiting", ()))} for t in tables]  # E-6: not yet confirmed
    playing = any(s["status"] == "playing" for s in shown if s["round"] == current)
    hidden = found.frozen and current == rounds  # "results at the end": the last round stays off the standings
    counted = [(folded[t.table_id].players, folded[t.table_id].scores) for t, s in zip(tables, shown, strict=True)
               if s["status"] != "playing" and not (hidden and t.round == rounds)]
    scoring = games.get(settings["game"]).scoring
    ranked = standings(settings["players"], counted, scoring)
    unsure = {name for t, s in zip(tables, shown, strict=True) if s["waiting"] and s["status"] != "playing"
              and not (hidden and t.round == rounds) for name in folded[t.table_id].players}
    for row in ranked:
        row["waiting"] = row["player"] in unsure  # E-6: her score counts a result still waiting for confirmation
    return {"id": found.id, "name": settings["name"], "game": settings["game"], "rounds": rounds, "round": current,
            "status": "playing" if playing else "finished" if current == rounds else "seating",
            "tables": shown, "standings": ranked,
            "frozen": found.frozen, "message": found.message}
