"""Tournaments (club nights): open one in a group, read it with its standings, its director's token.

The standings are a fold of its tables' logs (`tournament_standings`), never a second record of scores. The
rounds' seating is `tournament_rounds`.
"""

from __future__ import annotations

import secrets

from api.application import context, group_service, tournament_standings
from api.application.errors import ApiError
from api.rest.schemas.tournaments import read_new_tournament
from events import TournamentRecord
from referee import games, seating
from referee.violations import N_

MESSAGE_MOST = 280


def create(group_id: str, token: str | None, body: object) -> dict:
    """Open an evening in a group: its settings, its director's token (shown once), its pages' links."""
    group_service.group(group_id, token)
    loaded = read_new_tournament(body)
    game = games.get(loaded["game"])
    group_service.distinct(loaded["players"])
    loaded["options"] = game.rules.normalise_options(loaded["options"])
    if seating.table_sizes(len(loaded["players"]), loaded["table_size"], game.seats) is None:
        raise unseatable(len(loaded["players"]), loaded["table_size"], game)
    tournament_id, director, key = secrets.token_urlsafe(9), secrets.token_urlsafe(24), secrets.token_urlsafe(12)
    context.current().store.create_tournament(tournament_id, group_id, loaded, director, key)
    return {"id": tournament_id, "director_token": director, "page": player_page(tournament_id, key),
            "screen": f"/n/{tournament_id}/screen"}


def player_page(tournament_id: str, key: str) -> str:
    return f"/n/{tournament_id}/p/{key}"


def unseatable(count: int, size: int, game) -> ApiError:
    least, most = game.seats.start, game.seats.stop - 1
    return ApiError(422, N_("Cannot be seated"), f"{count} players cannot sit at tables of {size} (or one fewer): "
                                                 f"this game seats {least} to {most}",
                    key=N_("%(count)s players cannot sit at tables of %(size)s (or one fewer): this game seats "
                           "%(least)s to %(most)s"), params={"count": count, "size": size, "least": least, "most": most})


def record(tournament_id: str) -> TournamentRecord:
    """The tournament, or 404."""
    if not 1 <= len(tournament_id) <= 64 or "\x00" in tournament_id:
        raise ApiError(404, "Unknown tournament", "no such tournament")
    found = context.current().store.tournament(tournament_id)
    if found is None:
        raise ApiError(404, "Unknown tournament", f"no tournament {tournament_id!r}")
    return found


def director(tournament_id: str, token: str | None) -> TournamentRecord:
    """The tournament this director's token opens: 401 without one, 404 unknown, 403 another's token."""
    if not token:
        raise ApiError(401, "No token", "send `Authorization: Bearer <director_token>`, the tournament's director token")
    found = record(tournament_id)
    if not found.admits(token):
        raise ApiError(403, "Not this tournament's director", "this token is not the director's of this tournament")
    return found


def read(tournament_id: str) -> dict:
    """The tournament as API.md gives it: its rounds, tables and standings (a fold of the tables' logs)."""
    return tournament_standings.view(record(tournament_id))


def freeze(tournament_id: str, token: str | None, frozen: bool) -> None:
    """Hide the last round from the standings ("results at the end"), or show them again."""
    director(tournament_id, token)
    context.current().store.set_tournament(tournament_id, frozen=frozen)


def message(tournament_id: str, token: str | None, text: object) -> dict:
    """The director's message to every table of the tournament (the last one stands)."""
    director(tournament_id, token)
    if not isinstance(text, str) or len(" ".join(text.split())) > MESSAGE_MOST:
        raise ApiError(400, N_("Bad message"), f"a message is a text of at most {MESSAGE_MOST} characters",
                       key=N_("a message is a text of at most %(most)s characters"), params={"most": MESSAGE_MOST})
    said = {"text": " ".join(text.split()), "at": context.now().isoformat()}
    context.current().store.set_tournament(tournament_id, message=said)
    return said
