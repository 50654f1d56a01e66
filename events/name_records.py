"""The seats' names beside the log (`seat_names`), as the log's reads and writes need them: a replay reads entry 1
with its seats' names (`names_in`), a new table writes them (`write_names`), an import of an older export keeps the
head its chain had before its names came out (`record_reseal`). Forgetting them: events/repositories/names.py.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from events.models import ResealRow, SeatNameRow, table_of
from events.names import SeatName

SEAT_NAMES, RESEALS = table_of(SeatNameRow), table_of(ResealRow)
NAMES_OF = (sa.select(SEAT_NAMES.c.table_id, SEAT_NAMES.c.seat, SEAT_NAMES.c.person, SEAT_NAMES.c.name,
                      SEAT_NAMES.c.forgotten)
            .where(SEAT_NAMES.c.table_id.in_(sa.bindparam("ids", expanding=True)))
            .order_by(SEAT_NAMES.c.table_id, SEAT_NAMES.c.seat))


def names_in(conn, table_ids: list[str]) -> dict[str, list[SeatName]]:
    """The seats' names of these tables, by seat, in one read."""
    out: dict[str, list[SeatName]] = {table_id: [] for table_id in table_ids}
    if table_ids:
        for row in conn.execute(NAMES_OF, {"ids": list(table_ids)}):
            out[row.table_id].append(SeatName(row.seat, row.person, row.name, row.forgotten))
    return out


def write_names(conn, table_id: str, persons: list[str], names: list[str] | list[str | None],
                forgotten: list[int | None] | None = None) -> None:
    """Write a new table's seats' names (`forgotten`: the number of each seat whose name is None)."""
    forgotten = forgotten or [None] * len(persons)
    conn.execute(SEAT_NAMES.insert(), [{"table_id": table_id, "seat": seat, "person": person, "name": name,
                                        "forgotten": number}
                                       for seat, (person, name, number) in enumerate(zip(persons, names, forgotten,
                                                                                         strict=True))])


def record_reseal(conn, table_id: str, old_head: tuple[int, str]) -> None:
    """Keep the head a table's chain had before its names came out of it (an older export, imported)."""
    conn.execute(RESEALS.insert().values(table_id=table_id, old_seq=old_head[0], old_hash=old_head[1],
                                         at=datetime.now(UTC)))
