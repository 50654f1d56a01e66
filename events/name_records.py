"""The seats' names beside the log (`seat_names`), and forgetting them: a seat, or a member of a group everywhere.

Forgetting writes no entry and changes no hash: the name's row is overwritten (NULL, and her number), the names a
group knew her by are deleted, and the caches that folded her name (snapshots, kept summaries) go with them. The
table's `names_rev` moves, so that every process drops the replay it holds of it (api/application/replays.py).
Then `scrub` leaves the deleted bytes nowhere in the database's files where the database lets us: SQLite
zeroes what it deletes (`secure_delete`, set on every connection by events/db.py) and its WAL is checkpointed
and truncated; PostgreSQL's dead rows are vacuumed.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from datetime import UTC, datetime

import sqlalchemy as sa

from events.group_models import GROUP_TABLES, MEMBERS, NAMES, SUMMARIES
from events.groups import name_key
from events.models import ResealRow, SeatNameRow, SnapshotRow, TableRow, table_of
from events.names import SeatName, forgotten_label
from events.tournament_models import TournamentRow

logger = logging.getLogger(__name__)
TOURNAMENTS = table_of(TournamentRow)
SEAT_NAMES, RESEALS, SNAPSHOTS, TABLES = table_of(SeatNameRow), table_of(ResealRow), table_of(SnapshotRow), \
    table_of(TableRow)
NAMES_OF = (sa.select(SEAT_NAMES.c.table_id, SEAT_NAMES.c.seat, SEAT_NAMES.c.person, SEAT_NAMES.c.name,
                      SEAT_NAMES.c.forgotten)
            .where(SEAT_NAMES.c.table_id.in_(sa.bindparam("ids", expanding=True)))
            .order_by(SEAT_NAMES.c.table_id, SEAT_NAMES.c.seat))
# What a forgotten name leaves behind in SQL tables; the database's files are then scrubbed (`scrub`).
SCRUBBED = ("seat_names", "group_members", "group_names", "snapshots", "table_summaries", "tournaments")


def names_in(conn, table_ids: list[str]) -> dict[str, list[SeatName]]:
    """The seats' names of these tables, by seat, in one read."""
    out: dict[str, list[SeatName]] = {table_id: [] for table_id in table_ids}
    if table_ids:
        for row in conn.execute(NAMES_OF, {"ids": list(table_ids)}):
            out[row.table_id].append(SeatName(row.seat, row.person, row.name, row.forgotten))
    return out


def write_names(conn, table_id: str, persons: list[str], names: list[str] | list[str | None],
                forgotten: list[int | None] | None = None) -> None:
    forgotten = forgotten or [None] * len(persons)
    conn.execute(SEAT_NAMES.insert(), [{"table_id": table_id, "seat": seat, "person": person, "name": name,
                                        "forgotten": number}
                                       for seat, (person, name, number) in enumerate(zip(persons, names, forgotten,
                                                                                         strict=True))])


def _forgotten(conn, table_ids: list[str], seats: dict[str, int], number: int) -> None:
    """Overwrite these seats' names with nothing and her number; drop what folded them; move the tables' rev."""
    for table_id in table_ids:
        conn.execute(SEAT_NAMES.update().where(SEAT_NAMES.c.table_id == table_id, SEAT_NAMES.c.seat == seats[table_id])
                     .values(name=None, forgotten=number))
    if table_ids:
        conn.execute(TABLES.update().where(TABLES.c.id.in_(table_ids)).values(names_rev=TABLES.c.names_rev + 1))
        conn.execute(SNAPSHOTS.delete().where(SNAPSHOTS.c.table_id.in_(table_ids)))
        conn.execute(SUMMARIES.delete().where(SUMMARIES.c.table_id.in_(table_ids)))


def _forgotten_in_tournaments(conn, group_id: str, keys: set[str], label: str) -> None:
    """The group's tournaments list their players by name (settings): hers become her label."""
    for row in conn.execute(sa.select(TOURNAMENTS.c.id, TOURNAMENTS.c.settings)
                            .where(TOURNAMENTS.c.group_id == group_id)).all():
        settings = json.loads(row.settings)
        players = settings.get("players")
        if isinstance(players, list) and any(isinstance(p, str) and name_key(p) in keys for p in players):
            settings["players"] = [label if isinstance(p, str) and name_key(p) in keys else p for p in players]
            conn.execute(TOURNAMENTS.update().where(TOURNAMENTS.c.id == row.id)
                         .values(settings=json.dumps(settings, ensure_ascii=False, separators=(",", ":"))))


class NameRecords:
    """The store's names of seats (mixed into `events.Store`, which gives `engine`, `single` and `_locked`)."""

    engine: sa.Engine
    single: sa.Engine
    _locked: Callable[[str], AbstractContextManager[sa.Connection]]

    def seat_names(self, table_id: str) -> list[SeatName]:
        with self.single.connect() as conn:
            return names_in(conn, [table_id])[table_id]

    @staticmethod
    def record_reseal(conn, table_id: str, old_head: tuple[int, str]) -> None:
        conn.execute(RESEALS.insert().values(table_id=table_id, old_seq=old_head[0], old_hash=old_head[1],
                                             at=datetime.now(UTC)))

    def reseal(self, table_id: str) -> tuple[int, str] | None:
        """The head this table's chain had before its names were moved out of it (migration 0008, an import)."""
        with self.single.connect() as conn:
            row = conn.execute(sa.select(RESEALS.c.old_seq, RESEALS.c.old_hash)
                               .where(RESEALS.c.table_id == table_id)).first()
        return None if row is None else (row.old_seq, row.old_hash)

    def forget_seat(self, table_id: str, seat: int) -> SeatName | None:
        """Forget the name at a seat of a table: she becomes the table's next forgotten player. None: no such seat."""
        with self._locked(f"names:{table_id}") as conn:
            seats = names_in(conn, [table_id])[table_id]
            if not 0 <= seat < len(seats):
                return None
            if seats[seat].name is None:
                return seats[seat]
            number = max((s.forgotten or 0 for s in seats), default=0) + 1
            _forgotten(conn, [table_id], {table_id: seat}, number)
        logger.info("a seat of table %s was forgotten", table_id)
        self.scrub()
        return SeatName(seat, seats[seat].person, None, number)

    def forget_member(self, group_id: str, member_id: str) -> int | None:
        """Forget a member of a group everywhere the group knows her: her names, and her seat at each of its tables.
        Give her forgotten number; None: no such member."""
        with self._locked(f"group:{group_id}") as conn:
            member = conn.execute(sa.select(MEMBERS.c.forgotten).where(MEMBERS.c.group_id == group_id,
                                                                       MEMBERS.c.id == member_id)).first()
            if member is None:
                return None
            number = member.forgotten
            if number is None:
                taken = conn.execute(sa.select(sa.func.max(MEMBERS.c.forgotten))
                                     .where(MEMBERS.c.group_id == group_id)).scalar()
                number = (taken or 0) + 1
            keys = set(conn.execute(sa.select(NAMES.c.key).where(NAMES.c.group_id == group_id,
                                                                 NAMES.c.member_id == member_id)).scalars())
            conn.execute(NAMES.delete().where(NAMES.c.group_id == group_id, NAMES.c.member_id == member_id))
            _forgotten_in_tournaments(conn, group_id, keys, forgotten_label(number))
            conn.execute(MEMBERS.update().where(MEMBERS.c.group_id == group_id, MEMBERS.c.id == member_id)
                         .values(name=forgotten_label(number), forgotten=number))
            seats: dict[str, int] = {}
            for row in conn.execute(sa.select(GROUP_TABLES.c.table_id, GROUP_TABLES.c.seats)
                                    .where(GROUP_TABLES.c.group_id == group_id)):
                members = json.loads(row.seats)
                if member_id in members:
                    seats[row.table_id] = members.index(member_id)
            _forgotten(conn, sorted(seats), seats, number)
        logger.info("a member of group %s was forgotten at %s tables", group_id, len(seats))
        self.scrub()
        return number

    def scrub(self) -> None:
        """Leave no copy of what was just overwritten or deleted in the database's files, where the database lets
        us: SQLite has zeroed it (secure_delete) and its WAL is checkpointed and truncated; PostgreSQL's dead rows
        are vacuumed (a backup taken before still holds them: README, "Privacy")."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect().execution_options(sqlite_begin="") as conn:
                for _ in range(20):  # a reader holding the WAL open lets the checkpoint through on a later try
                    busy = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").first()
                    if busy is None or not busy[0]:
                        break
                    time.sleep(0.05)
            return
        with suppress(sa.exc.SQLAlchemyError), self.engine.connect().execution_options(
                isolation_level="AUTOCOMMIT") as conn:
            for table in SCRUBBED:
                conn.exec_driver_sql(f"VACUUM {table}")
