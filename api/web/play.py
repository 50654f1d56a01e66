"""The play screen, and writing entries from it: two taps for an ordinary turn."""

from __future__ import annotations

import uuid

from flask import Blueprint, abort, redirect, render_template, request, url_for

from api.web import (
    backend,
    cardview,
    codes,
    compose,
    exitcheck,
    facts,
    forms,
    implied,
    placing,
    security,
    summary,
    turn,
)
from api.web.gameview import deal_word
from api.web.i18n import gettext as _
from api.web.notes import flash_note, moved_on
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
    if at is None:
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
        "play.html", table=view, who=who, at=at, kinds=kinds, acting=security.acting(view, who),
        key=uuid.uuid4().hex, headline=headline, flash=flash_note(table_id), first_deal=first,
        story=story,
        stuck=turn.stuck_pickup(view, story, kinds), timed_out=turn.timeout_note(view, story),
        dealer=dealer, drawn=info.get("drawn"), implied=bool(after),
        next_table=summary.next_table(table_id, view) if at is None else None,
        again_dealer=summary.again_dealer(table_id, view) if at is None and view.get("status") == "finished" else 0,
    )


def _implied(table_id: str, view: dict, who: dict, kinds: list[str], dealer: int) -> list[str]:
    """Scorekeeping: what the table accepts once the next dealer has dealt, when this phone may write that deal
    (the host, or the dealer's seat): its result is offered at once, the deal implied (issue 18 §13)."""
    if view.get("tracking") != "results" or kinds != ["deal"] or not (
            who.get("role") == "host" or (who.get("role") == "seat" and who.get("seat") == dealer)):
        return []
    return after_deal(facts.reading(table_id), dealer)


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
    if entry["type"] == "exit" and "counts" not in entry:  # a quick score (counts) is not a declaration of cards
        # Cards are not a declaration until the player confirms one (C-6..C-13): check them first, and never
        # record a valid arrangement as an invalid exit.
        checked = exitcheck.gate(view, request.form, entry.get("seat"))
        if checked is not None:
            status = 422 if exitcheck.refused(request.form, checked) else 200
            return compose.page(table_id, "exit", request.form, checking=True, status=status, checked=checked)
    if entry["type"] in ("lay_off", "retrieve_joker"):
        gone = compose.gone_meld(table_id, view, entry.get("meld"))
        if gone:
            flash_note(table_id, {"problem": gone.to_dict(), "form": dict(request.form)})
            return redirect(back, 303)
    if "seat" in entry and not security.may_act_for(who, entry["seat"]):
        abort(403, description=_("This phone holds another seat: it cannot enter for %(name)s.",
                                 name=view["players"][entry["seat"]]["name"] if 0 <= entry["seat"] < len(
                                     view["players"]) else entry["seat"]))
    asking = placing.place(view, entry)  # melds, lay-off: each joker where it fits; several places: ask (K-5)
    if asking is not None:
        return compose.page(table_id, entry["type"], request.form, asking=asking)
    version = forms.number(request.form.get("version"))
    # Scorekeeping: a result implies its deal, written first (api.web.implied)
    answer, problem = implied.post(table_id, view, who["token"], version, entry, request.form.get("key"))
    if problem:
        flash_note(table_id, {"problem": moved_on(problem).to_dict(), "form": dict(request.form)})
        return redirect(back if problem.status != 409 else url_for("play.table", table_id=table_id), 303)
    assert answer is not None  # backend.post gives an answer or a problem
    seq = answer["entry"]["seq"]
    if answer.get("verdict"):  # an exit's too: its verdict on the table page, the entry one tap away
        flash_note(table_id, {"verdict": answer["verdict"], "seq": seq})
    return redirect(url_for("play.table", table_id=table_id), 303)


bp.add_app_template_global(facts.meld_no, "meld_no")


@bp.app_template_global()
def pile_card(table: dict, seq: int) -> str | None:
    """The card a draw from the discard pile took."""
    return facts.pile_card(table["id"], seq) if table.get("id") else None


@bp.app_template_global()
def is_attempt(table: dict, seq: int) -> bool:
    """An exit the referee found not valid: an attempt (C-13), not a way out."""
    return bool(table.get("id")) and seq in facts.attempts(table["id"])

