"""This phone's tournaments, kept in its signed session: as director `[id, token]`, as a player `[id, key, i]`."""

from __future__ import annotations

from flask import abort, session

from api.application import tournaments
from api.application.errors import ApplicationError
from api.web.words.i18n import gettext as _

KEEP = 4  # the session cookie must stay under 4 KB, beside the tables and groups


def _keep(name: str, row: list) -> None:
    rows = session.get(name, [])
    rows = ([row] + [r for r in rows if r[0] != row[0]])[:KEEP]
    if rows != session.get(name):
        session[name] = rows
        session.permanent = True


def remember_director(tournament_id: str, token: str) -> None:
    _keep("directing", [tournament_id, token])


def director_token(tournament_id: str) -> str | None:
    return next((row[1] for row in session.get("directing", []) if row[0] == tournament_id), None)


def directing(tournament_id: str):
    """The tournament this phone directs; else the error page says so."""
    try:
        return tournaments.director(tournament_id, director_token(tournament_id))
    except ApplicationError as error:
        if error.status == 404:
            abort(404, description=_("There is no such tournament."))
        abort(403, description=_("This phone is not the director's of this tournament. Open the director's link."))


def remember_player(tournament_id: str, key: str, player: int) -> None:
    _keep("playing", [tournament_id, key, player])


def player_of(tournament_id: str) -> tuple[str, int] | None:
    """The players' link key and the player this phone is, for this tournament, if she tapped her name here."""
    row = next((r for r in session.get("playing", []) if r[0] == tournament_id), None)
    return None if row is None else (row[1], row[2])
