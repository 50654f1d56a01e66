"""The OpenAPI 3 description of the JSON API, served at GET /api/openapi.json.

Each blueprint describes its own endpoints when it is imported:

    from api.rest.openapi import document
    document("/api/v1/tables/{table_id}", "get", "Read a table as its log replays",
             response=TableSchema, query=TableArgsSchema, errors=(404,))

The description is built from the marshmallow schemas named there (apispec and
its MarshmallowPlugin); `{name}` parts of a path become path parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint, Flask, jsonify

from api.rest.schemas import ProblemSchema

ERRORS = {
    400: "Malformed body, unknown card (K-1) or bad field",
    401: "No token, or an unknown one",
    403: "A token acting for another seat",
    404: "Unknown table",
    409: "Stale expected_version (E-3)",
    422: "Well-formed, but against the rules",
    413: "Body larger than the endpoint reads",
    415: "Body not sent as application/json (an import: application/x-ndjson)",
    429: "Too many requests from this address (Retry-After says when to try again)",
    503: "Database unavailable (Retry-After says when to try again)",
}


@dataclass(frozen=True)
class Operation:
    path: str
    method: str
    summary: str
    request: object = None
    response: object = None
    errors: tuple[int, ...] = (400,)
    status: int = 200
    query: object = None
    content_type: str = "application/json"
    tag: str | None = None
    request_type: str = "application/json"
    components: tuple = ()  # (name, schema) of fields inside the body, e.g. an entry's, named in a description


_OPERATIONS: dict[tuple[str, str], Operation] = {}
# One server-sent event: `data` is the entry's JSON as in /entries, `id` its seq.
SSE_EVENT = {"type": "object", "properties": {"data": {"type": "string"}, "id": {"type": "string"},
                                               "event": {"type": "string"}, "retry": {"type": "integer"}}}


def document(path: str, method: str, summary: str, *, request=None, response=None, errors=(400,), status=200,
             query=None, content_type="application/json", tag=None, components=None,
             request_type="application/json") -> None:
    """Describe one endpoint in /api/openapi.json; call it once per endpoint, at import."""
    # request/response/query: marshmallow schema classes or None; errors: the problem+json
    # statuses it may answer; status: its success code; content_type: the success body's type;
    # request_type: the request body's (request may then be a plain JSON schema dict).
    tag = tag or path.removeprefix("/api/v1/").split("/")[0]
    _OPERATIONS[(path, method.lower())] = Operation(path, method.lower(), summary, request, response,
                                                     tuple(errors), status, query, content_type, tag,
                                                     components=tuple((components or {}).items()),
                                                     request_type=request_type)


def _namer():
    """Name each schema by its class, less `Schema`; a second class of the same name gets its module's too."""
    taken: dict[str, type] = {}

    def name(schema) -> str:
        cls = schema if isinstance(schema, type) else type(schema)
        base = cls.__name__.removesuffix("Schema") or cls.__name__
        for candidate in (base, cls.__module__.rsplit(".", 1)[-1].title() + base, f"{cls.__module__}.{base}"):
            if taken.setdefault(candidate, cls) is cls:
                return candidate
        return f"{cls.__module__}.{cls.__qualname__}"

    return name


# A path parameter that is a number says so: a seat is 0–9 (API.md, "Limits"), any other seat a 404. Described as
# a string, a fuzzer had nothing to make invalid in `DELETE …/seats/{seat}/phone` and took its 204 for an invalid
# request accepted.
PATH_TYPES = {"seat": {"type": "integer", "minimum": 0, "maximum": 9}}


def _operation(op: Operation) -> dict:
    answer = {"description": "OK"}
    if op.response is not None:
        answer["content"] = {op.content_type: {"schema": op.response}}
    elif op.content_type == "text/event-stream":  # each event, as clients (and schemathesis) read it
        answer["content"] = {op.content_type: {"schema": SSE_EVENT}}
    elif op.content_type != "application/json":  # a text body (NDJSON)
        answer["content"] = {op.content_type: {"schema": {"type": "string"}}}
    responses = {str(op.status): answer}
    for status in op.errors:
        responses[str(status)] = {"description": ERRORS.get(status, "Error"),
                                  "content": {"application/problem+json": {"schema": "Problem"}}}
    out = {"summary": op.summary, "tags": [op.tag], "responses": responses}
    if op.request is not None:
        types = op.request_type if isinstance(op.request_type, tuple) else (op.request_type,)
        out["requestBody"] = {"required": True, "content": {t: {"schema": op.request} for t in types}}
    parameters = [{"in": "path", "name": name, "required": True, "schema": PATH_TYPES.get(name, {"type": "string"})}
                  for name in re.findall(r"{(\w+)}", op.path)]
    if op.query is not None:
        parameters.append({"in": "query", "schema": op.query})
    if parameters:
        out["parameters"] = parameters
    return out


def build_spec() -> dict:
    """Build the OpenAPI 3 document of every endpoint described so far."""
    spec = APISpec(title="Arbitre", version="1", openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin(schema_name_resolver=_namer())],
                   info={"description": "Referee and scorekeeper for rummy played with real cards. "
                                        "Rule ids (C-8, K-1...) refer to RULES.md."})
    spec.components.schema("Problem", schema=ProblemSchema)
    paths: dict[str, dict] = {}
    for op in _OPERATIONS.values():
        for name, schema in op.components:
            if name not in spec.components.schemas:
                spec.components.schema(name, schema=schema)
        paths.setdefault(op.path, {})[op.method] = _operation(op)
    for path in sorted(paths):
        spec.path(path=path, operations=paths[path])
    return spec.to_dict()


bp = Blueprint("openapi", __name__)


@bp.get("/api/openapi.json")
def openapi_json():
    """Serve the OpenAPI 3 description of the JSON API."""
    return jsonify(build_spec())


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
