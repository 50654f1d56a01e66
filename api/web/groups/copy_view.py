"""Her copy as a person reads it (issue 30, item 7): the JSON copy (api/application/access_copy.py) turned into rows
of her figures, her tables and the rulings that concern her, in the reader's language.

Built from the copy itself, so the page says no more than the file: other members are "another player" there, and
here in the reader's words. A table's score and result come from the table's state, her seat only.
"""

from __future__ import annotations

from flask_babel import format_datetime

from api.application import access_copy, service
from api.web import backend
from api.web.groups.group_labels import figure_rows
from api.web.words.i18n import gettext as _
from referee import games


def when(value: str) -> str:
    """A moment as people read it here: `5 Dec 2026, 20:30 UTC`, `5 déc. 2026, 20:30 UTC` (24-hour clock)."""
    from datetime import datetime

    return format_datetime(datetime.fromisoformat(value.replace("Z", "+00:00")), "d MMM yyyy, HH:mm") + " UTC"


def _another(text):
    """A text of her copy, with the copy's "another player" in the reader's words."""
    return text.replace(access_copy.ANOTHER, _("another player")) if isinstance(text, str) else text


def _rulings(table: dict) -> list[dict]:
    """The table's rulings (E-5) that change her score, each as it reads after any correction (E-2)."""
    by_seq = {e["seq"]: e for e in table["entries"]}
    for entry in table["entries"]:
        if entry["type"] == "replace" and entry.get("target") in by_seq:
            by_seq[entry["target"]] = {**by_seq[entry["target"]], **entry["entry"]}
    seat = str(table["seat"])
    return [{"seq": e["seq"], "at": when(e["at"]), "points": e["scores"][seat], "reason": _another(e.get("reason"))}
            for e in by_seq.values() if e["type"] == "adjust" and seat in (e.get("scores") or {})]


def _outcome(table: dict) -> dict:
    """Her score and the table's result for her: won, finished or still playing."""
    state, problem = backend.call(service.read_table, table["id"])
    if problem:
        return {"score": None, "result": "", "won": False}
    score = next((p["score"] for p in state["players"] if p["seat"] == table["seat"]), None)
    winners = state.get("winners") or []
    result = (_("won") if table["seat"] in winners else _("finished") if state["status"] in ("finished", "closed")
              else _("playing"))
    return {"score": score, "result": result, "won": table["seat"] in winners}


def view(copy: dict) -> dict:
    """What the page shows: who and when, her figures per game, her tables newest first, the rulings about her."""
    titles = {game.name: _(game.title) for game in games.ALL}
    tables, rulings = [], []
    for table in copy["tables"]:
        row = {"id": table["id"], "game": titles.get(table["game"], table["game"]), "at": when(table["created_at"]),
               "name": _another(table["name"]), **_outcome(table)}
        tables.append(row)
        rulings += [{**r, "game": row["game"], "table_at": row["at"]} for r in _rulings(table)]
    figures = copy["figures"]
    per_game = [{"name": game.name, "title": titles[game.name], "tables": figures[game.name]["tables"],
                 "won": sum(1 for t in tables if t["won"] and t["game"] == titles[game.name]),
                 "rows": figure_rows(game.name, figures[game.name])}
                for game in games.ALL if figures[game.name]["tables"]]
    return {"group": _another(copy["group"]["name"]), "player": copy["player"], "made_at": when(copy["made_at"]),
            "games": per_game, "tables": tables[::-1], "rulings": rulings[::-1]}
