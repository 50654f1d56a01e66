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
