"""Retention: tables that belong to no group and that nobody touched for a while are deleted whole.

A table's last touch is its last entry's time. A table of a group (or of a tournament, whose tables are its
group's) is kept while the group is: forgetting a player there is `events/repositories/names.py`'s business.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from events.names_migration import REFUSAL
from events.repositories.repository import Repository
from events.repositories.scrub import scrub

STALE = ("SELECT t.id FROM tables t WHERE NOT EXISTS (SELECT 1 FROM group_tables g WHERE g.table_id = t.id) "
         "AND COALESCE((SELECT MAX(e.at) FROM entries e WHERE e.table_id = t.id), t.created_at) < :before")
BESIDE = ("join_codes", "table_notes", "snapshots", "table_summaries", "seat_names", "entry_texts", "reseals",
          "seat_phones", "entries")


class RetentionRepository(Repository):
    """The tables no group keeps, deleted whole once nobody has touched them for a while."""

    def purge(self, before: datetime) -> int:
        """Delete every table of no group whose last entry is older than `before`, with all its rows; give how
        many."""
        with self.locked("retention") as conn:
            if conn.dialect.name == "sqlite":  # times as SQLAlchemy writes them there: UTC text, no offset
                before = before.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")  # type: ignore[assignment]
            ids = [row[0] for row in conn.execute(sa.text(STALE), {"before": before})]
            if ids:
                _delete(conn, ids)
        if ids:
            scrub(self.engine)
        return len(ids)


def _delete(conn, ids: list[str]) -> None:
    sqlite = conn.dialect.name == "sqlite"
    # Entries are append-only (E-1): their DELETE trigger is set aside for this transaction only.
    conn.exec_driver_sql("DROP TRIGGER IF EXISTS entries_no_delete" if sqlite
                         else "ALTER TABLE entries DISABLE TRIGGER entries_no_delete")
    try:
        for name in BESIDE:
            conn.execute(sa.text(f"DELETE FROM {name} WHERE table_id IN :ids").bindparams(
                sa.bindparam("ids", expanding=True)), {"ids": ids})
        conn.execute(sa.text("DELETE FROM tables WHERE id IN :ids").bindparams(sa.bindparam("ids", expanding=True)),
                     {"ids": ids})
    finally:
        conn.exec_driver_sql("CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries "
                             f"BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END" if sqlite
                             else "ALTER TABLE entries ENABLE TRIGGER entries_no_delete")
