"""Gin's page tests (test_gin_play.py, test_gin_headlines.py) drive the app with the pages' phones: the `phone`
fixture of tests/web/conftest.py, declared here again because a conftest's fixtures reach only its own folder."""

from __future__ import annotations

from tests.web.conftest import phone  # noqa: F401 - a fixture, found by pytest under this name
