"""Fixtures of the server tests."""

from __future__ import annotations

import pytest

from api import create_app
from api.shell.limits import DEFAULTS
from events.db import dispose


@pytest.fixture
def limited(database_url):
    """An app with the production rate limits (the suite's others are generous)."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, **DEFAULTS})
    yield app
    dispose(app)
