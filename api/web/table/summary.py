"""After the game: the summary (winner, standings, chart, deals) to share, and "play again with the same players"."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, redirect, render_template, url_for

from api.application import context, service, successor
from api.web import backend, security
from api.web.address import external_url
from api.web.table import chart, codes, facts
from api.web.words.i18n import gettext as _
from referee import games
from referee.reading import Reading

bp = Blueprint("summary", __name__)
bp.before_request(security.check_csrf)


def standings(table: dict) -> list[dict]:
    """The players best first: the highest balance (C-15) or points (G-11), the lowest total (penalty, R-16)."""
    best_high = games.get(table["game"]).higher_wins
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
    dealer = again_dealer(table_id, table)
    return render_template("summary.html", table=table, who=who, standings=standings(table),
                           chart=chart.chart(table), link=link, again_dealer=dealer,
                           next_table=next_table(table_id, table))


def again_dealer(table_id: str, table: dict) -> int:
    """The next game's first dealer, as "play again" will name it."""
    return next_first_dealer(facts.reading(table_id), len(table["players"]))


def again_body(first: dict) -> dict:
    """The new table's `create` body: the same game, players in the same seats, the same options and tracking."""
    return {"game": first["game"], "players": list(first["players"]), "options": dict(first.get("options") or {}),
            "tracking": first.get("tracking", "full")}


def next_first_dealer(reading: Reading, players: int) -> int:
    """The seat after this game's first dealer (C-2, R-3): the first deal that still stands, else seat 0's turn."""
    voided = reading.replay.voided
    first = next((e.data.get("dealer") for e in reading.entries if e.type == "deal" and e.seq not in voided), None)
    return (first + 1) % players if isinstance(first, int) else 0


def holder(table_id: str) -> tuple[str | None, int | None]:
    """What this phone held at the table, as its log's record checks the token: `("host", None)`,
    `("seat", n)`, or `(None, None)` (a spectator)."""
    who = security.access(table_id)
    if who["role"] not in ("host", "seat") or not who["token"]:
        return None, None
    held = service.table_record(context.current().store, table_id).holder(who["token"])
    if held == "host":
        return "host", None
    return ("seat", held) if isinstance(held, int) else (None, None)


def take_seat(table_id: str, next_id: str) -> str | None:
    """Keep on this phone what it held at `table_id` at the table after it (the host stays the host); give the
    role taken, None for a spectator."""
    role, seat = holder(table_id)
    if role == "host":
        security.remember(next_id, "host", None, successor.host_token(table_id))
    elif role == "seat":
        security.remember(next_id, "seat", seat, successor.seat_token(table_id, seat))
    return role


def play_again(table_id: str) -> str:
    """Open the table after this one, or find it open (one next table, whichever phone asks and however
    often: api/application/successor.py), in the same group, and take this phone's place at it; give its id."""
    reading = facts.reading(table_id)  # entry 1 as the replay reads it: with the players' names (events/names.py)
    first = {k: v for k, v in reading.entries[0].data.items() if k in ("game", "players", "options", "tracking")}
    body = again_body(first)
    dealer = next_first_dealer(reading, len(body["players"]))
    try:
        next_id, opened = successor.open_next(table_id, backend.new_table(body))
    except backend.ERRORS as exc:
        problem = backend.problem_of(exc)
        abort(problem.status, description=problem.detail)
    if opened:
        for seat in range(len(body["players"])):
            codes.issue(next_id, seat, successor.seat_token(table_id, seat))
        codes.save_table(next_id, {"dealer": dealer, "drawn": False, "after": table_id})
    take_seat(table_id, next_id)
    return next_id


def _landing(next_id: str, role: str | None) -> str:
    """The host lands on the share page (codes for a new phone), a seat at its seat, a spectator watching."""
    if role == "host":
        return url_for("pages.share", table_id=next_id)
    return url_for("play.table", table_id=next_id)


@bp.post("/t/<table_id>/again")
def again(table_id):
    """Start the next table with the same players, the next dealer first (or go to it if a phone of this table
    already started it), and take this phone's place there."""
    table = backend.read(table_id)
    role, _seat = holder(table_id)
    if role is None:
        abort(403, description=_("Only a phone playing at this table can start the next game."))
    if table.get("status") != "finished":
        abort(409, description=_("The game is not over yet."))
    if context.current().tournaments.tournament_of(table_id) is not None:
        abort(409, description=_("This table plays in a tournament: the director seats the next round."))
    next_id = play_again(table_id)
    return redirect(_landing(next_id, role), 303)


@bp.get("/t/<table_id>/next")
def follow(table_id):
    """Go to the next table, this phone at its seat there (the host as the host); a spectator watches it."""
    backend.read(table_id)  # 404 for an unknown table
    next_id = successor.existing(table_id)
    if next_id is None:
        return redirect(url_for("summary.summary", table_id=table_id), 303)
    return redirect(_landing(next_id, take_seat(table_id, next_id)), 303)


@bp.get("/t/<table_id>/next.json")
def next_state(table_id):
    """Whether the next table is open (the finished table's pages ask, and offer it at once)."""
    backend.read(table_id)
    return jsonify({"next": url_for("summary.follow", table_id=table_id) if successor.existing(table_id) else None})


def next_table(table_id: str, table: dict) -> dict | None:
    """What a finished table's pages offer: `{"url", "open"}` (the next table, open or not yet), None before
    the end, and None at a tournament's table (the director seats the next round)."""
    if table.get("status") != "finished" or context.current().tournaments.tournament_of(table_id) is not None:
        return None
    return {"url": url_for("summary.follow", table_id=table_id), "open": successor.existing(table_id) is not None,
            "check": url_for("summary.next_state", table_id=table_id)}
