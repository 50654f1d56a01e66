"""The phone's outbox sends its entries here: the play forms' fields, answered in JSON (static/outbox.js).

`POST /t/<id>/outbox` takes the same fields as `POST /t/<id>/entry` (CSRF, version, key, type, seat, cards)
and writes through the same service. An entry sent as it was made (`live=1`) keeps the page's usual flow:
the answer names the page to show, and the session carries its verdict or refusal as `play.enter` does. An
entry replayed from the queue gets the facts instead: 409 with what the table did meanwhile, in words.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request, url_for

from api.web import backend, exitcheck, forms, implied, placing, security
from api.web.i18n import gettext as _
from api.web.messages import spoken
from api.web.notes import flash_note, moved_on

bp = Blueprint("outbox", __name__)
bp.before_request(security.check_csrf)


def _unchecked(table_id: str, form: dict, checked: dict):
    """An exit the check did not let through: 422, and the exit screen that shows the check, to go on from."""
    if checked["state"] in ("valid", "arranged"):
        detail = _("These cards make a valid exit: confirm it on the exit screen.")
    else:
        detail = _("Not a valid exit: the exit screen says why, and asks before it records the attempt.")
    problem = backend.Problem(422, _("Not recorded"), detail)
    fields = {k: form[k] for k in ("seat", "runs", "timing", "confirm") if form.get(k)}
    page = url_for("play.compose", table_id=table_id, kind="exit", action="check", **fields)
    return _answer(table_id, 422, {"problem": spoken(problem.to_dict())}, page)


def _ask(table_id: str, form: dict, kind: str):
    """Melds, or a lay-off, whose joker fits several places: 422, and the screen that asks where (one tap an
    answer)."""
    if kind == "lay_off":
        detail = _("The joker fits more than one place: choose one on the lay-off screen.")
    else:
        detail = _("The joker fits more than one place: choose one on the melds screen.")
    problem = backend.Problem(422, _("Where does the joker go?"), detail)
    fields = {k: form[k] for k in ("seat", "melds", "meld", "cards") if form.get(k)}
    page = url_for("play.compose", table_id=table_id, kind=kind, action="place", **fields)
    return _answer(table_id, 422, {"problem": spoken(problem.to_dict())}, page)


def _answer(table_id: str, status: int, body: dict, redirect: str):
    return jsonify({"status": status, "redirect": redirect, **body}), status


@bp.post("/t/<table_id>/outbox")
def send(table_id):
    """Write one queued entry; 201, or the problem (409: what happened meanwhile) as JSON."""
    view = backend.read(table_id)
    who = security.access(table_id)
    live = request.form.get("live") == "1"
    form = {k: v for k, v in request.form.items() if k != "live"}
    here = url_for("play.table", table_id=table_id)
    back = security.local_path(form.get("back"), here)
    entry, bad = forms.safe_entry_from(request.form, len(view["players"]))
    problem = backend.problem_of(bad) if bad else None
    if problem is None and "seat" in entry and not security.may_act_for(who, entry["seat"]):
        seat = entry["seat"]
        name = view["players"][seat]["name"] if 0 <= seat < len(view["players"]) else seat
        problem = backend.Problem(403, _("Not your seat"),
                                  _("This phone holds another seat: it cannot enter for %(name)s.", name=name))
    answer = None
    if problem is None and entry["type"] == "exit" and "counts" not in entry:
        checked = exitcheck.gate(view, form, entry.get("seat"))
        if checked is not None:  # not written: the exit screen shows the check (C-6..C-13), as play.enter does
            return _unchecked(table_id, form, checked)
    if problem is None and placing.place(view, entry) is not None:  # not written: the screen asks where
        return _ask(table_id, form, entry["type"])  # the joker of the melds or the lay-off goes
    if problem is None:
        answer, problem = implied.post(table_id, view, who["token"], forms.number(form.get("version")), entry,
                                       form.get("key"))  # a scorekeeping result writes its deal first
    if problem:
        problem = moved_on(problem)
        if live:
            flash_note(table_id, {"problem": problem.to_dict(), "form": form})
        if problem.status != 409:
            return _answer(table_id, problem.status, {"problem": spoken(problem.to_dict())}, back)
        now = backend.read(table_id)
        version = forms.number(form.get("version"), 0)
        meanwhile = [i for i in backend.entries(table_id, version)]
        html = render_template("live/meanwhile.html", table=now, items=meanwhile)
        return _answer(table_id, 409, {"problem": spoken(problem.to_dict()), "version": now["version"],
                                       "meanwhile": html}, here)
    seq = answer["entry"]["seq"]
    if answer.get("verdict") and live:  # an exit's too: back on the table page, its verdict on top (issue 18 §6)
        flash_note(table_id, {"verdict": answer["verdict"], "seq": seq})
    return _answer(table_id, 201, {"version": answer["version"], "seq": seq}, here)
