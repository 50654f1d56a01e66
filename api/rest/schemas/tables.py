"""Shapes of the table endpoints' requests and answers, and their bodies read into commands (`CreateTable`,
`PostEntry`): a bad body is a 400 whose message is a key, naming the field (the pages say it in French)."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from api.application.commands import CreateTable, PostEntry
from api.application.entries_in import MAX_PLAYERS, NOT_A_VERSION, post_entry
from api.application.tables_in import NAME_MOST, TRACKINGS, create_table
from referee import games
from referee.canonical import shown
from referee.violations import N_, Malformed


class CreateTableSchema(Schema):
    """A new table's body, for the OpenAPI description (api.application.tables_in reads it)."""

    game = fields.String(required=True, validate=validate.OneOf(list(games.NAMES)))
    players = fields.List(fields.String(validate=validate.Length(min=1, max=NAME_MOST)), required=True,
                          validate=validate.Length(min=1, max=MAX_PLAYERS))
    options = fields.Dict(load_default=None, allow_none=True)
    tracking = fields.String(load_default="full", validate=validate.OneOf(list(TRACKINGS)))
    confirmation = fields.Boolean(load_default=False, truthy={True}, falsy={False}, metadata={
        "description": "E-6: each exit, round or hand waits for another seat's confirmation (docs/API.md)"})


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


def read_new_table(body: object) -> CreateTable:
    """Read a new table's body (`game`, `players`, `options`, `tracking`, `confirmation`) into its command
    (api.application.tables_in checks its fields)."""
    if not isinstance(body, dict):
        raise Malformed("the body is a JSON object with `game` and `players`")
    return create_table(body)


def read_entry(table_id: str, token: str | None, body: object, key: str | None) -> PostEntry:
    """Read a POST entries body into its command; a bad shape is a 400 whose message has a key (the pages say it in
    French)."""
    if not isinstance(body, dict):
        raise Malformed(N_("the body is a JSON object: {\"expected_version\": N, \"entry\": {...}}"))
    try:
        loaded = ENTRY_BODY.load(body)
    except ValidationError as invalid:
        raise _unreadable(body, invalid.messages) from None
    return post_entry(table_id, token, loaded["expected_version"], loaded["entry"], key)


def _unreadable(body: dict, errors: dict) -> Malformed:
    """What the body schema refused, said by field: `expected_version`, then `entry`, then a field it does not
    know."""
    if "expected_version" in errors:
        if "expected_version" not in body:
            return Malformed(N_("the body needs `expected_version`: the version of the log the entry was entered "
                                "on"))
        return Malformed(NOT_A_VERSION, value=shown(body["expected_version"]))
    if "entry" in errors:
        if "entry" not in body:
            return Malformed(N_("the body needs `entry`: the entry's `type` and its fields"))
        return Malformed(N_("`entry` is a JSON object with the entry's `type` and its fields, not %(value)s"),
                         value=shown(body["entry"]))
    return Malformed(N_("%(fields)s: not a field of this body, which has `expected_version` and `entry`"),
                     fields=", ".join(f"`{name}`" for name in sorted(errors, key=str)))
