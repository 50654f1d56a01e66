"""Call the application (the same use cases as the JSON API, with the same commands) and turn its errors into
problems to show."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from functools import partial

from flask import abort
from marshmallow import ValidationError

from api.application import appends, entries_in, service, tables_in
from api.application.errors import ApplicationError, FieldErrors
from api.web.words.i18n import gettext
from api.web.words.messages import problem_detail, remember_players
from referee.cards import CardError
from referee.violations import Malformed, Refusal


@dataclass
class Problem:
    """A refused request as the page shows it: plain words, and the rules with their ids."""

    status: int
    title: str
    detail: str
    violations: list[dict] = field(default_factory=list)
    key: str | None = None  # the detail as a message key and its parameters (api/web/words/messages.py)
    params: dict | None = None

    @property
    def rules(self) -> list[str]:
        return list(dict.fromkeys(v["rule"] for v in self.violations if v.get("rule")))

    def to_dict(self) -> dict:
        return {"status": self.status, "title": self.title, "detail": self.detail, "violations": self.violations,
                "key": self.key, "params": self.params}


def problem_of(exc: Exception) -> Problem:
    """Describe an error of the service the way the API's problem+json would."""
    if isinstance(exc, FieldErrors):  # said by field, as the pages always showed it
        return Problem(400, exc.title, str(exc.messages))
    if isinstance(exc, ApplicationError):
        return Problem(exc.status, exc.title, exc.detail, key=exc.key, params=exc.params)
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


ERRORS = (ApplicationError, Refusal, CardError, ValidationError)


def call(use_case, *args, **kwargs):
    """Run a use case of the application: `(result, None)` or `(None, problem)`."""
    try:
        return use_case(*args, **kwargs), None
    except ERRORS as exc:
        return None, problem_of(exc)


def new_table(body: dict):
    """The start form's table (its fields read as the API reads a new table's): `service.create_table`'s command."""
    return tables_in.create_table(body)


def create_table(body: dict):
    """Open a table from the start form's fields: `(created, None)` or `(None, problem)`."""
    return call(lambda: service.create_table(new_table(body)))


def read(table_id: str, at: int | None = None) -> dict:
    """Read a table for a page; an unknown table is the HTML 404 page."""
    table, problem = call(service.read_table, table_id, at=at)
    if problem:
        abort(problem.status if problem.status in (400, 404) else 404, description=problem_detail(problem))
    remember_players(table)  # the page's messages name these players
    return table


def entries(table_id: str, after: int = 0) -> list[dict]:
    """Every entry after `after`, as the API lists them."""
    result, problem = call(service.entries, table_id, after)
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

    def write():
        made = entries_in.command(partial(entries_in.post_entry, table_id, token, version, entry,
                                          key or uuid.uuid4().hex), partial(appends.writer, table_id, token))
        return appends.post_entry(made)

    return call(write)
