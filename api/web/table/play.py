"""The play screen, and writing entries from it: two taps for an ordinary turn."""

from __future__ import annotations

import uuid

from flask import Blueprint, abort, redirect, render_template, request, url_for

from api.web import backend, security
from api.web.gameview import deal_word
from api.web.table import cardview, codes, compose, exitcheck, facts, forms, offers, submit, summary, turn, undo
from api.web.table.notes import flash_note, in_background
from api.web.tournaments import pages as tournament_pages
from api.web.words.i18n import gettext as _
from referee import games
from referee.reading.implied import after_deal

bp = Blueprint("play", __name__)
bp.before_request(security.check_csrf)
bp.add_app_template_filter(cardview.cardtext, "cardtext")
bp.add_url_rule("/t/<table_id>/compose/<kind>", view_func=compose.compose, methods=["GET", "POST"])


@bp.get("/t/<table_id>")
def table(table_id):
    """Show the table: whose turn, what they may do now, counts, melds, scores."""
    at = forms.number(request.args.get("at"))
    view = backend.read(table_id, at=at)
    if at is None and not in_background():  # a visit: the table first in this phone's list
        security.remember(table_id, "watch")
    who = security.access(table_id)
    first = turn.is_first_deal(view)
    info = codes.table_info(table_id) if first else {}
    kinds = turn.may(view) if at is None else []
    dealer = turn.next_dealer(view, info.get("dealer"))
    after = _implied(table_id, view, who, kinds, dealer)
    kinds = after or kinds
    game = games.get(view["game"])
    live_turn = at is None and (game.has("clock") or game.has("pickup")) and turn.turn_seat(view) is not None
    story = facts.open_turn(table_id) if live_turn else None  # a timeout or a pickup to explain
    headline = deal_word(view, "Enter the result of the deal.") if after else turn.headline(view, story)
    if at is None and "deal" in kinds and not security.may_act_for(who, dealer):  # not "Deal the cards" to a
        headline = _("%(name)s deals the cards.", name=view["players"][dealer]["name"])  # phone that waits
    return render_template(
        "play.html", table=facts.told(view, entries=game.has("table_melds")), who=who, at=at, kinds=kinds, acting=security.acting(view, who),
        offers=offers.offers(view, who, kinds, dealer, bool(after)), evening=tournament_pages.at_table(view),
        undo_offer=undo.offers(view, who) if at is None else None,
        key=uuid.uuid4().hex, headline=headline, flash=flash_note(table_id), first_deal=first,
        story=story,
        stuck=turn.stuck_pickup(view, story, kinds), timed_out=turn.timeout_note(view, story),
        dealer=dealer, drawn=info.get("drawn"), implied=bool(after),
        next_table=summary.next_table(table_id, view) if at is None else None,
        again_dealer=summary.again_dealer(table_id, view) if at is None and view.get("status") == "finished" else 0,
    )


def _implied(table_id: str, view: dict, who: dict, kinds: list[str], dealer: int) -> list[str]:
    """Scorekeeping: what the table accepts once the next dealer has dealt, on the host's phone or any seat's (a
    scorekeeping table's deal and result are the table's, `referee.scorekeeping`): its result is offered at once,
    the deal implied (issue 18 §13)."""
    if view.get("tracking") != "results" or kinds != ["deal"] or who.get("role") not in ("host", "seat"):
        return []
    return after_deal(facts.reading(table_id), dealer)


@bp.post("/t/<table_id>/entry")
def enter(table_id):
    """Write the entry a play form describes (`submit`), then show the table again (refusals in plain words)."""
    form = request.form
    out = submit.submit(table_id, form)
    here = url_for("play.table", table_id=table_id)
    if out.forbidden:
        abort(403, description=out.forbidden)
    if out.checked is not None:  # the exit screen shows the check; a refused confirmation is a 422
        status = 422 if exitcheck.refused(form, out.checked) else 200
        return compose.page(table_id, "exit", form, checking=True, status=status, checked=out.checked)
    if out.asking is not None:
        return compose.page(table_id, out.entry["type"], form, asking=out.asking)
    if out.problem:
        flash_note(table_id, {"problem": out.problem.to_dict(), "form": dict(form)})
        return redirect(security.local_path(form.get("back"), here) if out.problem.status != 409 else here, 303)
    assert out.answer is not None  # written, since nothing stopped it
    if out.answer.get("verdict"):  # an exit's too: its verdict on the table page, the entry one tap away
        flash_note(table_id, {"verdict": out.answer["verdict"], "seq": out.answer["entry"]["seq"]})
    return redirect(here, 303)



