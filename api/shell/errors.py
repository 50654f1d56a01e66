"""Every error is application/problem+json (RFC 9457) with the rule ids that refused it."""

from __future__ import annotations

from flask import Flask, Response, json, render_template, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException, InternalServerError

from api.application import texts
from api.application.errors import ApplicationError, field_messages
from referee.cards import CardError
from referee.violations import Malformed, Refusal

PROBLEM = "application/problem+json"
INTERNAL = "The server failed on this request. The failure is logged; a 5xx is always a bug."


class Unsupported(ApplicationError):
    """A body of a type the API does not read: 415 (api/shell/guard.py)."""

    status = 415


def problem(status: int, title: str, detail: str, rules=(), violations=(), **extra) -> Response:
    body = {
        "type": "about:blank" if not rules else "/rules#" + rules[0],  # the rule's text, served by the app
        "title": title,
        "status": status,
        "detail": detail,
        "rules": list(rules),
        "violations": list(violations),
        **extra,
    }
    return Response(json.dumps(body), status=status, mimetype=PROBLEM)


def init_app(app: Flask) -> None:
    @app.errorhandler(ApplicationError)
    def application_error(exc: ApplicationError):
        # Its message in English; its key and parameters too where API.md says so (`said`), as they always were.
        said = {"key": exc.key, **({"params": exc.params} if exc.params is not None else {})} if exc.said else {}
        return problem(exc.status, exc.title, exc.detail, rules=exc.rules, violations=exc.violations, **said,
                       **exc.extra)

    @app.errorhandler(CardError)
    def card_error(exc: CardError):
        message = f"{exc.token!r} is {exc.reason}"
        return problem(400, "Unknown card", message, rules=["K-1"],
                       violations=[{"rule": "K-1", "message": message, "key": "%(token)s is %(reason)s",
                                    "params": {"token": repr(exc.token), "reason": exc.reason}, "card": str(exc.token)}])

    @app.errorhandler(ValidationError)
    def validation_error(exc: ValidationError):
        return problem(400, "Malformed request", "; ".join(field_messages(exc.messages)))

    @app.errorhandler(Refusal)
    def refusal(exc: Refusal):
        # The service names the table's players on the refusal (`players`): messages say "Ana", never "seat 0".
        names = getattr(exc, "players", None)
        violations = texts.named([v.to_dict() for v in exc.violations if v.rule], names)
        extra = {}
        if isinstance(exc, Malformed):
            detail = texts.render(exc.key, exc.params, texts.english(names))
            extra = {"key": exc.key, "params": dict(exc.params)}
        else:
            detail = "; ".join(f"{v['rule']}: {v['message']}" for v in violations) or str(exc)
        return problem(exc.status, exc.title, detail, rules=[r for r in exc.rules if r], violations=violations,
                       **extra)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        # Keep the exception's own headers (a 405's Allow, a 429's Retry-After), not its body's type.
        headers = [(k, v) for k, v in exc.get_headers() if k.lower() != "content-type"]
        if not request.path.startswith("/api/"):  # a web page: an HTML error page (api/web)
            return render_template("error.html", code=exc.code, title=exc.name,
                                   detail=exc.description or exc.name), exc.code or 500, headers
        response = problem(exc.code or 500, exc.name, exc.description or exc.name)
        response.headers.extend(headers)
        return response

    @app.errorhandler(InternalServerError)
    def internal_error(exc: InternalServerError):
        # An exception no other handler took: Flask has logged it with its traceback (`app.log_exception`)
        # before it comes here. The answer says nothing of it: no trace, no message (they may name SQL or data).
        if not request.path.startswith("/api/"):
            return render_template("error.html", code=500, title=exc.name, detail=exc.description), 500
        return problem(500, "Internal error", INTERNAL)
