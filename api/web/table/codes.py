"""Join codes: eight characters a player types (or scans) to take their seat on their phone.

A code stands for a seat's token, kept sealed beside it (api/application/join_tokens.py), so it is kept in the database beside the log (`context.current().codes`, a
repository of its own), never in the log; every worker and host sees the same codes. A code lasts LIFETIME (12
hours: the evening it was made for) by the server's clock (`context.now()`, which tests drive); the host's share
page makes a new one for a seat whose code has expired. The host's share page also needs the first dealer the
start form drew or named: the table's notes, kept there too (`context.current().notes`). Why eight characters
is enough against guessing, with the rate limits of `api.shell.limits`: see docs/DEPLOYMENT.md ("Join codes").
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from api.application import context, join_tokens

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: easy to read aloud
LENGTH = 8  # 31**8 = 8.5e11 codes (39 bits)
LIFETIME = timedelta(hours=12)
ATTEMPTS = 20  # a clash is rare, twenty in a row means something else is wrong


def normalise(code: str) -> str:
    return "".join(c for c in code.upper() if c in ALPHABET)


def issue(table_id: str, seat: int, token: str) -> str:
    """Make a new code for a seat and store what it stands for."""
    found = context.current().codes
    for _ in range(ATTEMPTS):
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if found.add_join_code(code, table_id, seat, join_tokens.seal(code, token), context.now()):
            return code
    raise RuntimeError("no free join code")


def _expired(made: datetime | None) -> bool:
    return made is None or context.now() - made > LIFETIME


def lookup(code: str) -> dict | None:
    """Read what a live code stands for: `{"table", "seat", "token"}`, or None (unknown or expired)."""
    code = normalise(code)
    if len(code) != LENGTH:
        return None
    found = context.current().codes.join_code(code)
    if found is None or _expired(found.created_at):
        return None
    return {"table": found.table_id, "seat": found.seat, "token": join_tokens.token_of(found)}


def save_table(table_id: str, info: dict) -> None:
    """Keep what the host's share page needs: the first dealer (the seats' codes are kept by `issue`)."""
    context.current().notes.save_notes(table_id, {k: v for k, v in info.items() if k != "codes"})


def table_info(table_id: str, renew: bool = False) -> dict:
    """The table's notes and its codes in seat order: `{"codes": [...], "dealer", "drawn"}` ({} if none).

    `renew` (the host's share page): a seat whose code has expired gets a new one for the same token.
    """
    notes = context.current().notes.notes(table_id)
    found = context.current().codes
    by_seat = found.join_code_times(table_id)
    if renew:
        for seat, (code, made) in list(by_seat.items()):
            if _expired(made):
                token = join_tokens.token_of(found.join_code(code))
                by_seat[seat] = (issue(table_id, seat, token), context.now())
    if by_seat:
        notes["codes"] = [by_seat[seat][0] for seat in sorted(by_seat)]
    return notes
