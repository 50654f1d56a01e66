"""The play screen, and writing entries from it: two taps for an ordinary turn."""

from __future__ import annotations

import uuid

from flask import Blueprint, abort, redirect, render_template, request, session, url_for

from api.web import backend, codes, forms, quick, security, turn
from api.web.i18n import gettext as _

bp = Blueprint("play", __name__)
bp.before_request(security.check_csrf)


def flash_note(table_id: str, value: dict | None = None) -> dict | None:
    """Keep one message for the next view of a table (post/redirect/get), or pop it."""
    if value is not None:
        session["flash"] = {"table": table_id, **value}
        return value
    kept = session.get("flash")
    if kept and kept.get("table") == table_id:
        session.pop("flash")
        return kept
    return None


def moved_on(problem: backend.Problem) -> backend.Problem:
    if problem.status == 409:
        problem.title = _("The table moved on")
        problem.detail = _("Someone entered something first. Here is the table now: check, then send again.")
    return problem


@bp.get("/t/<table_id>")
def table(table_id):
    """Show the table: whose turn, what they may do now, counts, melds, scores."""
    at = forms.number(request.args.get("at"))
    view = backend.read(table_id, at=at)
    if at is None:
        security.remember(table_id, "watch")
    who = security.access(table_id)
    first = turn.is_first_deal(view)
    info = codes.table_info(table_id) if first else {}
    kinds = turn.may(view) if at is None else []
    return render_template(
        "play.html", table=view, who=who, at=at, kinds=kinds, acting=_acting(view, who), key=uuid.uuid4().hex,
        headline=turn.headline(view), flash=flash_note(table_id), first_deal=first,
        dealer=turn.next_dealer(view, info.get("dealer")), drawn=info.get("drawn"),
    )


def _acting(view: dict, who: dict):
    """The seat this phone enters for: its own seat; for the host the one asked for, else the turn's."""
    if who["role"] == "seat":
        return who["seat"]
    if who["role"] != "host":
        return None
    chosen = forms.number(request.args.get("seat"))
    if chosen is not None and 0 <= chosen < len(view["players"]):
        return chosen
    return turn.turn_seat(view)


@bp.post("/t/<table_id>/entry")
def enter(table_id):
    """Write the entry a play form describes, then show the table again (refusals in plain words)."""
    view = backend.read(table_id)
    who = security.access(table_id)
    entry, bad = forms.safe_entry_from(request.form, len(view["players"]))
    back = security.local_path(request.form.get("back"), url_for("play.table", table_id=table_id))
    if bad:
        flash_note(table_id, {"problem": backend.problem_of(bad).to_dict(), "form": dict(request.form)})
        return redirect(back, 303)
    if "seat" in entry and not security.may_act_for(who, entry["seat"]):
        abort(403, description=_("This phone holds another seat: it cannot enter for %(name)s.",
                                 name=view["players"][entry["seat"]]["name"] if 0 <= entry["seat"] < len(
                                     view["players"]) else entry["seat"]))
    version = forms.number(request.form.get("version"))
    answer, problem = backend.post(table_id, who["token"], version, entry, request.form.get("key"))
    if problem:
        flash_note(table_id, {"problem": moved_on(problem).to_dict(), "form": dict(request.form)})
        return redirect(back if problem.status != 409 else url_for("play.table", table_id=table_id), 303)
    seq = answer["entry"]["seq"]
    if entry["type"] == "exit":
        return redirect(url_for("history.entry", table_id=table_id, seq=seq), 303)
    if answer.get("verdict"):
        flash_note(table_id, {"verdict": answer["verdict"], "seq": seq})
    return redirect(url_for("play.table", table_id=table_id), 303)


@bp.route("/t/<table_id>/compose/<kind>", methods=["GET", "POST"])
def compose(table_id, kind):
    """Enter several cards with the picker: an exit, new melds, a lay-off, a hand, a round."""
    if kind not in ("exit", "meld", "lay_off", "hand", "round") + quick.KINDS:
        abort(404)
    view = backend.read(table_id)
    who = security.access(table_id)
    form = request.form if request.method == "POST" else request.args
    problem, arranged = None, None
    seat = forms.number(form.get("seat"), _acting(view, who))
    if kind in quick.KINDS:  # quick scores (results tracking): api.web.quick
        return quick.page(view, who, kind, form, seat, uuid.uuid4().hex, flash_note(table_id))
    if request.method == "POST" and request.form.get("action") == "arrange":
        arranged, problem = _arrange(view, form, seat)
    return render_template("compose.html", table=view, who=who, kind=kind, form=form, seat=seat,
                           problem=problem, arranged=arranged, key=uuid.uuid4().hex, flash=flash_note(table_id))


def _arrange(view: dict, form, seat: int | None):
    """Ask the solver for the best valid exit with these 15 cards (C-6..C-12)."""
    from referee.cards import parse_card
    from referee.continental.solver import arrange

    try:
        cards = [parse_card(c.split("=")[0]) for run in forms.runs(form.get("runs", "")) for c in run]
    except ValueError as exc:
        return None, backend.problem_of(exc)
    window = {w["seat"]: w["timing"] for w in turn.exit_seats(view)}
    timing = form.get("timing") or window.get(seat, "later")
    found = arrange(cards, players=len(view["players"]), timing=timing)
    if found is None:
        return None, backend.Problem(422, _("No valid exit"), "", [
            {"rule": "C-6", "message": _("These %(n)s cards make no valid exit (C-6 to C-10).", n=len(cards))}])
    runs, settlement = found
    return {"runs": [[p.text for p in run] for run in runs], "settlement": settlement.to_dict()}, None
