"""Tournaments (club nights): open one in a group, read it with its standings, its director's token.

The standings are a fold of its tables' logs (`tournament_standings`), never a second record of scores. The
rounds' seating is `tournament_rounds`.
"""

from __future__ import annotations

import secrets

from api.application import context, group_service, join_tokens, printable, tournament_standings
from api.application.commands import CreateTournament
from api.application.errors import BadRequest, Forbidden, NotFound, Refused, Unauthorized
from events import TournamentRecord
from referee import games, seating
from referee.violations import N_

MESSAGE_MOST = 280


def create(command: CreateTournament) -> dict:
    """Open an evening in a group: its settings, its director's token (shown once), its pages' links."""
    group_id = command.group_id
    group_service.group(group_id, command.token)
    game = games.get(command.game)
    group_service.distinct(list(command.players))
    settings = {**command.settings(), "options": game.rules.normalise_options(command.options)}
    if seating.seated_sizes(len(command.players), command.table_size, game.seats) is None:
        raise unseatable(len(command.players), command.table_size, game)
    tournament_id, director, key = secrets.token_urlsafe(9), secrets.token_urlsafe(24), secrets.token_urlsafe(12)
    context.current().tournaments.create_tournament(tournament_id, group_id, settings, director,
                                                    join_tokens.seal_players_key(tournament_id, key))
    return {"id": tournament_id, "director_token": director, "page": player_page(tournament_id, key),
            "screen": f"/n/{tournament_id}/screen"}


def player_page(tournament_id: str, key: str) -> str:
    return f"/n/{tournament_id}/p/{key}"


def unseatable(count: int, size: int, game) -> Refused:
    least, most = game.seats.start, game.seats.stop - 1
    if least == most:  # a game of one table size (Gin: two players, G-1): no "2 to 2", no table of one fewer
        return Refused(N_("Cannot be seated"), N_("%(count)s players cannot sit at tables of %(size)s: this game is "
                                                  "played by exactly %(least)s players"),
                       {"count": count, "size": size, "least": least}, said=True)
    return Refused(N_("Cannot be seated"), N_("%(count)s players cannot sit at tables of %(size)s (or one fewer): "
                                              "this game seats %(least)s to %(most)s"),
                   {"count": count, "size": size, "least": least, "most": most}, said=True)


def record(tournament_id: str) -> TournamentRecord:
    """The tournament, or 404."""
    if not 1 <= len(tournament_id) <= 64 or "\x00" in tournament_id:
        raise NotFound("Unknown tournament", N_("no such tournament"))
    found = context.current().tournaments.tournament(tournament_id)
    if found is None:
        raise NotFound("Unknown tournament", N_("no tournament %(value)s"), {"value": repr(tournament_id)})
    return found


def director(tournament_id: str, token: str | None) -> TournamentRecord:
    """The tournament this director's token opens: 401 without one, 404 unknown, 403 another's token."""
    if not token:
        raise Unauthorized("No token", N_("send `Authorization: Bearer <director_token>`, the tournament's director "
                                          "token"))
    found = record(tournament_id)
    if not found.admits(token):
        raise Forbidden("Not this tournament's director", N_("this token is not the director's of this tournament"))
    return found


def read(tournament_id: str) -> dict:
    """The tournament as API.md gives it: its rounds, tables and standings (a fold of the tables' logs), and each
    table's seats another phone asked for (E-6: the console releases them; the stream moves when one is asked)."""
    view = tournament_standings.view(record(tournament_id))
    phones = context.current().tournaments.seat_phones([t["id"] for t in view["tables"]])
    return {**view, "tables": [{**t, "asked": sorted(s for s, n in phones.get(t["id"], {}).items() if n > 1)}
                               for t in view["tables"]]}


def freeze(tournament_id: str, token: str | None, frozen: bool) -> None:
    """Hide the last round from the standings ("results at the end"), or show them again."""
    director(tournament_id, token)
    context.current().tournaments.set_tournament(tournament_id, frozen=frozen)
    context.touched("tournament", tournament_id)


def message(tournament_id: str, token: str | None, text: object) -> dict:
    """The director's message to every table of the tournament (the last one stands)."""
    director(tournament_id, token)
    if not isinstance(text, str) or len(" ".join(text.split())) > MESSAGE_MOST:
        raise BadRequest(N_("Bad message"), N_("a message is a text of at most %(most)s characters"),
                         {"most": MESSAGE_MOST}, said=True)
    printable.check("text", text)
    said = {"text": " ".join(text.split()), "at": context.now().isoformat()}
    context.current().tournaments.set_tournament(tournament_id, message=said)
    context.touched("tournament", tournament_id)
    return said
