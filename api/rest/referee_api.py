"""The stateless referee: the judges each game declares (`Game.judges`, each a `referee.game.Judge`), served at
`/api/v1/referee/<game>/<judge>` and described in the OpenAPI from that declaration alone: no game is named here,
and a game's new judge needs no route written for it (only its shapes, in api.rest.schemas.referee)."""

from __future__ import annotations

import re

from flask import Blueprint, Flask, request
from marshmallow import Schema, ValidationError

from api.application.errors import BadRequest
from api.rest.openapi import document
from api.rest.schemas.referee import SHAPES
from referee import games
from referee.cards import deck_size
from referee.game import Game, Judge
from referee.violations import N_, Malformed

PREFIX = "/api/v1/referee"
_RULE = re.compile(r" \(([KCREG]-\d+)\)$")  # a schema message that ends by naming its rule
bp = Blueprint("referee", __name__, url_prefix=PREFIX)


def _load(schema: Schema) -> dict:
    """Read the JSON object body with `schema`; anything unreadable is a 400 naming the rule it breaks, if any."""
    body = request.get_json(force=True, silent=True)
    if not isinstance(body, dict):
        raise BadRequest("Malformed request", N_("the body must be a JSON object"))
    try:
        return schema.load(body)
    except ValidationError as exc:
        messages = [f"{field}: {m}" for field, ms in exc.normalized_messages().items() for m in _flat(ms)]
        ruled = [(m, found.group(1)) for m, found in zip(messages, map(_RULE.search, messages), strict=True) if found]
        if not ruled:
            raise  # answered 400 by api.shell.errors
        message, rule = ruled[0]
        raise Malformed(_RULE.sub("", message), rule) from None


def _flat(messages) -> list[str]:
    if isinstance(messages, dict):
        return [m for value in messages.values() for m in _flat(value)]
    return [m for value in messages for m in _flat(value)] if isinstance(messages, list) else [str(messages)]


def _within_deck(count: int, game: Game) -> None:
    """Refuse to judge more cards than the game's decks hold (K-2): such a body is not a hand."""
    size = deck_size(game.jokers, game.decks)
    if count > size:
        raise Malformed(N_("%(count)s cards: the decks of %(game)s hold %(size)s cards in all"), "K-2", count=count,
                        game=game.name, size=size)


LIMITED = (400, 413, 415, 429)  # unreadable body, too large, not JSON, too many requests
REFUSED = 422  # a judge that refuses cards no deal holds (K-2): `Judge.refuses`


def _cards_in(body: dict) -> int:
    """How many cards a judge's body gives: its runs', its list's, or its two hands' (`hand` and `other`)."""
    if "runs" in body:
        return sum(len(run) for run in body["runs"])
    if "cards" in body:
        return len(body["cards"])
    return sum(len(body[name]) for name in ("hand", "other") if name in body)


def _judging(game: Game, judge: Judge, schema: type[Schema]):
    """The view of one judge: its body read (400), no more cards than the game's decks hold (K-2), its answer."""
    def view():
        body = _load(schema())
        _within_deck(_cards_in(body), game)
        return judge.run(**body)
    return view


def _serve(game: Game, name: str, judge: Judge) -> None:
    """Serve one judge a game offers at PREFIX/<game>/<name> (its endpoint `referee.<game>_<name>`), described
    from its declaration: its body's and its answer's shapes by name (`SHAPES`), its summary, what it may refuse."""
    path = f"{game.name}/{name}"
    schema, answer = SHAPES[judge.request], SHAPES[judge.answer]
    errors = LIMITED + (REFUSED,) if judge.refuses else LIMITED
    bp.add_url_rule(f"/{path}", f"{game.name}_{name.replace('-', '_')}", _judging(game, judge, schema),
                    methods=["POST"])
    document(f"{PREFIX}/{path}", "post", judge.summary, request=schema, response=answer, errors=errors)


for offering in games.ALL:
    for judged, judge_of in offering.judges.items():
        _serve(offering, judged, judge_of)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
