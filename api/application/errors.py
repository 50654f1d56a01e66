"""The application's errors that are not about the rules: typed (not found, forbidden, conflict...), each a message
key and its parameters. `api/shell/errors.py` alone says them in HTTP (status, problem+json); the pages say them
in the reader's language (api/web/messages.py).

A message is written once: `key` is its English template (the gettext msgid, marked with `N_`) and `params` fill
it, as `referee.violations` does. `detail` is the key said in English, players by name (`names`). Where the JSON
API words a message its own way (it names the request to send instead), `detail` says so, and the pages still say
the key.
"""

from __future__ import annotations

from typing import ClassVar

from api.application import texts


class ApplicationError(Exception):
    """A request the application turns down, not by the rules (those are `referee.violations.Refusal`)."""

    status: ClassVar[int] = 400  # the HTTP status the shell answers with (api/shell/errors.py)

    def __init__(self, title: str, key: str, params: dict | None = None, *, names: list[str] | None = None,
                 detail: str | None = None, said: bool = False, rules=(), violations=(), **extra):
        """`said`: the JSON answer carries `key` and `params` at its top level (API.md: an unreadable entry, a
        403 at a table...); else its `detail` alone. `extra`: more members of the answer (`line`, `version`)."""
        self.title, self.key, self.params = title, key, dict(params) if params else None
        self.detail = detail if detail is not None else texts.render(key, self.params, texts.english(names))
        super().__init__(self.detail)
        self.said, self.rules, self.violations, self.extra = said, list(rules), list(violations), extra


class BadRequest(ApplicationError):
    """What was sent cannot be read (a query, a key, a message): 400."""


class Unauthorized(ApplicationError):
    """No token, or one this server does not know: 401."""

    status = 401


class Forbidden(ApplicationError):
    """A token that does not open this (another seat's entry, another group): 403."""

    status = 403


class NotFound(ApplicationError):
    """No such table, group, tournament, player or seat: 404."""

    status = 404


class Conflict(ApplicationError):
    """The state moved on, or forbids it now (a stale version, a round still playing, a name taken): 409."""

    status = 409


class Refused(ApplicationError):
    """Readable, but not to be done (a reused Idempotency-Key, players that cannot be seated): 422."""

    status = 422


class FieldErrors(BadRequest):
    """Values not of their shape, said field by field (a quick score's numbers): 400 "Malformed request", its detail
    each field's problems, `counts.twos: Not a valid integer.`, joined by "; " (API.md)."""

    def __init__(self, messages: dict):
        self.messages = messages
        super().__init__("Malformed request", "", detail="; ".join(field_messages(messages)))


def field_messages(errors, prefix: str = "") -> list[str]:
    """Problems by field (a dict of fields, their lists of messages or their own fields) as lines, `a.b: problem`."""
    if isinstance(errors, dict):
        out = []
        for key, value in errors.items():
            out += field_messages(value, f"{prefix}{key}.")
        return out
    if isinstance(errors, list) and all(isinstance(e, str) for e in errors):
        return [f"{prefix.rstrip('.')}: {e}" if prefix else e for e in errors]
    if isinstance(errors, list):
        return [m for e in errors for m in field_messages(e, prefix)]
    return [f"{prefix.rstrip('.')}: {errors}"]
