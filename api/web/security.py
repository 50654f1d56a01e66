"""CSRF tokens, and the tokens of this phone's tables kept in its signed session."""

from __future__ import annotations

import hmac
import secrets

from flask import abort, request, session

from api.web import holding
from api.web.table import forms, turn
from api.web.words.i18n import gettext

KEEP_TABLES = 12  # the session cookie must stay under 4 KB


def csrf_token() -> str:
    """Give this session's CSRF token, making one the first time."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(16)
    return token


def check_csrf() -> None:
    """Refuse a POST whose form field or X-CSRF header does not carry the session's token."""
    if request.method != "POST":
        return
    sent = request.form.get("csrf") or request.headers.get("X-CSRF", "")
    expected = session.get("csrf")
    if not expected or not hmac.compare_digest(sent, expected):
        abort(400, description=gettext("This form has expired or came from elsewhere (CSRF). "
                                       "Reload the page and try again."))


def my_tables() -> list[dict]:
    """This phone's tables, most recent first: `{"id", "role", "seat", "token"}`."""
    return [dict(zip(("id", "role", "seat", "token"), row, strict=False)) for row in session.get("tables", [])]


def remember(table_id: str, role: str, seat: int | None = None, token: str | None = None) -> None:
    """Put a table first in this phone's list; a seat or host token is kept, never downgraded."""
    rows = session.get("tables", [])
    old = next((r for r in rows if r[0] == table_id), None)
    if old and old[1] == "host" and role != "host":
        role, seat, token = old[1], old[2], old[3]
    elif old and role == "watch" and old[1] == "seat":
        role, seat, token = old[1], old[2], old[3]
    rows = ([[table_id, role, seat, token]] + [r for r in rows if r[0] != table_id])[:KEEP_TABLES]
    if rows != session.get("tables"):  # an unchanged list leaves the cookie alone
        session["tables"] = rows
        session.permanent = True


def give_up_seat(table_id: str) -> None:
    """This phone no longer holds its seat at this table (its player was moved elsewhere): it watches it."""
    rows = session.get("tables", [])
    if any(r[0] == table_id and r[1] == "seat" for r in rows):
        session["tables"] = [[r[0], "watch", None, None] if r[0] == table_id else r for r in rows]
        session.permanent = True


def access(table_id: str) -> dict:
    """What this phone may do at a table: `{"role": "host"|"seat"|"watch", "seat", "token"}`. A seat released
    from this phone and taken by another is no longer this phone's (E-6: one phone, one seat): it watches."""
    for row in session.get("tables", []):
        if row[0] == table_id:
            if row[1] == "seat" and isinstance(row[2], int) and holding.lost(table_id, row[2]):
                return {"role": "watch", "seat": None, "token": None, "released": row[2]}
            return {"role": row[1], "seat": row[2], "token": row[3]}
    return {"role": "watch", "seat": None, "token": None}


def may_act_for(who: dict, seat: int | None) -> bool:
    """The host acts for any seat; a seat's phone only for its own seat."""
    if who["role"] == "host":
        return True
    return who["role"] == "seat" and seat is not None and seat == who["seat"]


def local_path(target: str | None, default: str) -> str:
    """Keep a redirect on this site: a path like `/t/x`, never `//host` or `/\\host`."""
    if not target or not target.startswith("/") or target[1:2] in ("/", "\\"):
        return default
    return target


def acting(view: dict, who: dict):
    """The seat this phone enters for: its own seat; for the host the one asked for, else the turn's."""
    if who["role"] == "seat":
        return who["seat"]
    if who["role"] != "host":
        return None
    chosen = forms.number(request.args.get("seat"))
    if chosen is not None and 0 <= chosen < len(view["players"]):
        return chosen
    return turn.turn_seat(view)
