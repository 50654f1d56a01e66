"""After the game: the summary (winner, standings, chart, deals) to share, and "play again with the same players"."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for

from api.web import backend, chart, facts, security
from api.web.address import external_url
from api.web.i18n import gettext as _
from referee import games
from referee.reading import Reading

bp = Blueprint("summary", __name__)
bp.before_request(security.check_csrf)


def standings(table: dict) -> list[dict]:
    """The players best first: the highest balance (balance scoring, C-15), the lowest total (penalty, R-16)."""
    best_high = games.get(table["game"]).scoring == "balance"
    ranked = sorted(table["players"], key=lambda p: (-p["score"] if best_high else p["score"], p["seat"]))
    out, place = [], 0
    for i, player in enumerate(ranked):
        if i == 0 or player["score"] != ranked[i - 1]["score"]:
            place = i + 1
        out.append({**player, "place": place, "winner": player["seat"] in (table.get("winners") or [])})
    return out


@bp.get("/t/<table_id>/summary")
def summary(table_id):
    """Show the game's summary, readable by anyone with the link (like the spectators' view)."""
    table = backend.read(table_id)
    who = security.access(table_id)
    link = external_url("summary.summary", table_id=table_id)
    dealer = next_first_dealer(facts.reading(table_id), len(table["players"]))
    return render_template("summary.html", table=table, who=who, standings=standings(table),
                           chart=chart.chart(table), link=link, again_dealer=dealer)


def again_body(first: dict) -> dict:
    """The new table's `create` body: the same game, players in the same seats, the same options and tracking."""
    return {"game": first["game"], "players": list(first["players"]), "options": dict(first.get("options") or {}),
            "tracking": first.get("tracking", "full")}


def next_first_dealer(reading: Reading, players: int) -> int:
    """The seat after this game's first dealer (C-2, R-3): the first deal that still stands, else seat 0's turn."""
    voided = reading.replay.voided
    first = next((e.data.get("dealer") for e in reading.entries if e.type == "deal" and e.seq not in voided), None)
    return (first + 1) % players if isinstance(first, int) else 0


def play_again(table_id: str) -> str:
    """Open the next table for the same players and keep its host token on this phone; give its id.

    The new table stays in the group of the one it follows when this phone holds that group's link.
    """
    from api.web.pages import open_table

    items = backend.entries(table_id)
    first = {k: v for k, v in items[0].items() if k in ("game", "players", "options", "tracking")}
    body = again_body(first)
    created, problem = open_table(body, next_first_dealer(facts.reading(table_id), len(body["players"])), drawn=False,
                                  after=table_id)
    if problem:
        abort(problem.status, description=problem.detail)
    from api.web.group_forms import keep_in_group

    keep_in_group(table_id, created)  # the group's next game, when this phone holds the group
    return created["id"]


@bp.post("/t/<table_id>/again")
def again(table_id):
    """Start a new table with the same players, the next dealer first, and show its share page."""
    table = backend.read(table_id)
    if security.access(table_id)["role"] not in ("host", "seat"):
        abort(403, description=_("Only a phone playing at this table can start the next game."))
    if table.get("status") != "finished":
        abort(409, description=_("The game is not over yet."))
    return redirect(url_for("pages.share", table_id=play_again(table_id)), 303)
