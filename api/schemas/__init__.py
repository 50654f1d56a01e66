"""Marshmallow schemas of the JSON API; shapes shared by every part live here."""

from __future__ import annotations

from marshmallow import Schema, fields


class ViolationSchema(Schema):
    """One broken rule: its id in RULES.md, a short message, and where it is."""

    rule = fields.String(required=True, metadata={"example": "C-8"})
    message = fields.String(required=True)
    run = fields.Integer(metadata={"description": "1-based run of an exit"})
    meld = fields.Integer()
    card = fields.String(metadata={"example": "10H"})
    entry = fields.Integer()


class ProblemSchema(Schema):
    """An error, as application/problem+json (RFC 9457), with the rule ids that refused the request."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    rules = fields.List(fields.String(), required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
