"""The tournament endpoints (API.md "Tournaments"): open one in a group, seat a round, read it."""

from __future__ import annotations

from functools import partial

from flask import Blueprint, Flask, request

from api.application import group_service, tournament_players, tournament_rounds, tournament_swap, tournaments
from api.rest import reading
from api.rest.openapi import document
from api.rest.schemas.tournaments import (
    CreateTournamentSchema,
    MessageBodySchema,
    MessageSchema,
    PlayerAddedSchema,
    PlayerBodySchema,
    RoundBodySchema,
    RoundSchema,
    SwapBodySchema,
    SwappedSchema,
    TournamentCreatedSchema,
    TournamentSchema,
    read_message,
    read_new_tournament,
    read_player,
    read_round,
    read_swap,
)

bp = Blueprint("tournaments", __name__, url_prefix="/api/v1")


def _json():
    return request.get_json(force=True, silent=True)


def bearer() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


@bp.post("/groups/<group_id>/tournaments")
def create(group_id: str):
    """Open a tournament in a group; its director's token is shown once."""
    token, body = request.headers.get("X-Group-Token", "").strip() or None, _json()
    made = reading.command(partial(read_new_tournament, group_id, token, body),
                           partial(group_service.group, group_id, token))
    return tournaments.create(made), 201


@bp.post("/tournaments/<tournament_id>/rounds")
def start_round(tournament_id: str):
    """Seat the next round: its tables, each a table of the group."""
    body = _json() if request.get_data(cache=True).strip() else {}
    token = bearer()
    made = reading.command(partial(read_round, tournament_id, token, body),
                           partial(tournaments.director, tournament_id, token))
    started, now = tournament_rounds.start(made)
    return started, 201 if now else 200


@bp.get("/tournaments/<tournament_id>")
def read(tournament_id: str):
    """The tournament: its rounds, tables and standings."""
    return tournaments.read(tournament_id)


@bp.post("/tournaments/<tournament_id>/players")
def arrive(tournament_id: str):
    """A late arrival: seated from the next round."""
    token = bearer()
    name = reading.command(partial(read_player, _json()), partial(tournaments.director, tournament_id, token))
    return tournament_players.arrive(tournament_id, token, name), 201


@bp.delete("/tournaments/<tournament_id>/players/<path:name>")
def leave(tournament_id: str, name: str):
    """She leaves: seated in no later round, her results kept."""
    tournament_players.leave(tournament_id, bearer(), name)
    return "", 204


@bp.post("/tournaments/<tournament_id>/rounds/<int:n>/swap")
def swap(tournament_id: str, n: int):
    """Two players exchange seats before their tables start."""
    token = bearer()
    players = reading.command(partial(read_swap, _json()), partial(tournaments.director, tournament_id, token))
    return tournament_swap.swap(tournament_id, token, n, players)


@bp.post("/tournaments/<tournament_id>/messages")
def message(tournament_id: str):
    """The director's message, on every phone, the screen and the players' page at once."""
    token = bearer()
    text = reading.command(partial(read_message, _json()), partial(tournaments.director, tournament_id, token))
    return tournaments.message(tournament_id, token, text), 201


document("/api/v1/groups/{group_id}/tournaments", "post", "Open a tournament (a club night) in a group "
         "(X-Group-Token); its director's token is shown once", request=CreateTournamentSchema,
         response=TournamentCreatedSchema, status=201, errors=(400, 401, 403, 404, 413, 415, 422, 429))
document("/api/v1/tournaments/{tournament_id}/rounds", "post", "Seat the next round (Authorization: Bearer "
         "<director_token>); 409 while a table still plays, unless `close`", request=RoundBodySchema,
         response=RoundSchema, status=201, errors=(400, 401, 403, 404, 409, 413, 415, 429))
document("/api/v1/tournaments/{tournament_id}", "get", "Read a tournament: its tables and standings (its id is "
         "its read capability)", response=TournamentSchema, errors=(404,))

document("/api/v1/tournaments/{tournament_id}/players", "post", "A late arrival (Authorization: Bearer "
         "<director_token>): a member of the group by name, or a new one, seated from the next round",
         request=PlayerBodySchema, response=PlayerAddedSchema, status=201,
         errors=(400, 401, 403, 404, 409, 413, 415, 429))
document("/api/v1/tournaments/{tournament_id}/players/{name}", "delete", "A player leaves (Authorization: Bearer "
         "<director_token>): seated in no later round, her results so far kept", status=204,
         errors=(401, 403, 404, 409, 429))
document("/api/v1/tournaments/{tournament_id}/rounds/{n}/swap", "post", "Two players of the round exchange seats "
         "(Authorization: Bearer <director_token>) while neither table has an entry after its create; 409 names the "
         "table that has", request=SwapBodySchema, response=SwappedSchema,
         errors=(400, 401, 403, 404, 409, 413, 415, 422, 429))
document("/api/v1/tournaments/{tournament_id}/messages", "post", "The director's message (Authorization: Bearer "
         "<director_token>), shown at once on every phone of the tournament, the screen and the players' page (the "
         "tournament's stream)", request=MessageBodySchema, response=MessageSchema, status=201,
         errors=(400, 401, 403, 404, 413, 415, 429))


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
