"""Shapes of the table endpoints' requests and answers, and the reading of an entry's cards (K-1)."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.application.printable import control_character
from api.rest.schemas.quick import check_quick
from referee import games
from referee.cards import parse_card
from referee.entry import CORRECTIONS
from referee.melds import parse_placed
from referee.violations import N_, Malformed

SERVER_FIELDS = ("seq", "at", "hash", "seal")  # an entry's fields that only the server writes (or its exports)
CORRECTION_SERVER_FIELDS = ("by",)  # a correction's: the token that wrote it, seat or host (E-2 *Reading*)
MAX_PLAYERS = 10
NAME_MOST = 40  # characters of a player's name
SERVER_TYPES = ("create", "timeout")  # entries that only the server writes


class CreateTableSchema(Schema):
    game = fields.String(required=True, validate=validate.OneOf(list(games.NAMES)))
    players = fields.List(fields.String(validate=validate.Length(min=1, max=NAME_MOST)), required=True,
                          validate=validate.Length(min=1, max=MAX_PLAYERS))
    options = fields.Dict(load_default=None, allow_none=True)
    tracking = fields.String(load_default="full", validate=validate.OneOf(["full", "results"]))
    confirmation = fields.Boolean(load_default=False, truthy={True}, falsy={False}, metadata={
        "description": "E-6: each exit, round or hand waits for another seat's confirmation (docs/API.md)"})

    @validates_schema
    def names_are_not_blank(self, data, **kwargs):
        if any(not name.strip() or control_character(name) for name in data.get("players", [])):
            raise ValidationError("a player's name cannot be blank or hold a control character", "players")


class SeatSchema(Schema):
    seat = fields.Integer()
    name = fields.String()
    token = fields.String()


class TableCreatedSchema(Schema):
    id = fields.String()
    host_token = fields.String()
    seats = fields.List(fields.Nested(SeatSchema))
    version = fields.Integer()
    page = fields.String()


class EntryBodySchema(Schema):
    expected_version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    entry = fields.Dict(required=True, metadata={
        "description": "`type`, `seat` and the type's fields (API.md); quick scores: an exit's `counts` "
                       "(ExitCounts), a round's `points` (RoundPoints)", "required": ["type"],
        "properties": {"type": {"type": "string", "minLength": 1},
                       "seat": {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1, "nullable": True}}})


class EntryAnswerSchema(Schema):
    entry = fields.Dict(metadata={"description": "`seq`, `type`, `at`, `seat`, `hash` and the entry's fields"})
    verdict = fields.Dict(allow_none=True)
    version = fields.Integer()


class EntriesSchema(Schema):
    entries = fields.List(fields.Dict())
    version = fields.Integer()


MAX_INT = 2**31 - 1  # the database's integer


class TableArgsSchema(Schema):
    at = fields.Integer(validate=validate.Range(min=1, max=MAX_INT), metadata={"description": "replay up to this entry"})


class EntriesArgsSchema(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_INT))


class TableSchema(Schema):
    id = fields.String()
    game = fields.String()
    options = fields.Dict()
    tracking = fields.String()
    version = fields.Integer()
    status = fields.String()
    winners = fields.List(fields.Integer(), allow_none=True)
    players = fields.List(fields.Dict())
    deal = fields.Dict(allow_none=True)
    results = fields.List(fields.Dict())
    adjustments = fields.List(fields.Dict(), metadata={"description": "rulings (E-5): seats' points and a reason"})
    confirmations = fields.List(fields.Dict(), allow_none=True,
                                metadata={"description": "results and their confirmation (E-6); null: not asked"})


ENTRY_BODY = EntryBodySchema()  # built once: a schema's load() keeps no state, and building one costs more
NEW_TABLE = CreateTableSchema()


def read_new_table(body: dict) -> dict:
    """Read a new table's body (`game`, `players`, `options`, `tracking`); a bad one is a 400 whose message has a
    key, naming the field (the pages say it in French)."""
    try:
        return NEW_TABLE.load(body)
    except ValidationError as invalid:
        raise _unreadable_table(body, invalid.messages) from None


def _unreadable_table(body: dict, errors: dict) -> Malformed:
    if "game" in errors:
        if "game" not in body:
            return Malformed(N_("the body needs `game`: %(games)s"), games=list(games.NAMES))
        return Malformed(N_("`game` is %(games)s, not %(value)s"), value=shown(body["game"]), games=list(games.NAMES))
    if "players" in errors:
        return _unreadable_players(body.get("players"))
    if "tracking" in errors:
        return Malformed(N_("`tracking` is full or results, not %(value)s"), value=shown(body.get("tracking")))
    if "confirmation" in errors:
        return Malformed(N_("`confirmation` is true or false, not %(value)s"), value=shown(body.get("confirmation")))
    if "options" in errors:
        return Malformed(N_("`options` is a JSON object of the game's options, not %(value)s"),
                         value=shown(body.get("options")))
    return Malformed(N_("%(fields)s: not a field of a new table, which has `game`, `players`, `options` and "
                        "`tracking`"), fields=", ".join(f"`{name}`" for name in sorted(errors, key=str)))


def _unreadable_players(players: object) -> Malformed:
    """What is wrong with a new table's `players`: not a list, too many, a name too long, or not for reading."""
    if not isinstance(players, list):
        return Malformed(N_("the body needs `players`: the players' names, in playing order"))
    if not 1 <= len(players) <= MAX_PLAYERS:
        return Malformed(N_("a table has 1 to %(most)s players here, not %(n)s"), most=MAX_PLAYERS, n=len(players))
    for name in players:
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_MOST:
            return Malformed(N_("a player's name is a text of 1 to %(most)s characters, not %(value)s"),
                             most=NAME_MOST, value=shown(name))
    for name in players:
        if control_character(name):
            return Malformed(N_("a player's name cannot hold %(char)s, a control character: %(value)s"),
                             char=control_character(name), value=shown(name))
    return Malformed(N_("a player's name cannot be blank"))


def read_entry(body: object) -> tuple[int, str, int | None, dict]:
    """Read a POST entries body: `(expected_version, type, seat, fields)`; a bad shape is a 400 whose message has
    a key (the pages say it in French)."""
    if not isinstance(body, dict):
        raise Malformed(N_("the body is a JSON object: {\"expected_version\": N, \"entry\": {...}}"))
    try:
        loaded = ENTRY_BODY.load(body)
    except ValidationError as invalid:
        raise _unreadable(body, invalid.messages) from None
    entry = dict(loaded["entry"])
    type_ = entry.pop("type", None)
    if not isinstance(type_, str) or not type_:
        raise Malformed(N_("the entry needs `type`, a text such as draw, discard or exit"))
    if type_ in SERVER_TYPES:
        raise Malformed(N_("%(type)s entries are written by the server only"), type=type_)
    seat = entry.pop("seat", None)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_PLAYERS):
        raise Malformed(N_("`seat` is a seat number, 0 to %(last)s, not %(value)s"), last=MAX_PLAYERS - 1,
                        value=shown(seat))
    taken = [name for name in SERVER_FIELDS + (CORRECTION_SERVER_FIELDS if type_ in CORRECTIONS else ()) if name in entry]
    if taken:
        raise Malformed(N_("%(fields)s: written by the server, not sent with the entry"),
                        fields=", ".join(f"`{name}`" for name in taken))
    check_quick(type_, entry)  # quick scores: `counts`, `points` (api.rest.schemas.quick)
    return loaded["expected_version"], type_, seat, entry


def shown(value: object) -> str:
    """A value as a message shows it: its repr, cut at 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _unreadable(body: dict, errors: dict) -> Malformed:
    """What the body schema refused, said by field: `expected_version`, then `entry`, then a field it does not
    know."""
    if "expected_version" in errors:
        if "expected_version" not in body:
            return Malformed(N_("the body needs `expected_version`: the version of the log the entry was entered "
                                "on"))
        return Malformed(N_("`expected_version` is the version of the log the entry was entered on, a whole "
                            "number from 1, not %(value)s"), value=shown(body["expected_version"]))
    if "entry" in errors:
        if "entry" not in body:
            return Malformed(N_("the body needs `entry`: the entry's `type` and its fields"))
        return Malformed(N_("`entry` is a JSON object with the entry's `type` and its fields, not %(value)s"),
                         value=shown(body["entry"]))
    return Malformed(N_("%(fields)s: not a field of this body, which has `expected_version` and `entry`"),
                     fields=", ".join(f"`{name}`" for name in sorted(errors, key=str)))


def _card(value: object, name: str) -> str:
    return parse_card(value).text


def _placed(value: object, name: str) -> str:
    return parse_placed(value).text


def _list(read):
    def cards(value: object, name: str) -> list[str]:
        if not isinstance(value, list):
            raise Malformed(N_("`%(field)s` is a list of cards, not %(value)s"), field=name, value=shown(value))
        return [read(v, name) for v in value]
    return cards


def _lists(value: object, name: str) -> list[list[str]]:
    if not isinstance(value, list):
        raise Malformed(N_("`%(field)s` is a list of card lists, not %(value)s"), field=name, value=shown(value))
    return [_list(_placed)(v, name) for v in value]


def _hands(value: object, name: str) -> dict:
    if not isinstance(value, dict):
        raise Malformed(N_("`%(field)s` maps each seat to the cards left in its hand, not %(value)s"), field=name,
                        value=shown(value))
    return {seat: _list(_card)(cards, f"{name}.{seat}") for seat, cards in value.items()}


# Which reader canonicalises each card field; `cards` holds plain cards in a hand, placed cards elsewhere.
CARD_FIELDS = {"card": _card, "upcard": _card, "cards": _list(_placed), "runs": _lists, "melds": _lists,
               "hands": _hands}


def canonical_cards(type_: object, data: dict) -> dict:
    """Write every card of an entry's fields as its canonical text (`10H`, `JK=7H`); CardError names a bad one."""
    out = dict(data)
    for name, read in CARD_FIELDS.items():
        if name in out:
            out[name] = _list(_card)(out[name], name) if (name, type_) == ("cards", "hand") else read(out[name], name)
    inner = out.get("entry")
    if type_ == "replace" and isinstance(inner, dict):
        out["entry"] = canonical_cards(inner.get("type"), inner)
    return out
