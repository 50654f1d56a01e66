"""Gin's browser walks take the browser tests' fixtures and marks (tests/browser/conftest.py): a conftest's
fixtures reach only the tests under its folder, so this one declares them again here. The live server and the
browser stay one a process (`tests.browser.live.LIVE`) when both folders run in one worker."""

from __future__ import annotations

from tests.browser.conftest import (  # noqa: F401 - fixtures and the hook, found by pytest under these names
    base_url,
    browser,
    browser_context_args,
    browser_required,
    browser_type_launch_args,
    browsers,
    live_server,
    phones,
    pytest_collection_modifyitems,
)
