"""History and disputes: the timeline, one entry with its verdict and evidence, corrections with a preview."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime

from flask import Blueprint, abort, redirect, render_template, request, url_for

from api.web import backend, security
from api.web.table import changes, chart, evidence, facts, forms, quick
from api.web.table.notes import flash_note, moved_on
from api.web.words.i18n import gettext as _
from referee import games
from referee.log import Entry
from referee.log import replay as replay_log
from referee.violations import Refusal

bp = Blueprint("history", __name__)
bp.before_request(security.check_csrf)


@bp.get("/t/<table_id>/history")
def timeline(table_id):
    """Show every entry (time, author, verdict), the deals one by one and the chart of the scores."""
    view = backend.read(table_id)
    items = backend.entries(table_id)
    replayed = facts.reading(table_id).replay
    return render_template("history.html", table=facts.told(view), items=items, replayed=replayed, chart=chart.chart(view),
                           changes=changes.corrections(items),
                           who=security.access(table_id), flash=flash_note(table_id))


def _item(items: list[dict], seq: int) -> dict:
    found = next((i for i in items if i["seq"] == seq), None)
    if found is None:
        abort(404, description=_("no entry %(n)s at this table", n=seq))
    return found


@bp.get("/t/<table_id>/e/<int:seq>")
def entry(table_id, seq):
    """Show one entry: its fields, its verdict on the cards, and for an exit the evidence (C-11)."""
    view = backend.read(table_id)
    items = backend.entries(table_id)
    item = _item(items, seq)
    replayed = facts.reading(table_id).replay
    verdict = replayed.verdicts.get(seq)
    before = backend.read(table_id, at=seq - 1) if seq > 1 else None
    seen = evidence.seen(table_id, seq)
    return render_template("entry.html", table=facts.told(view), item=item, verdict=verdict, before=before, seen=seen,
                           changes=changes.corrections(items),
                           replayed=replayed, who=security.access(table_id), flash=flash_note(table_id))


def preview(view: dict, entries: Sequence[Entry], correction: dict):
    """Replay the log with `correction` added, without writing it: `(table after, None)` or `(None, problem)`."""
    body = {k: v for k, v in correction.items() if k not in ("type", "seat")}
    new = Entry(entries[-1].seq + 1, correction["type"], None, datetime.now(UTC), body)
    try:
        after = replay_log([*entries, new])
    except (Refusal, ValueError) as exc:
        return None, backend.problem_of(exc)
    return {**games.get(view["game"]).rules.view(after.state), "verdicts": after.verdicts}, None


@bp.route("/t/<table_id>/e/<int:seq>/void", methods=["GET", "POST"])
def void(table_id, seq):
    """Void an entry: first show what changes, then write the `void` on confirmation (E-2)."""
    return _correct(table_id, seq, "void")


@bp.route("/t/<table_id>/e/<int:seq>/replace", methods=["GET", "POST"])
def replace(table_id, seq):
    """Replace an entry: edit it, see what changes, then write the `replace` on confirmation (E-2)."""
    return _correct(table_id, seq, "replace")


def _correct(table_id: str, seq: int, kind: str):
    view = backend.read(table_id)
    items = backend.entries(table_id)
    item = _item(items, seq)
    who = security.access(table_id)
    correction, problem, after = {"type": kind, "target": seq}, None, None
    if kind == "replace":
        fields = request.form if request.method == "POST" else _fields_of(item)
        body, bad = forms.safe_entry_from({**fields, "type": item["type"]}, len(view["players"]))
        if bad:
            problem = backend.problem_of(bad)
        else:
            if item.get("seat") is not None and "seat" not in body:
                body["seat"] = item["seat"]
            correction["entry"] = body
    if problem is None and (kind == "void" or request.method == "POST"):
        after, problem = preview(view, facts.reading(table_id).entries, correction)
    if request.method == "POST" and request.form.get("action") == "confirm" and after is not None:
        answer, problem = backend.post(table_id, who["token"], forms.number(request.form.get("version")),
                                       correction, request.form.get("key"))
        if answer:
            done = _("entry %(n)s voided", n=seq) if kind == "void" else _("entry %(n)s replaced", n=seq)
            note = {"notice": done, "corrected": seq}
            if answer.get("verdict"):  # a replaced exit: its verdict now
                note.update(verdict=answer["verdict"], seq=seq)
            flash_note(table_id, note)
            return redirect(url_for("play.table", table_id=table_id), 303)  # back to the table, as every action
        problem = moved_on(problem)
    change = _change(item, correction)
    return render_template("correct.html", table=facts.told(view), item=item, kind=kind, after=after, problem=problem, change=change,
                           fields=request.form if request.method == "POST" else _fields_of(item),
                           who=who, key=uuid.uuid4().hex), (problem.status if problem else 200)


def _change(item: dict, correction: dict) -> dict | None:
    """The correction being previewed, before → after, as `changes.corrections` gives it for the timeline."""
    if correction["type"] == "void":
        return {"kind": "void", "before": item, "after": None, **changes.diff(item, None)}
    body = correction.get("entry")
    if not isinstance(body, dict):
        return None
    after = {"seq": item["seq"], **body, "seat": body.get("seat")}
    return {"kind": "replace", "before": item, "after": after, **changes.diff(item, after)}


def _fields_of(item: dict) -> dict:
    """The replace form's fields, filled from the entry it replaces."""
    from api.web.words.i18n import card_label

    def line(cards):
        return " ".join(card_label(c) for c in cards)

    out = {k: str(v) for k, v in item.items() if isinstance(v, (str, int)) and k not in evidence.META}
    if item.get("seat") is not None:
        out["seat"] = str(item["seat"])
    if "card" in item:
        out["card"] = card_label(item["card"])
    if "upcard" in item:
        out["upcard"] = card_label(item["upcard"])
    for key in ("runs", "melds"):
        if key in item:
            out[key] = "\n".join(line(run) for run in item[key])
    if "cards" in item:
        out["cards"] = line(item["cards"])
    for seat, cards in (item.get("hands") or {}).items():
        out[f"hand{seat}"] = line(cards)
    if item.get("type") == "adjust":  # E-5: the ruling's points per seat, and its reason
        out.update({f"points{seat}": str(points) for seat, points in (item.get("scores") or {}).items()})
    return {**out, **quick.fields_of(item)}
