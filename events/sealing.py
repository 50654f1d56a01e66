"""A seat's token beside its join code, sealed: unreadable from the database alone.

A join code must give the phone that types it its seat's token, and the host's share page, the players' page
and a round's replay give it again: so the server must get the token back, not only check it (as it does with
the sha256 digests of `tables`, `groups` and `tournaments`). It is kept XORed with a keystream made by
HMAC-SHA256 under the server's SECRET_KEY over the code (each code its own keystream: the code is the table's
primary key and seals one token only), so a copy of the database, its backups or a `pg_dump` show no token,
and without the secret nobody can work one out; whoever holds the secret holds the server anyway. Pure: no I/O.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

PREFIX = "v1:"  # a sealed token; anything else in the column is a token in clear (before migration 0017)


def _stream(secret: str, code: str, size: int) -> bytes:
    out, block = b"", 0
    while len(out) < size:
        out += hmac.new(secret.encode(), f"join-code-seal:{code}:{block}".encode(), hashlib.sha256).digest()
        block += 1
    return out[:size]


def seal(secret: str, code: str, token: str) -> str:
    """The token as kept beside `code`."""
    raw = token.encode()
    mixed = bytes(a ^ b for a, b in zip(raw, _stream(secret, code, len(raw)), strict=True))
    return PREFIX + base64.urlsafe_b64encode(mixed).decode()


def unseal(secret: str, code: str, kept: str) -> str:
    """The token `seal` kept beside `code`."""
    if not kept.startswith(PREFIX):
        raise ValueError("this join code's token is not sealed: run the migrations (flask db upgrade)")
    mixed = base64.urlsafe_b64decode(kept[len(PREFIX):])
    return bytes(a ^ b for a, b in zip(mixed, _stream(secret, code, len(mixed)), strict=True)).decode()
