"""The stateless referee: judge an exit, arrange 15 cards, judge a Rami meld, value a Rami hand."""

from __future__ import annotations

import re

from flask import Blueprint, Flask, request
from marshmallow import Schema, ValidationError

from api.application.errors import ApiError
from api.rest.openapi import document
from api.rest.schemas.referee import (
    ArrangementSchema,
    ArrangeRequestSchema,
    CardsRequestSchema,
    ExitRequestSchema,
    ExitVerdictSchema,
    HandRequestSchema,
    HandValueSchema,
    MeldVerdictSchema,
)
from referee.cards import CardError, deck_size, excess, parse_card
from referee.continental.exit import judge_exit, parse_exit
from referee.continental.game import GAME as CONTINENTAL  # the stateless judges are each a game's own
from referee.continental.solver import arrange
from referee.game import Game
from referee.melds import parse_meld
from referee.rami.game import GAME as RAMI
from referee.rami.hand import hand_value
from referee.rami.meld import check_meld
from referee.violations import Malformed, Refusal, Violation

PREFIX = "/api/v1/referee"
_RULE = re.compile(r" \(([KCRE]-\d+)\)$")  # a schema message that ends by naming its rule
bp = Blueprint("referee", __name__, url_prefix=PREFIX)


def _load(schema: Schema) -> dict:
    """Read the JSON object body with `schema`; anything unreadable is a 400 naming the rule it breaks, if any."""
    body = request.get_json(force=True, silent=True)
    if not isinstance(body, dict):
        raise ApiError(400, "Malformed request", "the body must be a JSON object")
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


def _bare_cards(tokens: list[str]) -> list:
    """Read cards given without announcements (K-1); a wild's announcement has no place here."""
    for token in tokens:
        if "=" in token:
            raise CardError(token, "an announced card; give the cards alone, e.g. JK")
    return [parse_card(t) for t in tokens]


def _within_deck(count: int, game: Game) -> None:
    """Refuse to judge more cards than the game's decks hold (K-2): such a body is not a hand."""
    size = deck_size(game.jokers)
    if count > size:
        raise Malformed(f"{count} cards: the decks of {game.name} hold {size} cards in all", "K-2")


@bp.post("/continental/exit")
def continental_exit():
    """Judge a declared Continental exit and settle it (C-6..C-10, K-2, C-12)."""
    body = _load(ExitRequestSchema())
    _within_deck(sum(len(run) for run in body["runs"]), CONTINENTAL)
    return judge_exit(parse_exit(body["runs"]), body["players"], body["timing"]).to_dict()


@bp.post("/continental/arrange")
def continental_arrange():
    """Find a valid exit for 15 cards with the best settlement, or say none exists."""
    body = _load(ArrangeRequestSchema())
    found = arrange(_bare_cards(body["cards"]), body["players"], body["timing"])
    if found is None:
        return {"runs": None, "settlement": None}
    runs, settlement = found
    return {"runs": [[p.text for p in run] for run in runs], "settlement": settlement.to_dict()}


@bp.post("/rami/meld")
def rami_meld():
    """Judge one Rami meld and give its value (R-6..R-8)."""
    cards = _load(CardsRequestSchema())["cards"]
    _within_deck(len(cards), RAMI)
    verdict = check_meld(parse_meld(cards))
    return {"valid": verdict.valid, "kind": verdict.kind if verdict.valid else None,
            "value": verdict.value if verdict.valid else None,
            "violations": [v.to_dict() for v in verdict.violations]}


@bp.post("/rami/hand-value")
def rami_hand_value():
    """Add up a Rami hand left at the end of a round (R-14)."""
    tokens = _load(HandRequestSchema())["cards"]
    _within_deck(len(tokens), RAMI)
    cards = _bare_cards(tokens)
    over = excess(cards, RAMI.jokers)
    if over:
        raise Refusal([Violation("K-2", f"{card.text} appears {n} times; the decks hold {4 if card.is_joker else 2}",
                                 card=card.text) for card, n in over.items()])
    return {"value": hand_value(cards)}


LIMITED = (400, 413, 415, 429)  # unreadable body, too large, not JSON, too many requests
document(f"{PREFIX}/continental/exit", "post", "Judge a declared Continental exit and settle it",
         request=ExitRequestSchema, response=ExitVerdictSchema, errors=LIMITED)
document(f"{PREFIX}/continental/arrange", "post", "Arrange 15 cards into the best valid exit, if any",
         request=ArrangeRequestSchema, response=ArrangementSchema, errors=LIMITED)
document(f"{PREFIX}/rami/meld", "post", "Judge a Rami meld and give its value",
         request=CardsRequestSchema, response=MeldVerdictSchema, errors=LIMITED)
document(f"{PREFIX}/rami/hand-value", "post", "Give the value of a Rami hand (R-14)",
         request=HandRequestSchema, response=HandValueSchema, errors=LIMITED + (422,))  # K-2: more than the decks


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
