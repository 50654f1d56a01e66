"""Each table's statistics summary kept beside the log (`table_summaries`): a cache of a fold, never the truth.

api/application/group_summaries.py pickles, seals and tags each summary with the referee's code; a summary whose
table moved on, or whose seal or code is not the current one, is folded again from the log.
"""

from __future__ import annotations

import sqlalchemy as sa

from events.group_models import SUMMARIES
from events.repositories.repository import Repository

KEPT = (sa.select(SUMMARIES.c.table_id, SUMMARIES.c.version, SUMMARIES.c.hash, SUMMARIES.c.code, SUMMARIES.c.data)
        .where(SUMMARIES.c.table_id.in_(sa.bindparam("ids", expanding=True))))
COLUMNS = ("table_id", "version", "hash", "code", "data")


class SummaryRepository(Repository):
    """The tables' kept summaries, by table."""

    def summaries(self, table_ids: list[str]) -> dict[str, tuple[int, str, str, bytes]]:
        """The kept summaries of these tables: `{table_id: (version, hash, code, data)}` (a cache: check them)."""
        if not table_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(KEPT, {"ids": list(table_ids)}).all()
        return {r.table_id: (r.version, r.hash, r.code, bytes(r.data)) for r in rows}

    def save_summaries(self, rows: list[tuple[str, int, str, str, bytes]]) -> bool:
        """Keep `(table_id, version, hash, code, data)` in place of older ones; False if it could not (a cache)."""
        if not rows:
            return True
        try:
            with self.engine.begin() as conn:
                conn.execute(SUMMARIES.delete().where(SUMMARIES.c.table_id.in_([r[0] for r in rows])))
                conn.execute(SUMMARIES.insert(), [dict(zip(COLUMNS, r, strict=True)) for r in rows])
        except (sa.exc.IntegrityError, sa.exc.OperationalError):
            return False  # another worker wrote them first, or the database is busy: the next view will do
        return True
