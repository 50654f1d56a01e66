"""Sealed exports: the last line of an export carries an HMAC of the chain's head made with the server's key.

Cutting lines off the end or recomputing every hash changes the head, so the seal no longer holds: an import
to the same deployment sees it. An export sealed elsewhere (another key) or not sealed at all imports as
unverified. A seal is `<key id>.<hex HMAC-SHA256 of "arbitre.export:<version>:<head hash>">`; the key id
(the first 16 hex digits of a hash of the key) says whose seal it is, never the key.
"""

from __future__ import annotations

import hashlib
import hmac

VERIFIED, UNVERIFIED = "verified", "unverified"


class SealBroken(ValueError):
    """This deployment's seal on an export that no longer matches it: lines were cut or changed."""


def key_id(key: bytes) -> str:
    return hashlib.sha256(b"arbitre.export-key:" + key).hexdigest()[:16]


def seal(key: bytes, version: int, head: str) -> str:
    mac = hmac.new(key, f"arbitre.export:{version}:{head}".encode(), hashlib.sha256).hexdigest()
    return f"{key_id(key)}.{mac}"


def check(key: bytes, sealed: str | None, version: int, head: str) -> str:
    """Say whether an export is `verified` (our seal holds) or `unverified` (no seal, or another's)."""
    if not isinstance(sealed, str) or "." not in sealed:
        return UNVERIFIED
    kid, _ = sealed.split(".", 1)
    if not hmac.compare_digest(kid, key_id(key)):
        return UNVERIFIED
    if not hmac.compare_digest(sealed, seal(key, version, head)):
        raise SealBroken(f"the seal of this server does not hold for entry {version}: the export was cut short "
                         "or changed (E-4)")
    return VERIFIED
