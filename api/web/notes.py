"""One message kept for the next view of a table (post/redirect/get), and the words of a table that moved on."""

from __future__ import annotations

from flask import session

from api.web import backend
from api.web.i18n import gettext as _


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
    """Word a 409 as what it means on a page: someone entered first; check the table, then send again."""
    if problem.status == 409:
        problem.title = _("The table moved on")
        problem.detail = _("Someone entered something first. Here is the table now: check, then send again.")
    return problem
