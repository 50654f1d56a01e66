"""The free texts beside the log (`entry_texts`), as the log's reads and writes need them: a read puts each text
back in its entry (`with_texts`), an append or a new table writes them (`write_texts`). Rewriting them when a
player is forgotten: events/repositories/names.py."""

from __future__ import annotations

import sqlalchemy as sa

from events.free_texts import CARRIERS, Texts, joined, refs
from events.models import EntryTextRow, table_of

ENTRY_TEXTS = table_of(EntryTextRow)
TEXTS_OF = (sa.select(ENTRY_TEXTS.c.table_id, ENTRY_TEXTS.c.digest, ENTRY_TEXTS.c.text)
            .where(ENTRY_TEXTS.c.table_id.in_(sa.bindparam("ids", expanding=True))))
STORED_TEXTS = (sa.select(ENTRY_TEXTS.c.digest, ENTRY_TEXTS.c.salt, ENTRY_TEXTS.c.text)
                .where(ENTRY_TEXTS.c.table_id == sa.bindparam("table_id")))


def wanted(entries: list) -> bool:
    """Whether any of these entries (`referee.log.Entry` or `StoredEntry`) refers to a text beside the log."""
    return any(e.type in CARRIERS and refs(e.type, e.data) for e in entries)


def texts_in(conn, table_ids: list[str]) -> dict[str, dict[str, str]]:
    """The texts of these tables, by digest, in one read."""
    out: dict[str, dict[str, str]] = {table_id: {} for table_id in table_ids}
    if table_ids:
        for row in conn.execute(TEXTS_OF, {"ids": list(table_ids)}):
            out[row.table_id][row.digest] = row.text
    return out


def stored_texts(conn, table_id: str) -> Texts:
    """A table's texts with their salts (None once rewritten): what its export carries beside the chain."""
    return {row.digest: (row.salt, row.text) for row in conn.execute(STORED_TEXTS, {"table_id": table_id})}


def with_texts(entries: list, texts: dict[str, str]) -> list:
    """`referee.log.Entry` items with each digest read as its text; the same list when none refers to one."""
    out = []
    for entry in entries:
        if entry.type in CARRIERS:
            data = joined(entry.type, entry.data, texts)
            if data is not entry.data:
                entry = type(entry)(entry.seq, entry.type, entry.seat, entry.at, data)
        out.append(entry)
    return out


def read_with_texts(conn, table_id: str, entries: list) -> list:
    """`entries` of one table with their texts put back (one read, only when one refers to a text)."""
    if not wanted(entries):
        return entries
    return with_texts(entries, texts_in(conn, [table_id])[table_id])


def write_texts(conn, table_id: str, texts: Texts) -> None:
    """Keep an entry's texts beside the log, in its append's transaction."""
    if texts:
        conn.execute(ENTRY_TEXTS.insert(), [{"table_id": table_id, "digest": d, "salt": salt, "text": text}
                                            for d, (salt, text) in texts.items()])
