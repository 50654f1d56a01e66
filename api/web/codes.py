"""Join codes: eight characters a player types (or scans) to take their seat on their phone.

A code stands for a seat's token, so it is kept in the database beside the log
(`events.Store.add_join_code`), never in the log; every worker and host sees
the same codes. A code lasts LIFETIME (12 hours: the evening it was made for);
the host's share page makes a new one for a seat whose code has expired. The
host's share page also needs the first dealer the start form drew or named:
the table's notes, kept there too. Why eight characters is enough against
guessing, with the rate limits of `api.shell.limits`: see the README ("Join codes").
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from events.db import get_store

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: easy to read aloud
LENGTH = 8  # 31**8 = 8.5e11 codes (39 bits)
LIFETIME = timedelta(hours=12)
ATTEMPTS = 20  # a clash is rare, twenty in a row means something else is wrong


def normalise(code: str) -> str:
    return "".join(c for c in code.upper() if c in ALPHABET)


def issue(table_id: str, seat: int, token: str) -> str:
    """Make a new code for a seat and store what it stands for."""
    store = get_store()
    for _ in range(ATTEMPTS):
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if store.add_join_code(code, table_id, seat, token):
            return code
    raise RuntimeError("no free join code")


def _expired(made: datetime | None) -> bool:
    return made is None or datetime.now(UTC) - made > LIFETIME


def lookup(code: str) -> dict | None:
    """Read what a live code stands for: `{"table", "seat", "token"}`, or None (unknown or expired)."""
    code = normalise(code)
    if len(code) != LENGTH:
        return None
    found = get_store().join_code(code)
    if found is None or _expired(found.created_at):
        return None
    return {"table": found.table_id, "seat": found.seat, "token": found.token}


def save_table(table_id: str, info: dict) -> None:
    """Keep what the host's share page needs: the first dealer (the seats' codes are kept by `issue`)."""
    get_store().save_notes(table_id, {k: v for k, v in info.items() if k != "codes"})


def table_info(table_id: str, renew: bool = False) -> dict:
    """The table's notes and its codes in seat order: `{"codes": [...], "dealer", "drawn"}` ({} if none).

    `renew` (the host's share page): a seat whose code has expired gets a new one for the same token.
    """
    store = get_store()
    notes = store.notes(table_id)
    by_seat = store.join_code_times(table_id)
    if renew:
        for seat, (code, made) in list(by_seat.items()):
            if _expired(made):
                token = store.join_code(code).token
                by_seat[seat] = (issue(table_id, seat, token), datetime.now(UTC))
    if by_seat:
        notes["codes"] = [by_seat[seat][0] for seat in sorted(by_seat)]
    return notes
