"""One message kept for the next view of a table (post/redirect/get), a refresh told from a visit, and the words
of a table that moved on."""

from __future__ import annotations

from flask import request, session

from api.web import backend
from api.web.words.i18n import gettext as _


def flash_note(table_id: str, value: dict | None = None) -> dict | None:
    """Keep one message for the next view of a table (post/redirect/get), or pop it.

    A page's own refresh in the background (live.js on a new entry, marked `X-Live`) neither shows nor takes it:
    the entry a phone just sent reaches its other open page's stream before the browser follows the redirect,
    and that page's refresh would otherwise take the verdict meant for the page the phone is going to.
    """
    if value is not None:
        session["flash"] = {"table": table_id, **value}
        return value
    if in_background():
        return None
    kept = session.get("flash")
    if kept and kept.get("table") == table_id:
        session.pop("flash")
        return kept
    return None


def in_background() -> bool:
    """Whether this request is a page's own refresh in the background (live.js, marked `X-Live`), not a visit: it
    takes no kept message and moves no table up the phone's list, since a cookie it sent, the session as it was
    when it left, could land after a form's answer and undo it (api/shell/sessions.py)."""
    return bool(request.headers.get("X-Live"))


def moved_on(problem: backend.Problem) -> backend.Problem:
    """Word a 409 as what it means on a page: someone entered first; check the table, then send again."""
    if problem.status == 409:
        problem.title = _("The table moved on")
        problem.detail = _("Someone entered something first. Here is the table now: check, then send again.")
        problem.key = problem.params = None  # these words, not the service's (its key would be said instead)
    return problem
