"""Home, starting a table, sharing it, joining a seat, the rules, the language switch, import."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, current_app, redirect, render_template, request, session, url_for

from api.application import context, seat_phones, service
from api.application.commands import ImportLog
from api.web import backend, holding, security
from api.web.address import external_url
from api.web.groups import group_forms
from api.web.qr import qr_svg
from api.web.table import codes
from api.web.words import rulesdoc
from api.web.words.i18n import LANGUAGES, current_lang
from api.web.words.i18n import gettext as _
from api.web.words.messages import problem_detail
from referee import games

bp = Blueprint("pages", __name__)
bp.before_request(security.check_csrf)
SEATS = 5


@bp.get("/")
def home():
    """Show this phone's tables, most recent first, and the ways in: start, join, import."""
    mine = []
    for row in security.my_tables():
        table, problem = backend.call(service.read_table, row["id"])
        if table:
            mine.append({**row, "table": table})
    return render_template("home.html", mine=mine)


@bp.get("/new")
def new():
    """Show the form that starts a table."""
    return render_template("new.html", form=request.args, problem=None, seats=SEATS)


@bp.post("/new")
def create():
    """Start a table, keep its host token on this phone and show the share page."""
    form = request.form
    game = form.get("game", games.DEFAULT.name)
    typed = [n.strip() for n in form.getlist("player")]
    players = [n for n in typed if n]
    body = {"game": game, "players": players, "tracking": form.get("tracking", "full")}
    if form.get("confirmation"):
        body["confirmation"] = True
    options = games.GAMES[game].form_options(form) if game in games.GAMES else None  # the API names an unknown one
    if options is not None:
        body["options"] = options
    chosen = dealer_seat(form.get("dealer", "random"), typed)
    dealer = secrets.randbelow(max(len(players), 1)) if chosen is None else chosen
    created, problem = open_table(body, dealer, drawn=chosen is None,
                                  make=lambda: group_forms.create_table(form, body))
    if problem:
        return render_template("new.html", form=form, problem=problem, seats=SEATS), problem.status
    return redirect(url_for("pages.share", table_id=created["id"]), 303)


def dealer_seat(chosen: str, typed: list[str]) -> int | None:
    """The seat of the dealer chosen on the form by its place among the name fields, counted among the names
    typed (a field left blank is no seat); None for "drawn at random" or a blank field."""
    if not chosen.isdigit() or int(chosen) >= len(typed) or not typed[int(chosen)]:
        return None
    return sum(1 for name in typed[:int(chosen)] if name)


def open_table(body: dict, dealer: int, drawn: bool, make=None, **notes):
    """Create a table (`make()`, by default the service's), issue its seats' join codes, note its first dealer,
    keep its host token on this phone."""
    created, problem = make() if make is not None else backend.create_table(body)
    if problem:
        return None, problem
    seat_codes = [codes.issue(created["id"], s["seat"], s["token"]) for s in created["seats"]]
    codes.save_table(created["id"], {"codes": seat_codes, "dealer": dealer, "drawn": drawn, **notes})
    security.remember(created["id"], "host", None, created["host_token"])
    return created, None


@bp.get("/t/<table_id>/share")
def share(table_id):
    """Show the host each seat's join code and QR code, and the spectators' link."""
    table = backend.read(table_id)
    who = security.access(table_id)
    info = codes.table_info(table_id, renew=who["role"] == "host")
    seats = []
    for player, code in zip(table["players"], info.get("codes", []), strict=False):
        link = external_url("pages.join_code", code=code)
        seats.append({**player, "code": code, "link": link,
                      "qr": qr_svg(link, _("QR code to join as %(name)s", name=player["name"]))})
    if who["role"] == "host" and seat_phones.holds(table_id):  # E-6: one phone a seat; the host releases one
        held = context.current().phones.holders(table_id)
        for seat in seats:
            seat["held"] = seat["seat"] in held
    watch = external_url("play.table", table_id=table_id)
    return render_template("share.html", table=table, who=who, seats=seats if who["role"] == "host" else [],
                           watch=watch, watch_qr=qr_svg(watch, _("QR code of the spectators' link")))


@bp.post("/t/<table_id>/seats/<int:seat>/release")
def release_seat(table_id, seat):
    """The host releases a seat from the phone that holds it (E-6): the next phone to open its link takes it."""
    who = security.access(table_id)
    if who["role"] != "host":
        abort(403, description=_("Only the host releases a seat."))
    _answer, problem = backend.call(seat_phones.release, table_id, who["token"], seat)
    if problem:
        abort(problem.status, description=problem_detail(problem))
    return redirect(url_for("pages.share", table_id=table_id), 303)


@bp.get("/j/<code>")
def join_code(code):
    """Take the seat a code stands for on this phone (the link in a QR code)."""
    found = codes.lookup(code)
    if not found:
        abort(404, description=_("No seat has this code. Check the eight characters with the host (a code lasts 12 hours)."))
    refused = _hold(found)
    if refused:
        return render_template("join.html", problem=refused, code=""), 409
    security.remember(found["table"], "seat", found["seat"], found["token"])
    return redirect(url_for("play.table", table_id=found["table"]), 303)


def _hold(found: dict) -> str | None:
    """This phone takes the code's seat: None when it is this phone's (or the table holds no seat to a phone),
    else what the refusal says (E-6: one phone, one seat)."""
    names = [p["name"] for p in backend.read(found["table"])["players"]]
    taken = holding.take(found["table"], found["seat"], names)
    return holding.refusal(taken, names, director=seat_phones.tournament_of(found["table"]) is not None)


@bp.post("/join")
def join():
    """Take a seat from a typed code."""
    found = codes.lookup(request.form.get("code", ""))
    if not found:
        return render_template("join.html", problem=_("No seat has this code. Check the eight characters with the host (a code lasts 12 hours)."),
                               code=request.form.get("code", "")), 404
    refused = _hold(found)
    if refused:
        return render_template("join.html", problem=refused, code=request.form.get("code", "")), 409
    security.remember(found["table"], "seat", found["seat"], found["token"])
    return redirect(url_for("play.table", table_id=found["table"]), 303)


@bp.get("/join")
def join_form():
    """Show the form to type a join code."""
    return render_template("join.html", problem=None, code="")


@bp.get("/rules")
def rules():
    """Show the rules, an anchor per rule id."""
    html, ids = rulesdoc.rules_html(current_lang())
    return render_template("rules.html", rules=html, ids=ids)


@bp.get("/privacy")
def privacy():
    """What is stored, why, for how long, and how to have a player forgotten (docs/PRIVACY.md)."""
    return render_template("privacy.html", months=current_app.config.get("RETENTION_MONTHS") or 12)


@bp.post("/lang")
def language():
    """Switch the language of this phone and go back where it was."""
    chosen = request.form.get("lang")
    if chosen in LANGUAGES:
        session["lang"] = chosen
    return redirect(security.local_path(request.form.get("next"), "/"), 303)


@bp.route("/import", methods=["GET", "POST"])
def import_log():
    """Replay an exported log into a new table on this phone."""
    problem = None
    if request.method == "POST":
        upload = request.files.get("file")
        text = upload.read().decode("utf-8", "replace") if upload and upload.filename else request.form.get("log", "")
        created, problem = backend.call(service.import_log, ImportLog(text, backend.new_table))
        if created:
            security.remember(created["id"], "host" if created.get("host_token") else "watch",
                              None, created.get("host_token"))
            from api.web.table.notes import flash_note

            flash_note(created["id"], {"imported": "verified" if created.get("verified") else "unverified"})
            return redirect(url_for("play.table", table_id=created["id"]), 303)
    return render_template("import.html", problem=problem), (problem.status if problem else 200)
