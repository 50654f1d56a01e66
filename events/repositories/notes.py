"""The web's notes on a table beside the log (what its start drew or named, e.g. the first dealer)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa

from events.models import TableNotesRow, table_of
from events.repositories.repository import Repository

NOTES = table_of(TableNotesRow)
TABLE_NOTES = sa.select(NOTES.c.notes).where(NOTES.c.table_id == sa.bindparam("table_id"))


class NoteRepository(Repository):
    """The tables' notes: written once, when a table starts; nothing here changes what its log replays to."""

    def save_notes(self, table_id: str, notes: dict) -> None:
        """Keep the web's notes on a table (written once, when the table starts)."""
        with self.engine.begin() as conn:
            conn.execute(NOTES.insert().values(table_id=table_id, created_at=datetime.now(UTC),
                                               notes=json.dumps(notes, ensure_ascii=False, separators=(",", ":"))))

    def notes(self, table_id: str) -> dict:
        with self.single.connect() as conn:
            text = conn.execute(TABLE_NOTES, {"table_id": table_id}).scalar()
        return {} if text is None else json.loads(text)
