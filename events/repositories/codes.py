"""Join codes beside the log: what a code a player types stands for (a seat of a table, and its token sealed).

The log never holds a token, nor does this table: `token` holds the seat's token sealed under the server's secret
(events/sealing.py; the application seals and unseals), and every worker and host sees the same codes.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.models import JoinCodeRow, table_of
from events.records import utc
from events.repositories.repository import Repository

CODES = table_of(JoinCodeRow)
JOIN_CODE = sa.select(CODES).where(CODES.c.code == sa.bindparam("code"))
TABLE_CODES = (sa.select(CODES.c.seat, CODES.c.code, CODES.c.created_at)
               .where(CODES.c.table_id == sa.bindparam("table_id"))
               .order_by(CODES.c.seat, CODES.c.created_at, CODES.c.code))


class JoinCode(NamedTuple):
    """What a join code stands for: a seat of a table, and the token that acts for it, sealed (events/sealing.py)."""

    code: str
    table_id: str
    seat: int
    token: str
    created_at: datetime | None = None


class JoinCodeRepository(Repository):
    """The join codes of the tables' seats."""

    def add_join_code(self, code: str, table_id: str, seat: int, token: str, at: datetime) -> bool:
        """Keep a new code for a seat, made at `at` (the server's time: its clock); False when the code is already
        taken (make another)."""
        try:
            with self.engine.connect() as conn, conn.execution_options(sqlite_begin="BEGIN IMMEDIATE").begin():
                if conn.execute(JOIN_CODE, {"code": code}).first() is not None:
                    return False
                conn.execute(CODES.insert().values(code=code, table_id=table_id, seat=seat, token=token,
                                                   created_at=at))
        except sa.exc.IntegrityError:
            if self.join_code(code) is not None:
                return False  # taken by a writer in between
            raise
        return True

    def join_code(self, code: str) -> JoinCode | None:
        """Say what a code stands for, or None."""
        with self.single.connect() as conn:
            row = conn.execute(JOIN_CODE, {"code": code}).first()
        return None if row is None else JoinCode(row.code, row.table_id, row.seat, row.token, utc(row.created_at))

    def join_codes(self, table_id: str) -> dict[int, str]:
        """A table's codes by seat (the latest one when a seat has several)."""
        return {seat: code for seat, (code, _) in self.join_code_times(table_id).items()}

    def join_code_times(self, table_id: str) -> dict[int, tuple[str, datetime]]:
        """A table's latest code by seat, with the time it was made."""
        with self.single.connect() as conn:
            rows = conn.execute(TABLE_CODES, {"table_id": table_id}).all()
        latest: dict[int, tuple[str, datetime]] = {}
        for row in rows:
            made = utc(row.created_at)
            if row.seat not in latest or made >= latest[row.seat][1]:
                latest[row.seat] = (row.code, made)
        return latest
