"""The group of three tables every group test checks by hand (tests/groups/sunday.py)."""

from __future__ import annotations

import pytest

from tests.groups.sunday import build_sunday


@pytest.fixture
def sunday(client, tables):
    return build_sunday(client, tables)
