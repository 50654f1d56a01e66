"""Rows of the entries table as the store gives them back: `StoredEntry` (with hashes and verdicts) or
`referee.log.Entry` (what a replay reads), with one JSON parse for all payloads."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from events.json_text import compact
from events.records import StoredEntry

dumps = compact
"""JSON as the store writes it: compact, UTF-8 text as it is."""


def entry_row(table_id: str, e: StoredEntry) -> dict:
    """An entry as the row of `entries` that holds it (the columns' names as keys)."""
    return {"table_id": table_id, "seq": e.seq, "type": e.type, "seat": e.seat, "at": e.at,
            "payload": dumps(e.data), "idempotency_key": e.idempotency_key,
            "verdict": None if e.verdict is None else dumps(e.verdict), "hash": e.hash, "prev_hash": e.prev_hash}


@dataclass(frozen=True)
class Tail:
    """Entries as the referee reads them; `prev_hash`: the hash the first one follows; `hash`: the last one's."""

    entries: list
    prev_hash: str | None
    hash: str | None


def stored_entries(rows) -> list[StoredEntry]:
    """Rows of (seq, type, seat, at, hash, prev_hash, key, payload, verdict) as `StoredEntry`."""
    # One json.loads over the whole log is several times faster than one per entry.
    datas = json.loads("[" + ",".join(row[-2] for row in rows) + "]")
    utc = UTC
    return [StoredEntry(seq, type_, seat, at.replace(tzinfo=utc) if at.tzinfo is None else at.astimezone(utc),
                        data, hash_, prev, None if verdict is None else json.loads(verdict), key)
            for (seq, type_, seat, at, hash_, prev, key, _, verdict), data in zip(rows, datas, strict=True)]


def tail_of(rows) -> Tail:
    """Rows of (seq, type, seat, at, payload, prev_hash, hash) as a `Tail`."""
    if not rows:
        return Tail([], None, None)
    return Tail(log_entries(rows), rows[0][5], rows[-1][6])


def log_entries(rows) -> list:
    """Rows of (seq, type, seat, at, payload, ...) as `referee.log.Entry`: one JSON parse for all payloads."""
    from referee.log import Entry

    if not rows:
        return []
    datas = json.loads("[" + ",".join([row[4] for row in rows]) + "]")
    utc = UTC
    parse = datetime.fromisoformat
    out: list[Entry] = []
    append = out.append
    for (seq, type_, seat, at, *_), data in zip(rows, datas, strict=True):
        if at.__class__ is str:  # UTC as 'YYYY-MM-DD HH:MM:SS.ffffff'
            at = parse(at + "+00:00")  # several times cheaper than .replace(tzinfo=...)
        elif at.tzinfo is None:
            at = at.replace(tzinfo=utc)
        elif at.utcoffset():
            at = at.astimezone(utc)
        append(Entry(seq, type_, seat, at, data))
    return out


def logs_of(rows, table_ids: list[str]) -> dict[str, list]:
    """Rows of (table_id, seq, type, seat, at, payload) as each table's `referee.log.Entry` list."""
    from referee.log import Entry

    out: dict[str, list] = {table_id: [] for table_id in table_ids}
    if not rows:
        return out
    datas = json.loads("[" + ",".join([row[5] for row in rows]) + "]")
    parse = datetime.fromisoformat
    utc = UTC
    for (table_id, seq, type_, seat, when, _), data in zip(rows, datas, strict=True):
        when = parse(when + "+00:00") if when.__class__ is str else (
            when.replace(tzinfo=utc) if when.tzinfo is None else when.astimezone(utc))
        out[table_id].append(Entry(seq, type_, seat, when, data))
    return out
