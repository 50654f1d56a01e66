"""The SQL PostgreSQL runs in its own words: the time as UTC text, the row lock that orders appends, the
append that checks the head, writes, moves the head and tells the live streams in one call, the advisory
locks."""

from __future__ import annotations

import hashlib

import sqlalchemy as sa

from events.store.statements import (
    ENTRIES,
    ENTRY_COLUMNS,
    KEYED,
    ROW,
    TABLES,
    head_and_tail_sql,
    head_key_sql,
    head_sql,
    log_query,
    logs_query,
    tail_sql,
)

PARAM = "%({})s"  # how the driver names a parameter

# PostgreSQL writes the time as text in UTC, which Python reads several times faster than the driver builds a
# zoned datetime.
AT = sa.func.to_char(sa.func.timezone("UTC", ENTRIES.c.at), "YYYY-MM-DD HH24:MI:SS.US")
LOG = log_query(AT)
LOGS = logs_query(AT)
TAIL_COLUMNS = ("e.seq, e.type, e.seat, to_char(timezone('UTC', e.at), 'YYYY-MM-DD HH24:MI:SS.US'), "
                "e.payload, e.prev_hash, e.hash")
TAIL = tail_sql(TAIL_COLUMNS, PARAM)
HEAD_AND_TAIL = head_and_tail_sql(TAIL_COLUMNS, PARAM)
HEAD = head_sql(PARAM)
HEAD_KEY = head_key_sql(PARAM)

# The append's first statement: the head, and whether the key is known. An UPDATE that changes nothing: it waits
# for the table's row lock (held by an append to the same table until it commits) and then reads the row as
# committed, so the head it returns is the latest, and the next append to this table waits for this one.
LOCK_HEAD = (TABLES.update().where(TABLES.c.id == sa.bindparam("table_id"))
             .values(head_seq=TABLES.c.head_seq).returning(TABLES.c.head_seq, TABLES.c.head_hash, KEYED,
                                                               TABLES.c.names_rev))

# Writes the entry, moves the head and tells the live streams (a NOTIFY carrying the entry, sent at commit to
# every worker and host: events/live.py) in one statement, one round trip.
WRITE = sa.text(
    "WITH written AS (INSERT INTO entries (" + ENTRY_COLUMNS + ") VALUES (" + ", ".join(":" + c for c in ROW)
    + ")), moved AS (UPDATE tables SET head_seq = :seq, head_hash = :hash WHERE id = :table_id) "
    "SELECT pg_notify('arbitre_entries', :note)"
).bindparams(sa.bindparam("at", type_=sa.DateTime(timezone=True)))

# The append on a head already read (Store.append_if_head, and the first try of Store.append): one statement in
# autocommit, one round trip, one commit. Its UPDATE moves the head only if it is still the one the entry was
# judged on (the version and hash), under the table's row lock: an append holding that lock makes this one wait
# and then find the head moved, and the INSERT, which reads the UPDATE's rows, then writes nothing (a row count
# of 0). The notice the live streams hear (events/live.py) is the UPDATE's RETURNING, so it is sent, at commit,
# only with an entry written. A known Idempotency-Key fails the entries' unique key, and with it the statement.
# The driver prepares it once a connection (held.py keeps them); it answers no row, which the driver reads
# faster than the boolean of the server function it replaces (`arbitre_append`, migration 0011, left in place
# for code older than this).
APPEND = ("WITH moved AS (UPDATE tables SET head_seq = %(seq)s::integer, head_hash = %(hash)s "
          "WHERE id = %(table_id)s AND head_seq = %(prev_seq)s::integer AND head_hash = %(prev_hash)s "
          "RETURNING pg_notify('arbitre_entries', %(note)s)) "
          "INSERT INTO entries (" + ENTRY_COLUMNS + ") SELECT %(table_id)s, %(seq)s::integer, %(type)s, "
          "%(seat)s::integer, %(at)s, %(payload)s, %(idempotency_key)s, %(verdict)s, %(hash)s, %(prev_hash)s FROM moved")


def lock_key(key: str) -> int:
    """A signed 64-bit advisory lock key."""
    return int.from_bytes(hashlib.sha256(f"arbitre.entries:{key}".encode()).digest()[:8], "big", signed=True)


def advisory_lock(key: str) -> sa.Select:
    """Hold `key` until the transaction ends: for records beside the log that change, such as a group's members."""
    return sa.select(sa.func.pg_advisory_xact_lock(lock_key(key)))
