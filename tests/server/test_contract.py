"""Headers and error bodies as the contract says (§4): nosniff, Allow on 405, Problem as the schema says."""

import pytest

from api.rest.openapi import build_spec


@pytest.mark.parametrize("path", ["/api/v1/tables/nope", "/", "/join", "/api/openapi.json", "/healthz",
                                  "/static/app.css", "/nowhere"])
def test_every_response_says_nosniff(client, path):
    assert client.get(path).headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("method, path, allowed", [
    ("delete", "/api/v1/tables", {"POST"}), ("put", "/api/v1/referee/rami/meld", {"POST"}),
    ("delete", "/api/v1/tables/abc", {"GET"}), ("post", "/healthz", {"GET"}), ("put", "/join", {"GET", "POST"}),
])
def test_a_405_says_which_methods_are_allowed(client, method, path, allowed):
    response = getattr(client, method)(path, json={})
    assert response.status_code == 405
    assert allowed <= {m.strip() for m in response.headers["Allow"].split(",")}


def test_the_problem_schema_admits_the_fields_errors_carry():
    problem = build_spec()["components"]["schemas"]["Problem"]
    assert problem.get("additionalProperties", True) is not False
    assert {"line", "version"} <= set(problem["properties"])


def test_the_spec_states_the_limits_the_server_enforces():
    spec = build_spec()
    at = next(p for p in spec["paths"]["/api/v1/tables/{table_id}"]["get"]["parameters"] if p["name"] == "at")
    after = next(p for p in spec["paths"]["/api/v1/tables/{table_id}/entries"]["get"]["parameters"]
                 if p["name"] == "after")
    assert at["schema"]["maximum"] == after["schema"]["maximum"] == 2**31 - 1
    for status in ("413", "415", "429"):
        assert status in spec["paths"]["/api/v1/tables"]["post"]["responses"]
