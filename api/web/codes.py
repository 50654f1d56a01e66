"""Short join codes: six letters a player types (or scans) to take their seat on their phone.

A code stands for a seat's token, so it is kept in the database beside the log
(`events.Store.add_join_code`), never in the log; every worker and host sees
the same codes. The host's share page also needs the first dealer the start
form drew or named: the table's notes, kept there too.
"""

from __future__ import annotations

import secrets

from events.db import get_store

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: easy to read aloud
LENGTH = 6
ATTEMPTS = 20  # 31**6 codes: a clash is rare, twenty in a row means something else is wrong


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


def lookup(code: str) -> dict | None:
    """Read what a code stands for: `{"table", "seat", "token"}`, or None."""
    code = normalise(code)
    if len(code) != LENGTH:
        return None
    found = get_store().join_code(code)
    return None if found is None else {"table": found.table_id, "seat": found.seat, "token": found.token}


def save_table(table_id: str, info: dict) -> None:
    """Keep what the host's share page needs: the first dealer (the seats' codes are kept by `issue`)."""
    get_store().save_notes(table_id, {k: v for k, v in info.items() if k != "codes"})


def table_info(table_id: str) -> dict:
    """The table's notes and its codes in seat order: `{"codes": [...], "dealer", "drawn"}` ({} if none)."""
    store = get_store()
    notes = store.notes(table_id)
    by_seat = store.join_codes(table_id)
    if by_seat:
        notes["codes"] = [by_seat[seat] for seat in sorted(by_seat)]
    return notes
