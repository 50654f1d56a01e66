"""Migration 0015's data step: move each ruling's reason out of the hash-chained log, and re-seal the chain.

An `adjust` entry written before it (or a `replace` carrying one) holds its `reason` as text. The step keeps the
text beside the log (`entry_texts`, with a random salt), writes its salted digest in its place
(events/free_texts.py), and computes every hash of that log again from that entry on (E-4: a hash covers its entry
and the one before). Sound for the reasons of migration 0008 (events/names_migration.py): every read of the log puts
the text back, so the replay before and after is the same; no other entry's content changes; and the head the chain
had before is kept in `reseals` when the table has none yet (an export made before still imports: the import moves
its reasons out the same way).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa

from events.chain import entry_hash
from events.free_texts import CARRIERS, carries, joined, refs, split
from events.names_migration import Updates


def _utc(at) -> datetime:
    if isinstance(at, str):
        at = datetime.fromisoformat(at)
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _holders(conn) -> list[str]:
    types = ", ".join(f"'{t}'" for t in CARRIERS)
    return list(conn.execute(sa.text(f"SELECT DISTINCT table_id FROM entries WHERE type IN ({types})")).scalars())


def _rechain(conn, table_id: str, change) -> bool:
    """Give each entry the data `change(type, data)` gives (None: as it is), every hash after the first change
    computed again; False when nothing changed."""
    rows = conn.execute(sa.text("SELECT id, seq, type, seat, at, payload, hash FROM entries WHERE table_id = :t "
                                "ORDER BY seq"), {"t": table_id}).all()
    prev, moved = None, False
    for row in rows:
        data = json.loads(row.payload)
        new = change(row.type, data)
        moved = moved or new is not None
        if not moved:
            prev = row.hash
            continue
        data = data if new is None else new
        new_hash = entry_hash(row.seq, row.type, row.seat, _utc(row.at), data, prev)
        conn.execute(sa.text("UPDATE entries SET payload = :p, hash = :h, prev_hash = :ph WHERE id = :id"),
                     {"p": _dumps(data), "h": new_hash, "ph": prev, "id": row.id})
        prev = new_hash
    if not moved:
        return False
    last = rows[-1]
    conn.execute(sa.text("UPDATE tables SET head_hash = :h WHERE id = :t"), {"h": prev, "t": table_id})
    if conn.execute(sa.text("SELECT 1 FROM reseals WHERE table_id = :t"), {"t": table_id}).first() is None:
        conn.execute(sa.text("INSERT INTO reseals (table_id, old_seq, old_hash, at) VALUES (:t, :s, :h, :at)"),
                     {"t": table_id, "s": last.seq, "h": last.hash, "at": datetime.now(UTC)})
    conn.execute(sa.text("DELETE FROM snapshots WHERE table_id = :t"), {"t": table_id})
    conn.execute(sa.text("DELETE FROM table_summaries WHERE table_id = :t"), {"t": table_id})
    return True


def move_texts_apart(conn) -> int:
    """Move every reason out of the logs and re-seal them; give how many logs were moved."""
    moved = 0
    with Updates(conn):
        for table_id in _holders(conn):
            def change(type_: str, data: dict, table_id: str = table_id):
                if not carries(type_, data):
                    return None
                out, texts = split(type_, data)
                for d, (salt, text) in texts.items():
                    conn.execute(sa.text("INSERT INTO entry_texts (table_id, digest, salt, text) "
                                         "VALUES (:t, :d, :s, :x)"), {"t": table_id, "d": d, "s": salt, "x": text})
                return out if texts else None

            moved += _rechain(conn, table_id, change)
    return moved


def join_texts(conn) -> None:
    """The step undone (a downgrade): each reason back in its entry (as it reads now), chains re-sealed."""
    with Updates(conn):
        for table_id in _holders(conn):
            texts = dict(conn.execute(sa.text("SELECT digest, text FROM entry_texts WHERE table_id = :t"),
                                      {"t": table_id}).all())

            def change(type_: str, data: dict, texts: dict = texts):
                return joined(type_, data, texts) if refs(type_, data) else None

            _rechain(conn, table_id, change)
