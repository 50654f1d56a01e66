"""The phone's outbox sends its entries here: the play forms' fields, answered in JSON (static/outbox.js).

`POST /t/<id>/outbox` takes the same fields as `POST /t/<id>/entry` (CSRF, version, key, type, seat, cards)
and writes through the same service. An entry sent as it was made (`live=1`) keeps the page's usual flow:
the answer names the page to show, and the session carries its verdict or refusal as `play.enter` does. An
entry replayed from the queue gets the facts instead: 409 with what the table did meanwhile, in words.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request, url_for

from api.web import backend, security
from api.web.table import facts, forms, submit
from api.web.table.notes import flash_note
from api.web.words.i18n import gettext as _
from api.web.words.messages import spoken

bp = Blueprint("outbox", __name__)
bp.before_request(security.check_csrf)


def _unchecked(table_id: str, form: dict, checked: dict):
    """An exit the check did not let through: 422, and the exit screen that shows the check, to go on from."""
    if checked["state"] in ("valid", "arranged", "ask"):
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
    """Write one queued entry (`submit`, as the play form does); 201, or the problem (409: what happened
    meanwhile) as JSON."""
    live = request.form.get("live") == "1"
    form = {k: v for k, v in request.form.items() if k != "live"}
    out = submit.submit(table_id, form)
    here = url_for("play.table", table_id=table_id)
    if out.checked is not None:  # not written: the exit screen shows the check (C-6..C-13), as play.enter does
        return _unchecked(table_id, form, out.checked)
    if out.asking is not None:  # not written: the screen asks where the joker of the melds or the lay-off goes
        return _ask(table_id, form, out.entry["type"])
    problem = backend.Problem(403, _("Not your seat"), out.forbidden) if out.forbidden else out.problem
    if problem:
        if live:
            flash_note(table_id, {"problem": problem.to_dict(), "form": form})
        if problem.status != 409:
            back = security.local_path(form.get("back"), here)
            return _answer(table_id, problem.status, {"problem": spoken(problem.to_dict())}, back)
        return _meanwhile(table_id, form, problem, here)
    seq = out.answer["entry"]["seq"]
    if out.answer.get("verdict") and live:  # an exit's too: back on the table page, its verdict on top (issue 18 §6)
        flash_note(table_id, {"verdict": out.answer["verdict"], "seq": seq})
    return _answer(table_id, 201, {"version": out.answer["version"], "seq": seq}, here)


def _meanwhile(table_id: str, form: dict, problem: backend.Problem, here: str):
    """409: the table moved on since the entry was queued; what happened meanwhile, in words."""
    now = backend.read(table_id)
    meanwhile = list(backend.entries(table_id, forms.number(form.get("version"), 0)))
    html = render_template("live/meanwhile.html", table=facts.told(now), items=meanwhile)
    return _answer(table_id, 409, {"problem": spoken(problem.to_dict()), "version": now["version"],
                                   "meanwhile": html}, here)
