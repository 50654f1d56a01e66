"""This phone's groups, kept in its signed session like its tables: `[id, token, name]`, most recent first."""

from __future__ import annotations

from flask import abort, session

from api.application import group_service
from api.application.errors import ApplicationError
from api.web.words.i18n import gettext as _

KEEP_GROUPS = 6  # the session cookie must stay under 4 KB, beside the tables


def my_groups() -> list[dict]:
    return [dict(zip(("id", "token", "name"), row, strict=False)) for row in session.get("groups", [])]


def remember(group_id: str, token: str, name: str) -> None:
    rows = session.get("groups", [])
    rows = ([[group_id, token, name]] + [r for r in rows if r[0] != group_id])[:KEEP_GROUPS]
    if rows != session.get("groups"):
        session["groups"] = rows
        session.permanent = True


def token(group_id: str) -> str | None:
    return next((row[1] for row in session.get("groups", []) if row[0] == group_id), None)


def opened(group_id: str):
    """The group this phone holds the token of; else the error page says how to get in."""
    try:
        return group_service.group(group_id, token(group_id))
    except ApplicationError as error:
        if error.status == 404:
            abort(404, description=_("There is no such group."))
        abort(403, description=_("This phone does not have this group's link. Ask a member to share it with you."))


def admin(group_id: str):
    """The group this phone holds the admin token of; the members' link is told what it may not do (403)."""
    record = opened(group_id)
    if not group_service.is_admin(record, token(group_id)):
        abort(403, description=_("Only the group's admin link may do this: forget or rename a player, rename the "
                                 "group, download a player's data or read what was done. Ask whoever made the group."))
    return record
