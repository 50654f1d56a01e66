"""What the store hands out: an entry as stored, a table's identity, and the reading of rows into them."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import NamedTuple

from events.chain import TEXTS, iso, plain
from events.free_texts import Texts, joined
from events.json_text import compact, write_string


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def utc(at: datetime) -> datetime:
    """The same instant in UTC (a time with no zone is one in UTC)."""
    if at.tzinfo is UTC:  # every append's time: nothing to make
        return at
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


class Conflict(Exception):
    """The log moved on since the version the writer based its entry on (E-3, HTTP 409)."""

    def __init__(self, current_version: int):
        super().__init__(f"the log is at version {current_version}")
        self.current_version = current_version


class StoredEntry(NamedTuple):
    """An entry as stored: its content, its place in the hash chain and its verdict."""

    seq: int
    type: str
    seat: int | None
    at: datetime
    data: dict
    hash: str
    prev_hash: str | None = None
    verdict: dict | None = None
    idempotency_key: str | None = None
    texts: Texts | None = None  # the free texts its data refers to by digest (events/free_texts.py), if read

    @property
    def read_data(self) -> dict:
        """Its data as people read it: each free text in place of its digest."""
        if not self.texts:
            return self.data
        return joined(self.type, self.data, {digest: text for digest, (_, text) in self.texts.items()})

    def to_entry(self):
        """Give the referee's view of this entry."""
        from referee.log import Entry

        return Entry(self.seq, self.type, self.seat, self.at, self.read_data)

    def to_json(self) -> dict:
        """The entry as /entries and the streams show it: its free texts as text (the chain holds their digests:
        `chained_json`)."""
        return {"seq": self.seq, "type": self.type, "at": iso(self.at), "seat": self.seat, "hash": self.hash,
                **self.read_data}

    def chained_json(self) -> dict:
        """The entry as its hash covers it (an export's line): its free texts as their digests, the texts beside
        (`texts`: digest → {"text", "salt"}, the salt gone once a forgetting rewrote the text)."""
        line = {"seq": self.seq, "type": self.type, "at": iso(self.at), "seat": self.seat, "hash": self.hash,
                **self.data}
        if self.texts:
            line[TEXTS] = {digest: {"text": text} if salt is None else {"text": text, "salt": salt}
                           for digest, (salt, text) in sorted(self.texts.items())}
        return line


def entry_text(entry: dict) -> str:
    """An entry as /entries shows it, as JSON text: what a notice carries and a stream sends, rendered once."""
    return compact(entry)


SHOWN = frozenset(("seq", "type", "at", "seat", "hash"))  # what `to_json` writes before the data


def written_text(entry: StoredEntry, payload: str) -> str:
    """`entry_text(entry.to_json())` from its data already written as JSON (`payload`, its row's): every append
    sends one, and this writes the data once, not twice. The same text (a property test holds them equal); an
    entry with free texts (`read_data` is not its data), or whose data names a key `to_json` writes, or with
    other types than an entry has, takes `entry_text` itself."""
    seq, type_, seat, data, hash_ = entry.seq, entry.type, entry.seat, entry.data, entry.hash
    if entry.texts or not plain(seq, type_, seat) or hash_.__class__ is not str or not SHOWN.isdisjoint(data):
        return entry_text(entry.to_json())
    head = (f'{{"seq":{seq},"type":{write_string(type_)},"at":"{iso(entry.at)}",'
            f'"seat":{"null" if seat is None else seat},"hash":{write_string(hash_)}')
    return head + "}" if payload == "{}" else head + "," + payload[1:]


def row_entry(row) -> StoredEntry:
    return StoredEntry(row.seq, row.type, row.seat, utc(row.at), json.loads(row.payload), row.hash,
                       row.prev_hash, None if row.verdict is None else json.loads(row.verdict), row.idempotency_key)


@dataclass(frozen=True)
class TableRecord:
    """A table's identity: its game and the hashes of its tokens."""

    id: str
    game: str
    created_at: datetime
    host_token_hash: str
    seat_token_hashes: tuple[str, ...]

    def holder(self, token: str) -> str | int | None:
        """Say whose token this is: `"host"`, a seat number, or None for an unknown token."""
        digest = token_hash(token)
        if digest == self.host_token_hash:
            return "host"
        return self.seat_token_hashes.index(digest) if digest in self.seat_token_hashes else None


@dataclass(frozen=True)
class Appended:
    """The answer of an append: the entry, and whether it was already there (same idempotency key)."""

    entry: StoredEntry
    replayed: bool = False
