"""Call `api.application.service` (the same functions as the JSON API) and turn its errors into problems to show."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from flask import abort
from marshmallow import ValidationError

from api.application.errors import ApiError
from api.web.i18n import gettext
from api.web.messages import problem_detail, remember_players
from referee.cards import CardError
from referee.violations import Malformed, Refusal


@dataclass
class Problem:
    """A refused request as the page shows it: plain words, and the rules with their ids."""

    status: int
    title: str
    detail: str
    violations: list[dict] = field(default_factory=list)
    key: str | None = None  # the detail as a message key and its parameters (api/web/messages.py)
    params: dict | None = None

    @property
    def rules(self) -> list[str]:
        return list(dict.fromkeys(v["rule"] for v in self.violations if v.get("rule")))

    def to_dict(self) -> dict:
        return {"status": self.status, "title": self.title, "detail": self.detail, "violations": self.violations,
                "key": self.key, "params": self.params}


def service():
    from api.application import service as module  # imported late: it is built alongside these pages

    return module


def problem_of(exc: Exception) -> Problem:
    """Describe an error of the service the way the API's problem+json would."""
    if isinstance(exc, ApiError):
        return Problem(exc.status, exc.title, exc.detail, key=exc.extra.get("key"), params=exc.extra.get("params"))
    if isinstance(exc, Refusal):
        violations = [v.to_dict() for v in exc.violations if v.rule]
        detail = str(exc) if not violations else "; ".join(v["message"] for v in violations)
        if isinstance(exc, Malformed):
            return Problem(exc.status, exc.title, detail, violations, exc.key, exc.params)
        return Problem(exc.status, exc.title, detail, violations)
    if isinstance(exc, CardError):
        message = f"{exc.token!r} is {exc.reason}"
        cause = exc.cause()
        return Problem(400, "Unknown card", message, [{"rule": "K-1", "message": message, "card": str(exc.token),
                                                       "key": "%(token)s is %(reason)s", "params": cause["params"]}])
    if isinstance(exc, ValidationError):
        return Problem(400, "Malformed request", str(exc.messages))
    raise exc


ERRORS = (ApiError, Refusal, CardError, ValidationError)


def call(name, *args, **kwargs):
    """Run a service function (its name in api.application.service, or the function): `(result, None)` or
    `(None, problem)`."""
    try:
        return (name if callable(name) else getattr(service(), name))(*args, **kwargs), None
    except ERRORS as exc:
        return None, problem_of(exc)


def read(table_id: str, at: int | None = None) -> dict:
    """Read a table for a page; an unknown table is the HTML 404 page."""
    table, problem = call("read_table", table_id, at=at)
    if problem:
        abort(problem.status if problem.status in (400, 404) else 404, description=problem_detail(problem))
    remember_players(table)  # the page's messages name these players
    return table


def entries(table_id: str, after: int = 0) -> list[dict]:
    """Every entry after `after`, as the API lists them."""
    result, problem = call("entries", table_id, after)
    if problem:
        abort(404, description=problem_detail(problem))
    return result["entries"] if isinstance(result, dict) else list(result)


def post(table_id: str, token: str | None, version: int | None, entry: dict, key: str | None = None):
    """Write one entry based on the version the form showed: `(answer, None)` or `(None, problem)` (409: moved on)."""
    if not token:
        return None, Problem(401, gettext("Not your table"),
                             gettext("This phone has no seat at this table: join with a code first."))
    if version is None:
        # Every play and correction form carries the version it was rendered at (`hidden` in
        # macros/cards.html, correct.html); a form without one is not ours or was cut short. Never a blind
        # write (E-3): ask again on the table as it is now.
        return None, Problem(400, gettext("This form is out of date"),
                             gettext("It did not say which state of the table it was filled in on. "
                                     "Here is the table now: check, then send again."))
    body = {"expected_version": version, "entry": entry}
    from api.application import appends

    return call(appends.post_entry, table_id, token, body, key or uuid.uuid4().hex)
