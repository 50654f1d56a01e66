"""Marshmallow schemas of the JSON API; shapes shared by every part live here."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields


class ViolationSchema(Schema):
    """One broken rule: its id in RULES.md, a short message, and where it is."""

    class Meta:
        unknown = INCLUDE  # a violation may carry more about where it is

    rule = fields.String(required=True, metadata={"example": "C-8"})
    message = fields.String(required=True)
    run = fields.Integer(metadata={"description": "1-based run of an exit"})
    meld = fields.Integer()
    card = fields.String(metadata={"example": "10H"})
    entry = fields.Integer()


class ProblemSchema(Schema):
    """An error, as application/problem+json (RFC 9457), with the rule ids that refused the request."""

    class Meta:
        unknown = INCLUDE  # RFC 9457: a problem may carry members of its own

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    rules = fields.List(fields.String(), required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    line = fields.Integer(metadata={"description": "an import: the 1-based line of the first fault"})
    version = fields.Integer(metadata={"description": "a 409: the log's version now"})
