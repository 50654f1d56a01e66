"""Fixtures for the engine tests: a fresh four-seat table, before and after the first deal."""

from __future__ import annotations

import pytest

from .continental_log import Play


@pytest.fixture
def play() -> Play:
    """Four players, full tracking, no deal yet."""
    return Play()


@pytest.fixture
def dealt() -> Play:
    """Four players, full tracking, seat 0 has dealt with 2D turned up: seat 1 plays first."""
    p = Play()
    p.deal()
    return p
