"""The JSON API under /api/v1: one blueprint per resource (tables, referee, groups), their marshmallow schemas
and the OpenAPI description built from them."""
