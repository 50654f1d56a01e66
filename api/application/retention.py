"""Retention (docs/PRIVACY.md): tables of no group untouched for `months` are deleted whole."""

from __future__ import annotations

from datetime import datetime

from api.application import context
from api.application.context import now

DEFAULT_MONTHS = 12


def months_before(at: datetime, months: int) -> datetime:
    """The same day and time `months` calendar months before (the month's last day when it is shorter)."""
    index = at.year * 12 + at.month - 1 - months
    year, month = divmod(index, 12)
    month += 1
    for day in range(at.day, 0, -1):
        try:
            return at.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    raise ValueError(at)


def purge(months: int = DEFAULT_MONTHS) -> int:
    """Delete the tables of no group whose last entry is older than `months` months; give how many."""
    return context.current().retention.purge(months_before(now(), months))
