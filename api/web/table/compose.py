"""Entering several cards with the picker: an exit (checked before it is written), melds, a lay-off, a hand."""

from __future__ import annotations

import uuid

from flask import abort, render_template, request

from api.web import backend, security
from api.web.table import exitcheck, facts, forms, placing, quick
from api.web.table.notes import flash_note
from api.web.words import messages
from api.web.words.i18n import gettext as _
from referee.cards import CardError
from referee.reading.numbers import laid_by

KINDS = ("exit", "meld", "lay_off", "hand", "round", "knock", "show")


def compose(table_id, kind):
    """Enter several cards with the picker: an exit, new melds, a lay-off, a hand, a round (a view of the play
    blueprint: play.compose)."""
    if kind not in KINDS + quick.KINDS:
        abort(404)
    form = request.form if request.method == "POST" else request.args
    if kind in quick.KINDS:  # quick scores (results tracking): api.web.table.quick
        view, who = backend.read(table_id), security.access(table_id)
        seat = forms.number(form.get("seat"), security.acting(view, who))
        return quick.page(view, who, kind, form, seat, uuid.uuid4().hex, flash_note(table_id))
    # Checking writes nothing, so a link may ask for it too (the outbox sends a refused confirmation back here).
    checking = form.get("action") in CHECKS
    return page(table_id, kind, form, checking)


CHECKS = ("check", "arrange", "record")  # record: the confirmation step of an invalid exit (C-13)


def page(table_id: str, kind: str, form, checking: bool = False, status: int = 200, checked: dict | None = None,
         asking: dict | None = None):
    """Render the entry screen; for an exit being checked, with what would be written (C-6..C-13); for melds
    whose joker fits several places, with the places to choose from (`placing.melds`)."""
    view = backend.read(table_id)
    who = security.access(table_id)
    flash = flash_note(table_id)
    seat = forms.number(form.get("seat"), security.acting(view, who))
    if checked is None and kind == "exit" and checking:
        checked = exitcheck.check(view, form, seat)
    if asking is None and form.get("action") == "place":  # a link asks too (the outbox's)
        asking = ask(view, kind, form)
    gone = gone_meld(table_id, view, forms.number(form.get("meld"))) if kind == "lay_off" else None
    proposals = placing.joker_proposals(view) if kind == "lay_off" and not (gone or asking) else {}
    return render_template("compose.html", table=facts.told(view, entries=False), who=who, kind=kind, form=form, seat=seat, checked=checked,
                           proposals=proposals,
                           declared_ok=bool(checked and exitcheck.may_record_as_declared(checked)),
                           confirming=bool(checked) and form.get("action") == "record",
                           not_taken=bool(checked) and exitcheck.refused(form, checked),
                           asking=asking, problem=gone, key=uuid.uuid4().hex, flash=flash,
                           numbers=messages.deal_numbers(view)), status


def ask(view: dict, kind: str, form) -> dict | None:
    """Where the joker of the melds, or of the lay-off, that `form` holds may go, when it fits several places
    (`placing`): the question the page asks, or None."""
    try:
        if kind == "meld":
            return placing.melds(view, forms.runs(form.get("melds", "")))[1]
        if kind == "lay_off":
            return placing.lay_off(view, forms.number(form.get("meld")), forms.cards(form.get("cards", "")))[1]
    except CardError:
        return None  # a card that is not one: the referee names it when the form is sent
    return None


def gone_meld(table_id: str, view: dict, meld: int | None) -> backend.Problem | None:
    """Say, by name, that a meld a link or form names is no longer on the table (a new deal began)."""
    deal = view.get("deal") or {}
    here = {m["id"] for m in deal.get("melds") or []} if deal.get("phase") not in ("deal", "over") else set()
    if meld in here or (meld is None and here):
        return None
    if meld is None:
        return backend.Problem(422, _("That meld is gone"), _("There is no meld on the table to lay off on."))
    owner = _owner(table_id, view, meld)
    number = facts.meld_number(table_id, meld)
    if owner is not None and number is not None:
        detail = _("Meld %(n)s of %(name)s is no longer on the table: a new deal has started.", n=number, name=owner)
    else:
        detail = _("This meld is no longer on the table: a new deal has started.")
    return backend.Problem(422, _("That meld is gone"), detail + " " + _("Choose a meld that is on the table now."))


def _owner(table_id: str, view: dict, meld: int) -> str | None:
    """The name of who laid meld `meld` (its id is the laying entry's seq × 10 + k)."""
    seat = laid_by(facts.reading(table_id).entries, meld)
    return view["players"][seat]["name"] if seat is not None else None
