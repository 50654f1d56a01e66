"""A tournament's pages: the start form (from the group page), the players' page (tap your name, land on your
seat), the screen, the director's console and its actions, the table cards, the results and a player's sheet."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, abort, current_app, redirect, render_template, request, url_for

from api.application import tournament_pages, tournament_rounds, tournament_standings, tournaments
from api.application.errors import ApiError
from api.web import backend, group_access, security, tournament_access, tournament_forms
from api.web.address import external_url
from api.web.i18n import gettext as _
from api.web.qr import qr_svg
from events.db import get_store
from referee import games

bp = Blueprint("tournaments_web", __name__)
bp.before_request(security.check_csrf)


def _missing(error: ApiError):
    abort(404, description=_("There is no such tournament, or this link is not valid."))


def _group_form(group_id: str, form, problem=None, status: int = 200):
    record = group_access.opened(group_id)
    members = list(get_store().members(group_id).values())
    body = tournament_forms.body_of(form) if form else None
    sizes = tournament_forms.sizes_of(body) if body and body["players"] else None
    return render_template("tournament/new.html", group=record, members=members, form=form or {}, problem=problem,
                           sizes=sizes, body=body, seats={g.name: [g.seats.start, g.seats.stop - 1]
                                                          for g in games.ALL}), status


@bp.get("/g/<group_id>/evening")
def new(group_id):
    """The evening's start form: the group's members to tick, new names, rounds, table size, seating."""
    return _group_form(group_id, None)


@bp.post("/g/<group_id>/evening")
def create(group_id):
    """Open the evening; this phone becomes its director."""
    group_access.opened(group_id)
    body = tournament_forms.body_of(request.form)
    if not body["name"]:
        body["name"] = _("Club night")
    created, problem = backend.call(tournaments.create, group_id, group_access.token(group_id), body)
    if problem:
        return _group_form(group_id, request.form, problem, problem.status)
    tournament_access.remember_director(created["id"], created["director_token"])
    return redirect(url_for("tournaments_web.console", tournament_id=created["id"]), 303)


@bp.get("/n/<tournament_id>/k/<token>")
def director_link(tournament_id, token):
    """The director's link (the token is in it): keep it on this phone and open the console."""
    try:
        tournaments.director(tournament_id, token)
    except ApiError as error:
        _missing(error)
    tournament_access.remember_director(tournament_id, token)
    return redirect(url_for("tournaments_web.console", tournament_id=tournament_id), 303)


@bp.get("/n/<tournament_id>/d")
def console(tournament_id):
    """The director's console: the round's tables, attention first, and what the director does."""
    tournament_access.directing(tournament_id)
    token = tournament_access.director_token(tournament_id)
    made = tournament_pages.console(tournament_id, token)
    links = {"players": external_url("tournaments_web.players", tournament_id=tournament_id,
                                     key=made["player_key"]),
             "screen": external_url("tournaments_web.screen", tournament_id=tournament_id),
             "results": external_url("tournaments_web.results", tournament_id=tournament_id),
             "director": external_url("tournaments_web.director_link", tournament_id=tournament_id, token=token)}
    return render_template("tournament/console.html", made=made, t=made["tournament"], links=links,
                           players_qr=qr_svg(links["players"], _("QR code of the players' link")))


def _act(tournament_id, action, *args):
    tournament_access.directing(tournament_id)
    token = tournament_access.director_token(tournament_id)
    _result, problem = backend.call(action, tournament_id, token, *args)
    if problem:
        made = tournament_pages.console(tournament_id, token)
        return render_template("tournament/console.html", made=made, t=made["tournament"], problem=problem,
                               links=None, players_qr=None), problem.status
    return redirect(url_for("tournaments_web.console", tournament_id=tournament_id), 303)


@bp.post("/n/<tournament_id>/d/round")
def start_round(tournament_id):
    """Seat the next round; with `close`, close the tables still playing first."""
    return _act(tournament_id, tournament_rounds.start, {"close": True} if request.form.get("close") else {})


@bp.post("/n/<tournament_id>/d/close")
def close(tournament_id):
    """Close the round's tables still playing, as they stand (the last round's at the evening's end)."""
    return _act(tournament_id, tournament_pages.close_round)


@bp.post("/n/<tournament_id>/d/freeze")
def freeze(tournament_id):
    """Hide the last round from the screen's standings until the results, or show them."""
    return _act(tournament_id, tournaments.freeze, request.form.get("frozen") == "1")


@bp.post("/n/<tournament_id>/d/message")
def message(tournament_id):
    """A message to every table of the tournament."""
    return _act(tournament_id, tournaments.message, request.form.get("text", ""))


@bp.get("/n/<tournament_id>/d/t/<table_id>")
def host(tournament_id, table_id):
    """Open a table of the tournament as its host (the director's token is every table's host)."""
    found = tournament_access.directing(tournament_id)
    placed = _placed(table_id)
    if placed is None or placed[0] != found.id:
        abort(404, description=_("This table is not one of this tournament's."))
    security.remember(table_id, "host", None, tournament_access.director_token(tournament_id))
    return redirect(url_for("play.table", table_id=table_id), 303)


@bp.get("/n/<tournament_id>/cards")
def cards(tournament_id):
    """The round's table cards, to print (A4): each table's number, players in seat order, seats' QR codes."""
    tournament_access.directing(tournament_id)
    made = tournament_pages.cards(tournament_id, tournament_access.director_token(tournament_id))
    for table in made["tables"]:
        for seat in table["seats"]:
            seat["link"] = external_url("pages.join_code", code=seat["code"]) if seat["code"] else None
            seat["qr"] = qr_svg(seat["link"], _("QR code to join as %(name)s", name=seat["name"])) if seat[
                "link"] else None
    return render_template("tournament/cards.html", made=made, t=made["tournament"])


@bp.get("/n/<tournament_id>/p/<key>")
def players(tournament_id, key):
    """The players' page: each taps her name and lands on her seat for this round."""
    try:
        found = tournament_pages.player_record(tournament_id, key)
    except ApiError as error:
        _missing(error)
    view = tournament_standings.view(found)
    mine = tournament_access.player_of(tournament_id)
    return render_template("tournament/players.html", t=view, key=key, names=found.settings["players"],
                           mine=mine[1] if mine and mine[0] == key else None)


@bp.get("/n/<tournament_id>/p/<key>/<int:player>")
def seat(tournament_id, key, player):
    """Her seat at her table for this round, on this phone (the players' link is the capability)."""
    try:
        found = tournament_pages.seat_of(tournament_id, key, player)
    except ApiError as error:
        _missing(error)
    tournament_access.remember_player(tournament_id, key, player)
    if found is None:
        return redirect(url_for("tournaments_web.players", tournament_id=tournament_id, key=key), 303)
    security.remember(found["table"], "seat", found["seat"], found["token"])
    tournament_access.took_seat(found["table"], found["seat"])
    return redirect(url_for("play.table", table_id=found["table"]), 303)


@bp.get("/n/<tournament_id>/p/<key>/<int:player>/sheet")
def sheet(tournament_id, key, player):
    """A player's own sheet: her tables, her scores, the deals she won."""
    try:
        made = tournament_pages.sheet(tournament_id, key, player)
    except ApiError as error:
        _missing(error)
    return render_template("tournament/sheet.html", made=made, t=made["tournament"])


@bp.get("/n/<tournament_id>/screen")
def screen(tournament_id):
    """The screen for a TV or a projector: standings, the round, each table's state, live."""
    try:
        view = tournaments.read(tournament_id)
    except ApiError as error:
        _missing(error)
    return render_template("tournament/screen.html", t=view)


@bp.get("/n/<tournament_id>/results")
def results(tournament_id):
    """The results: standings, every table with its link, the rulings; shareable and printable."""
    try:
        made = tournament_pages.results(tournament_id)
    except ApiError as error:
        _missing(error)
    return render_template("tournament/results.html", made=made, t=made["tournament"],
                           link=external_url("tournaments_web.results", tournament_id=tournament_id))


@bp.get("/n/<tournament_id>/results.csv")
def results_csv(tournament_id):
    """One row per player per table."""
    try:
        text = tournament_pages.results_csv(tournament_id)
    except ApiError as error:
        _missing(error)
    return Response(text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="arbitre-tournament-{tournament_id}.csv"'})


PLACES_KEPT = 4096


def _placed(table_id: str):
    """The tournament, round and number of a table (None: outside any): fixed when the table is made, so kept."""
    kept = current_app.extensions.setdefault("tournaments.places", {})
    if table_id not in kept:
        if len(kept) >= PLACES_KEPT:
            kept.clear()
        kept[table_id] = get_store().tournament_of(table_id)
    return kept[table_id]


def at_table(table: dict) -> dict | None:
    """For a table's page: the tournament it plays in (round, number, closed, the director's message, the seats
    open on two phones or more), this phone's player link and name, and her seat of a later round, or None.

    A phone holding a seat here is that seat's player for the evening, whether she tapped her name on the players'
    page or joined by the table card's code: each round's seat comes to it (the players' link is the capability a
    seat's token already vouches for)."""
    table_id = table["id"]
    placed = _placed(table_id)
    if placed is None:
        return None
    found = get_store().tournament(placed[0])
    if found is None:
        return None
    rows = get_store().tournament_tables(found.id)
    closed = any(t.table_id == table_id and t.closed_seq is not None for t in rows)
    mine = tournament_access.player_of(found.id) or _seat_player(found, table)
    phones = get_store().seat_phones([table_id]).get(table_id, {})
    twice = [p["name"] for p in table["players"] if phones.get(p["seat"], 0) > 1]
    name = found.settings["players"][mine[1]] if mine and 0 <= mine[1] < len(found.settings["players"]) else None
    return {"id": found.id, "name": found.settings["name"], "round": placed[1], "number": placed[2], "closed": closed,
            "twice": twice, "player": name, "next": _next_seat(found, rows, placed[1], name),
            "message": found.message, "me": url_for("tournaments_web.seat", tournament_id=found.id, key=mine[0],
                                                    player=mine[1]) if mine else None}


def _seat_player(found, table: dict) -> tuple[str, int] | None:
    """The players' key and player number of the seat this phone holds at this table (by its seat's token)."""
    who = security.access(table["id"])
    if who["role"] != "seat" or not isinstance(who["seat"], int) or not 0 <= who["seat"] < len(table["players"]):
        return None
    name = table["players"][who["seat"]]["name"]
    players = found.settings["players"]
    return (found.player_key, players.index(name)) if name in players else None


def _next_seat(found, rows, round_here: int, name: str | None) -> dict | None:
    """Her table in a round after this table's, once the director has started it: `{"round", "number"}`."""
    if name is None or max((t.round for t in rows), default=0) <= round_here:
        return None
    view = tournament_standings.view(found, rows)
    return next(({"round": t["round"], "number": t["number"]} for t in view["tables"]
                 if t["round"] == view["round"] and name in t["players"]), None)


def group_tournaments(group_id: str) -> list[dict]:
    """The group's evenings, newest first: the console for the phone that directs one, else its results."""
    out = []
    for found in get_store().tournaments_of(group_id):
        directing = tournament_access.director_token(found.id) is not None
        link = url_for("tournaments_web.console" if directing else "tournaments_web.results", tournament_id=found.id)
        out.append({"id": found.id, "name": found.settings["name"], "created_at": found.created_at, "link": link})
    return out


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals.update(tournament_at=at_table, group_tournaments=group_tournaments)
