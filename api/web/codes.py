"""Short join codes: six letters a player types (or scans) to take their seat on their phone.

A code names a seat's token, so it is kept server-side, one small file per
code under `JOIN_CODES_DIR` (default: the instance folder); the log never
holds tokens.
"""

from __future__ import annotations

import json
import os
import secrets

from flask import current_app

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: easy to read aloud
LENGTH = 6


def _dir() -> str:
    path = current_app.config.get("JOIN_CODES_DIR") or os.path.join(current_app.instance_path, "join-codes")
    os.makedirs(path, exist_ok=True)
    return path


def normalise(code: str) -> str:
    return "".join(c for c in code.upper() if c in ALPHABET)


def issue(table_id: str, seat: int, token: str) -> str:
    """Make a new code for a seat and store what it stands for."""
    for _ in range(20):
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        try:
            fd = os.open(os.path.join(_dir(), code), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w") as f:
            json.dump({"table": table_id, "seat": seat, "token": token}, f)
        return code
    raise RuntimeError("no free join code")


def lookup(code: str) -> dict | None:
    """Read what a code stands for: `{"table", "seat", "token"}`, or None."""
    code = normalise(code)
    if len(code) != LENGTH:
        return None
    try:
        with open(os.path.join(_dir(), code), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def save_table(table_id: str, info: dict) -> None:
    """Keep what the host's share page needs: the seats' codes and the first dealer."""
    with open(os.path.join(_dir(), "table-" + _safe(table_id) + ".json"), "w", encoding="utf-8") as f:
        json.dump(info, f)


def table_info(table_id: str) -> dict:
    try:
        with open(os.path.join(_dir(), "table-" + _safe(table_id) + ".json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def _safe(table_id: str) -> str:
    return "".join(c for c in str(table_id) if c.isalnum() or c in "-_")[:80]
