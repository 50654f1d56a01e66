"""A failure nobody foresaw: problem+json 500 on the API, the HTML error page elsewhere, logged, no trace shown."""

import logging

import pytest

from api import create_app
from events.db import dispose

SECRET = "secret-detail-of-the-failure"


@pytest.fixture
def served(database_url):
    """The app as gunicorn serves it (not TESTING: exceptions are not propagated), with routes that fail."""
    app = create_app({"DATABASE_URL": database_url})

    def boom():
        raise RuntimeError(SECRET)

    app.add_url_rule("/api/v1/boom", "api_boom", boom)
    app.add_url_rule("/boom", "page_boom", boom)
    yield app.test_client()
    dispose(app)


def test_an_unexpected_exception_on_the_api_is_a_problem_500(served, caplog):
    with caplog.at_level(logging.ERROR):
        response = served.get("/api/v1/boom")
    assert response.status_code == 500
    assert response.mimetype == "application/problem+json"
    body = response.json
    assert (body["status"], body["title"], body["rules"], body["violations"]) == (500, "Internal error", [], [])
    text = response.get_data(as_text=True)
    assert SECRET not in text and "Traceback" not in text and "RuntimeError" not in text
    logged = [r for r in caplog.records if r.exc_info and r.exc_info[0] is RuntimeError]
    assert logged and "/api/v1/boom" in logged[0].getMessage()


def test_an_unexpected_exception_on_a_page_is_the_html_error_page(served, caplog):
    with caplog.at_level(logging.ERROR):
        response = served.get("/boom")
    assert response.status_code == 500
    assert response.mimetype == "text/html"
    text = response.get_data(as_text=True)
    assert "<html" in text and SECRET not in text and "Traceback" not in text
    assert any(r.exc_info and r.exc_info[0] is RuntimeError for r in caplog.records)


def test_an_http_error_on_the_api_keeps_its_own_problem(served):
    response = served.get("/api/v1/nowhere")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"


def test_a_body_the_schema_refuses_says_which_field_with_a_key_to_translate(client, tables):
    """400s of the entry body's shape carry `key` and `params` (API.md: the message stays English, the key and
    parameters carry its translation), and name the field, never a Python structure."""
    table = tables.create()
    url, auth = f"/api/v1/tables/{table.id}/entries", {"Authorization": f"Bearer {table.host}"}
    cases = [({"expected_version": 0, "entry": {"type": "draw", "seat": 1, "from": "stock"}}, "expected_version",
              {"value": "0"}),
             ({"entry": {"type": "draw"}}, "expected_version", None),
             ({"expected_version": 1, "entry": [1]}, "`entry` is a JSON object", {"value": "[1]"}),
             ({"expected_version": 1}, "needs `entry`", None),
             ({"expected_version": 1, "entry": {"type": "draw"}, "zzz": 1}, "`zzz`", {"fields": "`zzz`"}),
             ({"expected_version": 1, "entry": {"type": "draw", "seat": -1}}, "`seat` is a seat number",
              {"last": 9, "value": "-1"})]
    for body, named, params in cases:
        answer = client.post(url, json=body, headers=auth)
        assert answer.status_code == 400, body
        problem = answer.get_json()
        assert named in problem["detail"] and "{" not in problem["detail"].split(":", 1)[0], problem
        assert problem["key"] and problem["params"] == (params or {}), problem
    assert client.get(f"/api/v1/tables/{table.id}").get_json()["version"] == 1  # nothing was written
