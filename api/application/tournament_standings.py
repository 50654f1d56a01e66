"""A tournament as it stands: its tables' states and its standings, a fold of the tables' logs.

Each table's summary (`group_summaries`) is folded only when its log moved on; a closed table counts as its own
replay says (E-7: its `close` entry ends it, the host's corrections and rulings after it count). The whole view
is kept per tournament, keyed by every table's head: a screen, a stream and a phone asking again while nothing
moved cost two small queries and no fold.
"""

from __future__ import annotations

import threading

from api.application import context, group_summaries, tournament_roster
from events import GroupTable, TournamentRecord, TournamentTable
from referee import games
from referee.stats.tournament import standings

MAX_KEPT = 256


def _cache() -> tuple[dict, threading.Lock]:
    return context.current().caches.setdefault("tournaments.views", ({}, threading.Lock()))


def status(table: TournamentTable, summary) -> str:
    """playing, finished or closed (E-7), as the table's replay says."""
    return summary.status if summary.status in ("finished", "closed") else "playing"


def summaries(tables: list[TournamentTable]) -> dict:
    """Each table's summary as it counts: at its head, the same as the group counts it (E-7)."""
    heads = [GroupTable(t.table_id, "", t.created_at, (), t.version, t.hash, t.names) for t in tables]
    return group_summaries.of_tables(context.current().store, heads)


def view(found: TournamentRecord, tables: list[TournamentTable] | None = None) -> dict:
    """The tournament's JSON (API.md), from the cache while no table moved."""
    if tables is None:
        tables = context.current().tournaments.tournament_tables(found.id)
    key = (found.frozen, repr(found.message), repr(found.settings),  # a forgetting may rewrite any of them
           tuple((t.table_id, t.version, t.hash, t.names) for t in tables))
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
              "waiting": len(getattr(folded[t.table_id], "waiting", ())),  # E-6: not yet confirmed
              "disputed": len(getattr(folded[t.table_id], "disputed", ()))} for t in tables]  # of them, disputed
    playing = any(s["status"] == "playing" for s in shown if s["round"] == current)
    scoring = games.get(settings["game"]).scoring
    byes = tournament_roster.byes(settings, shown, current)  # README, "Byes": each round's, by name
    ranked = _ranked(settings["players"], tables, shown, folded, scoring, byes, hide=None)
    hidden = found.frozen and current == rounds  # "results at the end": the screen's standings leave the last round
    extra = {"screen_standings": _ranked(settings["players"], tables, shown, folded, scoring, byes, hide=rounds)} \
        if hidden else {}
    return {"id": found.id, "name": settings["name"], "game": settings["game"], "rounds": rounds, "round": current,
            "status": "playing" if playing else "finished" if current == rounds else "seating",
            "tables": shown, "standings": ranked, "byes": byes, "left": tournament_roster.gone(settings, current),
            "frozen": found.frozen, "message": found.message, **extra}


def _ranked(players: list[str], tables: list[TournamentTable], shown: list[dict], folded: dict, scoring: str,
            byes: list[list[str]], hide: int | None) -> list[dict]:
    """The standings of the tables over (finished or closed), round `hide` left out (the screen's, frozen); each
    bye counts as her average table (`referee.stats.tournament`)."""
    over = [(t, s) for t, s in zip(tables, shown, strict=True) if s["status"] != "playing" and t.round != hide]
    sat_out: dict[str, int] = {}
    for round_, names in enumerate(byes, start=1):
        for name in names if round_ != hide else ():
            sat_out[name] = sat_out.get(name, 0) + 1
    ranked = standings(players, [(folded[t.table_id].players, folded[t.table_id].scores) for t, _ in over], scoring,
                       sat_out)
    unsure = {name for t, s in over if s["waiting"] for name in folded[t.table_id].players}
    for row in ranked:
        row["waiting"] = row["player"] in unsure  # E-6: her score counts a result still waiting for confirmation
    return ranked
