"""A tournament's pages: the start form (from the group page), the players' page (tap your name, land on your
seat), the screen, the director's console and its actions, the table cards, the results and a player's sheet."""

from __future__ import annotations

from functools import partial

from flask import Blueprint, Flask, abort, current_app, redirect, render_template, request, url_for

from api.application import (
    context,
    join_tokens,
    seat_phones,
    tournament_pages,
    tournament_players,
    tournament_rounds,
    tournament_standings,
    tournament_swap,
    tournaments,
    tournaments_in,
)
from api.application.commands import StartRound
from api.application.errors import ApplicationError
from api.web import backend, csv_download, holding, security
from api.web.address import external_url
from api.web.groups import group_access
from api.web.qr import qr_svg
from api.web.tournaments import tournament_access, tournament_forms
from api.web.words.i18n import N_, alphabetical
from api.web.words.i18n import gettext as _
from referee import games

bp = Blueprint("tournaments_web", __name__)
bp.before_request(security.check_csrf)


def _missing(error: ApplicationError):
    abort(404, description=_("There is no such tournament, or this link is not valid."))


def _group_form(group_id: str, form, problem=None, status: int = 200):
    record = group_access.opened(group_id)
    members = alphabetical(context.current().groups.members(group_id).values())  # Chloé after Cedric
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
    command = partial(tournaments_in.create_tournament, group_id, group_access.token(group_id), body)
    created, problem = backend.call(lambda: tournaments.create(command()))
    if problem:
        return _group_form(group_id, request.form, problem, problem.status)
    tournament_access.remember_director(created["id"], created["director_token"])
    return redirect(url_for("tournaments_web.console", tournament_id=created["id"]), 303)


@bp.get("/n/<tournament_id>/k/<token>")
def director_link(tournament_id, token):
    """The director's link (the token is in it): keep it on this phone and open the console."""
    try:
        tournaments.director(tournament_id, token)
    except ApplicationError as error:
        _missing(error)
    tournament_access.remember_director(tournament_id, token)
    return redirect(url_for("tournaments_web.console", tournament_id=tournament_id), 303)


@bp.get("/n/<tournament_id>/d")
def console(tournament_id):
    """The director's console: the round's tables, attention first, and what the director does."""
    tournament_access.directing(tournament_id)
    token = tournament_access.director_token(tournament_id)
    made = tournament_pages.console(tournament_id, token)
    # The screen and the results open in the director's own browser, on the address it used (the TV beside her
    # laptop, or the laptop itself); the screen's address for another device is written out beside them.
    links = {"players": external_url("tournaments_web.players", tournament_id=tournament_id,
                                     key=made["player_key"]),
             "screen": url_for("tournaments_web.screen", tournament_id=tournament_id),
             "results": url_for("tournaments_web.results", tournament_id=tournament_id),
             "screen_elsewhere": external_url("tournaments_web.screen", tournament_id=tournament_id),
             "director": external_url("tournaments_web.director_link", tournament_id=tournament_id, token=token)}
    return render_template("tournament/console.html", made=made, t=made["tournament"], links=links,
                           players_qr=qr_svg(links["players"], _("QR code of the players' link")))


def _act(tournament_id, action, *args):
    tournament_access.directing(tournament_id)
    token = tournament_access.director_token(tournament_id)
    _result, problem = backend.call(action, tournament_id, token, *args)
    if problem:
        return _refused(tournament_id, token, problem)
    return redirect(url_for("tournaments_web.console", tournament_id=tournament_id), 303)


def _refused(tournament_id: str, token: str | None, problem):
    """The console again, saying why the director's action was refused."""
    made = tournament_pages.console(tournament_id, token)
    return render_template("tournament/console.html", made=made, t=made["tournament"], problem=problem,
                           links=None, players_qr=None), problem.status


@bp.post("/n/<tournament_id>/d/round")
def start_round(tournament_id):
    """Seat the next round; with `close`, close the tables still playing first. The form sends the round it means
    (`round`): a double tap, or a second director, seats one round; after the last one it ends the evening."""
    return _act(tournament_id, _start, bool(request.form.get("close")), request.form.get("round", type=int))


def _start(tournament_id: str, token: str | None, close: bool, round_: int | None) -> dict:
    return tournament_rounds.start(StartRound(tournament_id, token, close, round_))[0]


@bp.get("/n/<tournament_id>/d/round/<int:round_>/close")
def confirm_close(tournament_id, round_):
    """Ask before closing: the tables still playing, by number, with their players, and a form that closes them
    (and seats round `round_`, or ends the evening after the last). A page of the server, not a script's dialog:
    it asks the same in every browser."""
    tournament_access.directing(tournament_id)
    token = tournament_access.director_token(tournament_id)
    made = tournament_pages.console(tournament_id, token)
    t = made["tournament"]
    playing = [row for row in made["tables"] if row["status"] == "playing"]
    if round_ != t["round"] + 1 or not playing:  # nothing (more) to close for that round: the console says why
        return redirect(url_for("tournaments_web.console", tournament_id=tournament_id), 303)
    return render_template("tournament/close_round.html", t=t, playing=playing, round=round_,
                           last=round_ > t["rounds"])


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


@bp.post("/n/<tournament_id>/d/players")
def arrive(tournament_id):
    """A late arrival: a member tapped, or a new name typed; seated from the next round."""
    return _act(tournament_id, _arrive, request.form.get("name", ""))


def _arrive(tournament_id: str, token: str | None, name: str) -> dict:
    return tournament_players.arrive(tournament_id, token, tournaments_in.player(name))


@bp.post("/n/<tournament_id>/d/players/leave")
def leave(tournament_id):
    """A player leaves: seated in no later round, her results kept."""
    return _act(tournament_id, tournament_players.leave, request.form.get("name", ""))


@bp.post("/n/<tournament_id>/d/swap")
def swap(tournament_id):
    """Two players of the round exchange seats (the two ticked), before their tables start."""
    return _act(tournament_id, _swap, request.form.getlist("player"), request.form.get("round", type=int))


def _swap(tournament_id: str, token: str | None, players: list[str], round_: int | None) -> dict:
    return tournament_swap.swap(tournament_id, token, round_ or 0, tournaments_in.swap(players))


@bp.get("/n/<tournament_id>/d/t/<table_id>")
def host(tournament_id, table_id):
    """Open a table of the tournament as its host (the director's token is every table's host)."""
    found = tournament_access.directing(tournament_id)
    placed = _placed(table_id)
    if placed is None or placed[0] != found.id:
        abort(404, description=_("This table is not one of this tournament's."))
    security.remember(table_id, "host", None, tournament_access.director_token(tournament_id))
    return redirect(url_for("play.table", table_id=table_id), 303)


@bp.post("/n/<tournament_id>/d/t/<table_id>/confirm")
def confirm(tournament_id, table_id):
    """Confirm a result of any round's table in one tap, as the director (the host of every table, E-6), on the
    table's version the console showed (E-3: a table that moved on since is a 409 the console says)."""
    found = tournament_access.directing(tournament_id)
    placed = _placed(table_id)
    if placed is None or placed[0] != found.id:
        abort(404, description=_("This table is not one of this tournament's."))
    token = tournament_access.director_token(tournament_id)
    target, version = request.form.get("target", ""), request.form.get("version", "")
    _answer, problem = backend.post(table_id, token, int(version) if version.isdigit() else None,
                                    {"type": "confirm", "target": int(target) if target.isdigit() else target})
    if problem:
        return _refused(tournament_id, token, problem)
    return redirect(url_for("tournaments_web.console", tournament_id=tournament_id), 303)


@bp.post("/n/<tournament_id>/d/t/<table_id>/seats/<int:seat>/release")
def release(tournament_id, table_id, seat):
    """Release a seat from the phone that holds it, in one tap: the next phone to tap her name takes it (E-6)."""
    found = tournament_access.directing(tournament_id)
    placed = _placed(table_id)
    if placed is None or placed[0] != found.id:
        abort(404, description=_("This table is not one of this tournament's."))
    token = tournament_access.director_token(tournament_id)
    _answer, problem = backend.call(seat_phones.release, table_id, token, seat)
    if problem:
        return _refused(tournament_id, token, problem)
    return redirect(url_for("tournaments_web.console", tournament_id=tournament_id), 303)


@bp.get("/n/<tournament_id>/cards")
def cards(tournament_id):
    """The round's table cards, to print (A4): each table's number, players in seat order, seats' QR codes;
    `?table=n`: that table's card alone (reprinted after a swap, or a card lost)."""
    tournament_access.directing(tournament_id)
    made = tournament_pages.cards(tournament_id, tournament_access.director_token(tournament_id),
                                  request.args.get("table", type=int))
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
    except ApplicationError as error:
        _missing(error)
    return _players_page(found, key)


def _players_page(found, key: str, problem: str | None = None, status: int = 200):
    view = tournament_standings.view(found)
    mine = tournament_access.player_of(found.id)
    mine = mine[1] if mine and mine[0] == key else None
    names = found.settings["players"]
    out = view["byes"][-1] if view["byes"] else []
    return render_template("tournament/players.html", t=view, key=key, names=names, mine=mine,
                           bye=mine is not None and 0 <= mine < len(names) and names[mine] in out,
                           gone=set(view["left"]), problem=problem), status


@bp.get("/n/<tournament_id>/p/<key>/<int:player>")
def seat(tournament_id, key, player):
    """Her seat at her table for this round, on this phone (the players' link is the capability). The seat is
    this phone's from then on (E-6: one phone, one seat): another phone tapping her name is refused until the
    director releases it; before her round is seated, her name is kept for this phone."""
    try:
        found = tournament_pages.seat_of(tournament_id, key, player)
        record = tournament_pages.player_record(tournament_id, key)
    except ApplicationError as error:
        _missing(error)
    if found is None:
        if seat_phones.claim(tournament_id, player, holding.phone()).outcome != "held":
            return _players_page(record, key, _("The seat of %(name)s is taken on another phone: ask the director.",
                                                name=record.settings["players"][player]), 409)
        tournament_access.remember_player(tournament_id, key, player)
        return redirect(url_for("tournaments_web.players", tournament_id=tournament_id, key=key), 303)
    refused = holding.refusal(holding.take(found["table"], found["seat"], found["names"]), found["names"], True)
    if refused:
        return _players_page(record, key, refused, 409)
    tournament_access.remember_player(tournament_id, key, player)
    security.remember(found["table"], "seat", found["seat"], found["token"])
    for other in tournament_pages.current_tables(tournament_standings.view(tournaments.record(tournament_id))):
        if other["id"] != found["table"]:  # a seat this phone held this round before a swap moved her: not hers
            security.give_up_seat(other["id"])
    return redirect(url_for("play.table", table_id=found["table"]), 303)


@bp.get("/n/<tournament_id>/p/<key>/<int:player>/sheet")
def sheet(tournament_id, key, player):
    """A player's own sheet: her tables, her scores, the deals she won."""
    try:
        made = tournament_pages.sheet(tournament_id, key, player)
    except ApplicationError as error:
        _missing(error)
    return render_template("tournament/sheet.html", made=made, t=made["tournament"])


@bp.get("/n/<tournament_id>/screen")
def screen(tournament_id):
    """The screen for a TV or a projector: standings, the round, each table's state, live."""
    try:
        view = tournaments.read(tournament_id)
    except ApplicationError as error:
        _missing(error)
    every = min(max(request.args.get("every", SCREEN_EVERY, type=int), 2), 120)
    return render_template("tournament/screen.html", t=view, every=every)


SCREEN_EVERY = 12  # seconds a page of the screen stays (`?every=` from 2 to 120): long enough to find one's name


@bp.get("/n/<tournament_id>/results")
def results(tournament_id):
    """The results: standings, every table with its link, the rulings; shareable and printable."""
    try:
        made = tournament_pages.results(tournament_id)
    except ApplicationError as error:
        _missing(error)
    return render_template("tournament/results.html", made=made, t=made["tournament"],
                           link=external_url("tournaments_web.results", tournament_id=tournament_id))


@bp.get("/n/<tournament_id>/results.csv")
def results_csv(tournament_id):
    """One row per player per table; `?excel=1`: the "CSV for Excel" in the reader's language, as the group's."""
    try:
        return csv_download.download("tournament", tournament_id, partial(_results_csv, tournament_id))
    except ApplicationError as error:
        _missing(error)


RESULTS_HEADER = (N_("Round"), N_("Table"), N_("Seat"), N_("Player"), N_("Score"), N_("Status"), N_("Table id"),
                  N_("Place"), N_("Total"))
STATUSES = {"playing": N_("playing"), "finished": N_("finished"), "closed": N_("closed by the director")}


def _results_csv(tournament_id: str, excel: bool, layout) -> str:
    if not excel:  # the plain file, for scripts: its header and words never change
        return tournament_pages.results_csv(tournament_id)
    return tournament_pages.results_csv(tournament_id, True, layout.delimiter, tuple(_(h) for h in RESULTS_HEADER),
                                        {k: _(v) for k, v in STATUSES.items()})


PLACES_KEPT = 4096


def _placed(table_id: str):
    """The tournament, round and number of a table (None: outside any): fixed when the table is made, so kept."""
    kept = current_app.extensions.setdefault("tournaments.places", {})
    if table_id not in kept:
        if len(kept) >= PLACES_KEPT:
            kept.clear()
        kept[table_id] = context.current().tournaments.tournament_of(table_id)
    return kept[table_id]


def at_table(table: dict) -> dict | None:
    """For a table's page: the tournament it plays in (round, number, closed, the director's message, the seats
    asked for on another phone, the seat released from this phone), this phone's player link and name, and her
    seat of a later round, or None.

    A phone holding a seat here is that seat's player for the evening, whether she tapped her name on the players'
    page or joined by the table card's code: each round's seat comes to it (the players' link is the capability a
    seat's token already vouches for)."""
    table_id = table["id"]
    placed = _placed(table_id)
    if placed is None:
        return None
    records = context.current().tournaments
    found = records.tournament(placed[0])
    if found is None:
        return None
    rows = records.tournament_tables(found.id)
    closed = any(t.table_id == table_id and t.closed_seq is not None for t in rows)
    mine = tournament_access.player_of(found.id) or _seat_player(found, table)
    phones = records.seat_phones([table_id]).get(table_id, {})
    twice = [p["name"] for p in table["players"] if phones.get(p["seat"], 0) > 1]
    released = security.access(table_id).get("released")
    name = found.settings["players"][mine[1]] if mine and 0 <= mine[1] < len(found.settings["players"]) else None
    view = tournament_standings.view(found, rows)
    out = view["byes"][-1] if view["byes"] and view["round"] > placed[1] else []
    moved = _moved(view, table_id, placed[1], name)
    if moved is not None and tournament_access.player_of(found.id):
        security.give_up_seat(table_id)  # the seat it held is another player's since a swap: it now watches
    return {"id": found.id, "name": found.settings["name"], "round": placed[1], "number": placed[2], "closed": closed,
            "twice": twice, "player": name, "next": _next_seat(view, placed[1], name),
            "released": table["players"][released]["name"]
            if isinstance(released, int) and 0 <= released < len(table["players"]) and moved is None else None,
            "moved": moved, "bye": view["round"] if name in out else None,
            "players": [p["name"] for p in table["players"]],
            "message": found.message, "me": url_for("tournaments_web.seat", tournament_id=found.id, key=mine[0],
                                                    player=mine[1]) if mine else None,
            "console": url_for("tournaments_web.console", tournament_id=found.id)
            if tournament_access.director_token(found.id) else None}  # the director's phone: back to the console


def _seat_player(found, table: dict) -> tuple[str, int] | None:
    """The players' key and player number of the seat this phone holds at this table (by its seat's token)."""
    who = security.access(table["id"])
    if who["role"] != "seat" or not isinstance(who["seat"], int) or not 0 <= who["seat"] < len(table["players"]):
        return None
    name = table["players"][who["seat"]]["name"]
    players = found.settings["players"]
    return (join_tokens.players_key(found), players.index(name)) if name in players else None


def _next_seat(view: dict, round_here: int, name: str | None) -> dict | None:
    """Her table in a round after this table's, once the director has started it: `{"round", "number"}`."""
    if name is None or view["round"] <= round_here:
        return None
    return next(({"round": t["round"], "number": t["number"]} for t in view["tables"]
                 if t["round"] == view["round"] and name in t["players"]), None)


def _moved(view: dict, table_id: str, round_here: int, name: str | None) -> dict | None:
    """Her table of this round when the director moved her away from this one (a swap): `{"round", "number"}`."""
    if name is None or view["round"] != round_here:
        return None
    if any(t["id"] == table_id and name in t["players"] for t in view["tables"]):
        return None
    return next(({"round": t["round"], "number": t["number"]} for t in view["tables"]
                 if t["round"] == round_here and name in t["players"]), None)


def group_tournaments(group_id: str) -> list[dict]:
    """The group's evenings, newest first: the console for the phone that directs one, else its results."""
    out = []
    for found in context.current().tournaments.tournaments_of(group_id):
        directing = tournament_access.director_token(found.id) is not None
        link = url_for("tournaments_web.console" if directing else "tournaments_web.results", tournament_id=found.id)
        out.append({"id": found.id, "name": found.settings["name"], "created_at": found.created_at, "link": link})
    return out


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
