"""The tournament endpoints (API.md "Tournaments"): open one in a group, seat a round, read it."""

from __future__ import annotations

from flask import Blueprint, Flask, request

from api.application import tournament_rounds, tournaments
from api.rest.openapi import document
from api.rest.schemas.tournaments import (
    CreateTournamentSchema,
    RoundBodySchema,
    RoundSchema,
    TournamentCreatedSchema,
    TournamentSchema,
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
    token = request.headers.get("X-Group-Token", "").strip() or None
    return tournaments.create(group_id, token, _json()), 201


@bp.post("/tournaments/<tournament_id>/rounds")
def start_round(tournament_id: str):
    """Seat the next round: its tables, each a table of the group."""
    body = _json() if request.get_data(cache=True).strip() else {}
    return tournament_rounds.start(tournament_id, bearer(), body), 201


@bp.get("/tournaments/<tournament_id>")
def read(tournament_id: str):
    """The tournament: its rounds, tables and standings."""
    return tournaments.read(tournament_id)


document("/api/v1/groups/{group_id}/tournaments", "post", "Open a tournament (a club night) in a group "
         "(X-Group-Token); its director's token is shown once", request=CreateTournamentSchema,
         response=TournamentCreatedSchema, status=201, errors=(400, 401, 403, 404, 413, 415, 422, 429))
document("/api/v1/tournaments/{tournament_id}/rounds", "post", "Seat the next round (Authorization: Bearer "
         "<director_token>); 409 while a table still plays, unless `close`", request=RoundBodySchema,
         response=RoundSchema, status=201, errors=(400, 401, 403, 404, 409, 413, 415, 429))
document("/api/v1/tournaments/{tournament_id}", "get", "Read a tournament: its tables and standings (its id is "
         "its read capability)", response=TournamentSchema, errors=(404,))


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
