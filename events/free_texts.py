"""Free text beside the log, where a name typed into it can be forgotten: a ruling's reason (E-5), the only text a
person types into an entry.

The chain holds a salted digest of the text in its place (`{"digest": <sha256 hex of salt and text>}`), the text is
a row of `entry_texts` (table, digest, salt, text) that the log never hashes, and every read of the log puts the
text back (`joined`), so the referee, the pages and the API read a reason as before. Forgetting a player rewrites
her names in those rows to her label (`rewrite`) and drops the salt (the digest then proves nothing about what was
written, and no guess of the text can be checked against it): every chain still verifies.

The digest is salted so that a short reason ("Léa late") cannot be found by hashing guesses. An entry written
before (a plain `reason`) is moved out by migration 0015 or, in an export made before it, by the import: `split`.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from collections.abc import Iterable

from events.names import ZERO_WIDTH

TEXT_FIELDS = {"adjust": ("reason",)}  # by entry type: the fields a person types free text into
CARRIERS = ("adjust", "replace")  # entry types whose data may hold one (a replace carries its replacement entry)
Texts = dict[str, tuple[str | None, str]]  # digest → (salt, text); salt None once a forgetting rewrote the text


def digest(salt: str, text: str) -> str:
    return hashlib.sha256(f"{salt}\0{text}".encode()).hexdigest()


def is_ref(value: object) -> bool:
    """Whether a field's value is a text kept beside the chain (its digest), not the text itself."""
    return isinstance(value, dict) and len(value) == 1 and isinstance(value.get("digest"), str)


def _fields(type_: str, data: dict) -> Iterable[tuple[dict, str]]:
    """Each (object, field) of an entry's data that holds a free text (or its digest)."""
    if type_ in TEXT_FIELDS:
        for field in TEXT_FIELDS[type_]:
            if field in data:
                yield data, field
    elif type_ == "replace" and isinstance(data.get("entry"), dict):
        body = data["entry"]
        yield from _fields(body.get("type") if isinstance(body.get("type"), str) else "", body)


def carries(type_: str, data: dict) -> bool:
    """Whether an entry's data holds a text or a digest in a free-text field."""
    return type_ in CARRIERS and any(True for _ in _fields(type_, data))


def refs(type_: str, data: dict) -> list[str]:
    """The digests this entry's data holds."""
    return [holder[field]["digest"] for holder, field in _fields(type_, data) if is_ref(holder[field])] \
        if type_ in CARRIERS else []


def _copy(type_: str, data: dict) -> dict:
    out = dict(data)
    if type_ == "replace" and isinstance(out.get("entry"), dict):
        out["entry"] = dict(out["entry"])
    return out


def split(type_: str, data: dict, known: Texts | None = None) -> tuple[dict, Texts]:
    """An entry's data as the chain holds it (each free text as its salted digest) and the texts it refers to.
    A text given as a digest already keeps it (its text from `known`, an import's texts)."""
    if not carries(type_, data):
        return data, {}
    out, texts = _copy(type_, data), Texts()
    for holder, field in _fields(type_, out):
        value = holder[field]
        if isinstance(value, str):
            salt = secrets.token_hex(16)
            holder[field] = {"digest": digest(salt, value)}
            texts[holder[field]["digest"]] = (salt, value)
        elif is_ref(value) and known is not None and value["digest"] in known:
            texts[value["digest"]] = known[value["digest"]]
    return out, texts


def joined(type_: str, data: dict, texts: dict[str, str]) -> dict:
    """An entry's data as the referee reads it: each digest replaced by its text (beside the chain)."""
    if type_ not in CARRIERS:
        return data
    found = [(holder, field) for holder, field in _fields(type_, data) if is_ref(holder[field])]
    if not found:
        return data
    out = _copy(type_, data)
    for holder, field in _fields(type_, out):
        if is_ref(holder[field]):
            holder[field] = texts.get(holder[field]["digest"], "…")
    return out


def tidy(text: str) -> str:
    """A text as names are compared inside it: NFC, without zero-width characters."""
    return unicodedata.normalize("NFC", text.translate(ZERO_WIDTH))


def _folded(text: str) -> tuple[str, list[int]]:
    """The text as names are compared (case folded, each run of spaces one space) and, for each of its characters,
    the index of the character of `text` it comes from."""
    out: list[str] = []
    where: list[int] = []
    space = False
    for index, char in enumerate(text):
        if char.isspace():
            if not space:
                out.append(" ")
                where.append(index)
            space = True
            continue
        space = False
        for folded in char.casefold():
            out.append(folded)
            where.append(index)
    return "".join(out), where


def spans(text: str, keys: Iterable[str]) -> list[tuple[int, int]]:
    """Where in `text` (tidied) a name of `keys` (`events.names.name_key`) is written as a word of its own: the
    character before and after is no letter or digit. Longest first, never overlapping; in text order."""
    folded, where = _folded(text)
    taken: list[tuple[int, int]] = []
    for key in sorted({k for k in keys if k}, key=len, reverse=True):
        for found in re.finditer(re.escape(key), folded):
            start, end = where[found.start()], where[found.end() - 1] + 1
            if start > 0 and text[start - 1].isalnum() or end < len(text) and text[end].isalnum():
                continue
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
    return sorted(taken)


def rewrite(text: str, keys: Iterable[str], label: str, keep: Iterable[str] = ()) -> str:
    """`text` with each of these names in it (as names are compared: case, spaces, NFC, zero-width) written as
    `label`; a name of `keep` is left as it is, and so is a name of `keys` inside one (her "Anne-Marie" when
    "Anne" is another's)."""
    tidied = tidy(text)
    kept = spans(tidied, keep)
    found = [(s, e) for s, e in spans(tidied, keys) if not any(s < ke and ks < e for ks, ke in kept)]
    if not found:
        return text
    out, last = [], 0
    for start, end in found:
        out += [tidied[last:start], label]
        last = end
    out.append(tidied[last:])
    return "".join(out)
