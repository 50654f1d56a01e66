"""Leave no copy of what was overwritten or deleted (a forgotten name, a purged table) in the database's files.

SQLite zeroes what it deletes (`secure_delete`, set on every connection by events/db.py) and its WAL is
checkpointed and truncated; PostgreSQL's dead rows are vacuumed.
"""

from __future__ import annotations

import time
from contextlib import suppress

import sqlalchemy as sa

# What a forgotten name leaves behind in SQL tables; the database's files are then scrubbed (`scrub`).
SCRUBBED = ("seat_names", "group_members", "group_names", "snapshots", "table_summaries", "tournaments",
            "entry_texts", "groups")


def scrub(engine: sa.Engine) -> None:
    """Leave no copy of what was just overwritten or deleted in the database's files, where the database lets
    us: SQLite has zeroed it (secure_delete) and its WAL is checkpointed and truncated; PostgreSQL's dead rows
    are vacuumed (a backup taken before still holds them: docs/PRIVACY.md)."""
    if engine.dialect.name == "sqlite":
        with engine.connect().execution_options(sqlite_begin="") as conn:
            for _ in range(20):  # a reader holding the WAL open lets the checkpoint through on a later try
                busy = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").first()
                if busy is None or not busy[0]:
                    break
                time.sleep(0.05)
        return
    with suppress(sa.exc.SQLAlchemyError), engine.connect().execution_options(
            isolation_level="AUTOCOMMIT") as conn:
        for table in SCRUBBED:
            conn.exec_driver_sql(f"VACUUM {table}")
