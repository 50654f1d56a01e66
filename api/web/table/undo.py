"""Undo last: one tap on the table page voids the last entry this phone wrote, after a confirmation in words.

A seat's phone undoes its own seat's last entry (the seat that may void it, E-2); the host's phone undoes the
table's last entry, or any seat's last. An exit is corrected by the host only (E-2 *Reading*): a seat's phone
is told so instead of being offered a void the referee would refuse.
"""

from __future__ import annotations

import uuid

from flask import Blueprint, abort, redirect, render_template, request, url_for

from api.web import backend, security
from api.web.gameview import deal_word
from api.web.table import facts, forms
from api.web.table.notes import flash_note, moved_on
from api.web.words.i18n import card_label
from api.web.words.i18n import gettext as _
from api.web.words.messages import entry_type
from referee.reading.undo import NEVER, as_they_stand, recent, undoable

bp = Blueprint("undo", __name__)
bp.before_request(security.check_csrf)


def _item(entry) -> dict:
    """An entry of the log as the API lists it (without its hash), for the templates."""
    return {"seq": entry.seq, "type": entry.type, "seat": entry.seat, **entry.data}


def offers(table: dict, who: dict) -> dict:
    """What this phone may undo now (`referee.reading.undo`): `{"last": item | None, "seats": [(name, item)],
    "items": {seq: item}, "recent": [item]}` (`recent`: the newest entries it may correct, one tap each); the host's confirmation page says when a seat's entry can no longer be undone."""
    out = {"last": None, "seats": [], "items": {}, "recent": []}
    if who.get("role") not in ("host", "seat"):
        return out
    reading = facts.reading(table["id"])
    seat = who["seat"] if who["role"] == "seat" else None
    if seat is not None and getattr(reading.replay.state, "closed", None) is not None:
        return out  # E-7: a closed table takes no seat's entry, an undo neither (its 409 is not offered)
    offered = undoable(reading, seat)
    out["recent"] = [_item(entry) for entry in recent(reading, seat)]
    out["last"] = _item(offered.last) if offered.last else None
    out["seats"] = [(table["players"][seat]["name"], _item(entry)) for seat, entry in offered.seats.items()]
    out["items"] = {seq: _item(entry) for seq, entry in as_they_stand(reading.entries).items()}
    return out


def author(table: dict, item: dict) -> str:
    """Who an entry speaks for: its seat, the dealer of a deal, else the table."""
    seat = item.get("seat") if item.get("seat") is not None else item.get("dealer") if item["type"] == "deal" else None
    return table["players"][seat]["name"] if isinstance(seat, int) and 0 <= seat < len(table["players"]) \
        else _("the table")


def _meld_no(table: dict, meld) -> object:
    """A meld's number as the page's view model says it (`table.told`), else as the log reads it."""
    told = table.get("told")
    return told.meld(meld) if told is not None else facts.meld_no(table, meld)


def short(table: dict, item: dict) -> str:
    """Say an entry in a few words, naming the player: "Ben discarded 3♣", "Ana's deal"; any other type as the
    reader's language names it, with its article ("the ruling", « la décision »: "Undo: the ruling"), never as the
    log writes it."""
    name, kind = author(table, item), item["type"]
    if kind == "draw":
        return (_("%(name)s took from the stock", name=name) if item.get("from") == "stock"
                else _("%(name)s took the discard", name=name))
    if kind == "discard":
        return _("%(name)s discarded %(card)s", name=name, card=card_label(item.get("card", "")))
    if kind == "upcard":  # G-3
        return (_("%(name)s took the upcard", name=name) if item.get("take")
                else _("%(name)s passed on the upcard", name=name))
    if kind == "lay_off" and "card" in item:  # gin: one card the referee proposed (G-8)
        return _("%(name)s laid off %(card)s", name=name, card=card_label(item.get("card", "")))
    if kind == "lay_off":  # two lay-offs of one player: told apart by their cards and their meld's number
        cards = " ".join(card_label(card) for card in item.get("cards") or [])
        return _("%(name)s laid off %(cards)s on meld %(n)s", name=name, cards=cards,
                 n=_meld_no(table, item.get("meld")))
    if kind == "retrieve_joker":
        return _("%(name)s took the joker of meld %(n)s, putting %(card)s", name=name,
                 n=_meld_no(table, item.get("meld")), card=card_label(item.get("card", "")))
    if kind == "meld":  # two lay-downs of one player: told apart by their cards
        melds = " · ".join(" ".join(card_label(card) for card in meld) for meld in item.get("melds") or [])
        return _("%(name)s laid down %(cards)s", name=name, cards=melds)
    words = {"deal": _("%(name)s's deal", name=name), "exit": _("%(name)s's exit", name=name),
             "hand": _("%(name)s's hand", name=name), "show": _("%(name)s's hand shown", name=name),
             "knock": _("%(name)s's knock", name=name),
             "done": _("the end of %(name)s's lay-offs", name=name),
             "round": _("the round"), "null_deal": deal_word(table, "the null deal"),
             "confirm": _("%(name)s's confirmation", name=name), "dispute": _("%(name)s's dispute", name=name),
             "adjust": _("the ruling"), "timeout": _("the timeout of %(name)s", name=name),
             "void": _("the voiding of entry %(n)s", n=item.get("target")),
             "replace": _("the correction of entry %(n)s", n=item.get("target"))}
    return words.get(kind) or entry_type(kind)


def _host_only(item: dict, who: dict) -> bool:
    """An exit, valid or invalid, is voided by the host only (E-2 Reading): its cards stay known (C-11)."""
    return item["type"] == "exit" and who["role"] != "host"


@bp.route("/t/<table_id>/undo/<int:seq>", methods=["GET", "POST"])
def undo(table_id, seq):
    """Ask to confirm, in words, the void of one entry; on confirmation write it and go back to the table."""
    from api.web.table.history import preview

    view = backend.read(table_id)
    who = security.access(table_id)
    if who["role"] not in ("host", "seat"):
        abort(403, description=_("This phone has no seat at this table: join with a code first."))
    items = backend.entries(table_id)
    item = next((i for i in items if i["seq"] == seq), None)
    if item is None or item["type"] in NEVER:
        abort(404, description=_("There is no entry %(n)s to undo at this table.", n=seq))
    after, problem = (None, None) if _host_only(item, who) else preview(view, facts.reading(table_id).entries,
                                                                            {"type": "void", "target": seq})
    if request.method == "POST" and after is not None:
        version = forms.number(request.form.get("version"))
        answer, problem = backend.post(table_id, who["token"], version, {"type": "void", "target": seq},
                                       request.form.get("key"))
        if answer:
            flash_note(table_id, {"undone": seq})
            return redirect(url_for("play.table", table_id=table_id), 303)
        problem = moved_on(problem)
    refused = request.method == "POST" and _host_only(item, who)
    status = problem.status if problem else (403 if refused else 200)
    return render_template("undo.html", table=facts.told(view), item=item, after=after, problem=problem, who=who,
                           host_only=_host_only(item, who), key=uuid.uuid4().hex), status
