"""The SQL SQLite runs in its own words: the time as the text it stores, the conditional append, the trigger
that moves the head (migration 0006)."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa

from events.store.statements import (
                                     ENTRIES,
                                     ENTRY_COLUMNS,
                                     READ_HEAD,
                                     ROW,
                                     head_and_tail_sql,
    head_key_sql,
                                     head_sql,
                                     log_query,
                                     logs_query,
                                     tail_sql,
)

PARAM = ":{}"  # how the driver names a parameter

# SQLite stores the UTC time as text already: read as it is.
AT = sa.type_coerce(ENTRIES.c.at, sa.Text)
LOG = log_query(AT)
LOGS = logs_query(AT)
TAIL_COLUMNS = "e.seq, e.type, e.seat, e.at, e.payload, e.prev_hash, e.hash"
TAIL = tail_sql(TAIL_COLUMNS, PARAM)
HEAD_AND_TAIL = head_and_tail_sql(TAIL_COLUMNS, PARAM)
HEAD = head_sql(PARAM)
HEAD_KEY = head_key_sql(PARAM)
# BEGIN IMMEDIATE already holds the whole database: a SELECT will do.
LOCK_HEAD = READ_HEAD

# The append on a head already read (Store.append_if_head, and the first try of Store.append): one INSERT in
# autocommit, writing the entry only if the head is the expected one; the head follows in the same statement
# (the trigger of migration 0006), and the statement is its own transaction: one call into SQLite holds the
# write lock, and nothing waits for the interpreter while it is held.
APPEND = (f"INSERT INTO entries ({ENTRY_COLUMNS}) SELECT {', '.join(':' + c for c in ROW)} WHERE EXISTS "
           "(SELECT 1 FROM tables WHERE id = :table_id AND head_seq = :prev_seq AND head_hash = :prev_hash)")
AT_FORMAT = "%Y-%m-%d %H:%M:%S.%f"  # as SQLAlchemy's DateTime stores it on SQLite (UTC, no offset)


def at_text(at: datetime) -> str:
    """A time in UTC as SQLite's rows hold it (`AT_FORMAT`), written several times faster than strftime does."""
    if at.year < 1000:
        return at.strftime(AT_FORMAT)
    return at.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")
# Whether the file has that trigger (code newer than the file: the locked way until it is migrated).
APPEND_READY = "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'entries_move_head'"
