"""A body read into its command, its checks in API.md's order: who asks before what is asked.

The application checks who asks (an unknown table is a 404, a token it does not know a 401 or 403) before it
reads the body (400). The edge reads the body first, into a command: when it cannot, it asks the application
who asks, so that a request both unauthorised and unreadable gets the answer it always got; a readable body
goes straight to the use case, which checks who asks once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from marshmallow import ValidationError

from api.application.entries_in import UNREADABLE

T = TypeVar("T")


def command(read: Callable[[], T], who: Callable[[], object]) -> T:
    """`read()`'s command; if the body is unreadable (400), `who()` raises first when it would."""
    try:
        return read()
    except (*UNREADABLE, ValidationError):
        who()
        raise
