"""What every request must be before a view reads it: small enough (413), of a type we read (415); JSON
that nests deeper than a body needs is unreadable (400, after the token: API.md's order); and headers
every response carries.

Sizes: an import may be up to IMPORT_MAX_BYTES (4 MiB): the longest plausible log, a whole evening of
Rami of about 5,000 entries at up to 400 bytes a line (the bench's long tables), is 2 MB, so twice that
fits. Every other JSON body is an entry or a referee question of at most a few hundred bytes (15 cards);
JSON_MAX_BYTES (64 KiB) leaves a wide margin and keeps parsing cheap. A body over the limit is refused
from its Content-Length, before it is read.

Types: the API reads JSON only from `application/json` (an import: `application/x-ndjson` too). A page of
another site can send `text/plain` or a form without asking the browser's CORS preflight; it cannot send
these types without one, so it cannot create or import tables in a visitor's name.
"""

from __future__ import annotations

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import BadRequest, ClientDisconnected, NotFound, RequestEntityTooLarge

from api.application.errors import BadRequest as Unreadable
from api.shell.client import left
from api.shell.errors import Unsupported, problem
from events.chain import NotText, loads
from referee.violations import N_

IMPORT_MAX_BYTES = 4 * 1024 * 1024
JSON_MAX_BYTES = 64 * 1024
IMPORT_PATH = "/api/v1/tables/import"
JSON_TYPES = ("application/json",)
IMPORT_TYPES = ("application/x-ndjson", "application/jsonl", "application/json")
WRITES = ("POST", "PUT", "PATCH", "DELETE")


class SafeJSON(DefaultJSONProvider):
    """Flask's JSON, but a body that nests too deep is unreadable JSON (a 400), never a RecursionError; and a
    string that is not text (a lone surrogate) is a 400 that says so, never a write that fails to store it."""

    def loads(self, s, **kwargs):
        try:
            return loads(s)
        except NotText as error:
            raise Unreadable("Malformed request", N_("the body is not text: %(error)s"), {"error": str(error)}) from None


def _accepts(mimetype: str, types: tuple[str, ...]) -> bool:
    return mimetype in types or (types is JSON_TYPES and mimetype.startswith("application/") and
                                 mimetype.endswith("+json"))


def check_request() -> None:
    """Refuse an API write that is too big, of another type, or JSON nested too deep; before any view runs."""
    if request.method not in WRITES or not request.path.startswith("/api/") or request.routing_exception:
        return  # not an API write, or one that routing refuses (404, 405) before its body matters
    importing = request.path == IMPORT_PATH
    limit = IMPORT_MAX_BYTES if importing else JSON_MAX_BYTES
    request.max_content_length = limit  # also bounds a body sent without Content-Length (chunked)
    if request.content_length is not None and request.content_length > limit:
        raise RequestEntityTooLarge()
    types = IMPORT_TYPES if importing else JSON_TYPES
    if request.method == "DELETE" and not request.content_length and not request.mimetype:
        return  # a DELETE that sends nothing (forgetting a player) has no type to check
    if not _accepts(request.mimetype, types):
        raise Unsupported("Unsupported media type", N_("send the body as %(types)s, not %(type)s"),
                          {"types": " or ".join(types), "type": request.mimetype or "no Content-Type"})


def refuse_nul() -> None:
    """No id, token or query value holds U+0000, and PostgreSQL's text cannot hold it: an address with one finds
    nothing (404) and a query value with one is a bad query (400), before any lookup would fail on it."""
    if "\x00" in request.path:
        raise NotFound("no table, group, tournament or page has U+0000 in its address")
    if any("\x00" in value for values in request.args.listvalues() for value in values):
        raise BadRequest("a query parameter holds U+0000, which no value here holds")


def drop_if_gone() -> None:
    """A write whose client has gone before it ran is not written (its phone will retry, with the same
    Idempotency-Key: the pages and the offline outbox always send one). Its body is read first, so that what is
    left to read on the connection is the client's close."""
    if request.method not in WRITES or request.routing_exception:
        return
    request.get_data(cache=True)  # within the size checked above; the form and JSON parsers read it from here
    if left():
        raise ClientDisconnected("the client closed the connection before its write ran: nothing was written")


def init_app(app: Flask) -> None:
    app.config.setdefault("MAX_CONTENT_LENGTH", IMPORT_MAX_BYTES)
    app.config.setdefault("MAX_FORM_MEMORY_SIZE", IMPORT_MAX_BYTES)  # the import page's pasted log
    app.json = SafeJSON(app)
    app.json.sort_keys = False
    app.before_request(refuse_nul)
    app.before_request(check_request)
    app.before_request(drop_if_gone)

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(exc):
        limit = request.max_content_length or app.config["MAX_CONTENT_LENGTH"]
        detail = f"the body is larger than this endpoint reads: {limit} bytes at most"
        if not request.path.startswith("/api/"):
            from flask import render_template

            from api.web.words.i18n import N_

            return render_template("error.html", code=413, title=N_("Too large"),
                                   detail=N_("This is larger than the server reads.")), 413
        return problem(413, "Too large", detail)

    @app.after_request
    def headers(response):
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response

