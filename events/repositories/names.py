"""Forgetting the seats' names kept beside the log (`seat_names`): a seat, or a member of a group everywhere.

Forgetting writes no entry and changes no hash: the name's row is overwritten (NULL, and her number), the names a
group knew her by are deleted, and the caches that folded her name (snapshots, kept summaries) go with them. The
table's `names_rev` moves, so that every process drops the replay it holds of it (api/application/replays.py).
Then `scrub` leaves the deleted bytes nowhere in the database's files where the database lets us.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable

import sqlalchemy as sa

from events.free_texts import rewrite
from events.group_models import GROUP_TABLES, GROUPS, MEMBERS, NAMES, SUMMARIES
from events.models import SnapshotRow, TableRow, table_of
from events.name_records import RESEALS, SEAT_NAMES, names_in
from events.names import SeatName, forgotten_label, name_key
from events.repositories.repository import Repository
from events.repositories.scrub import scrub
from events.text_records import ENTRY_TEXTS
from events.tournament_models import TournamentRow

logger = logging.getLogger(__name__)
TOURNAMENTS = table_of(TournamentRow)
SNAPSHOTS, TABLES = table_of(SnapshotRow), table_of(TableRow)


def _forgotten(conn, table_ids: list[str], seats: dict[str, int], number: int, moved: Iterable[str] = ()) -> None:
    """Overwrite these seats' names with nothing and her number; drop what folded them (and what folded the texts
    of the tables `moved`); move the tables' rev."""
    for table_id in table_ids:
        conn.execute(SEAT_NAMES.update().where(SEAT_NAMES.c.table_id == table_id, SEAT_NAMES.c.seat == seats[table_id])
                     .values(name=None, forgotten=number))
    table_ids = sorted({*table_ids, *moved})
    if table_ids:
        conn.execute(TABLES.update().where(TABLES.c.id.in_(table_ids)).values(names_rev=TABLES.c.names_rev + 1))
        conn.execute(SNAPSHOTS.delete().where(SNAPSHOTS.c.table_id.in_(table_ids)))
        conn.execute(SUMMARIES.delete().where(SUMMARIES.c.table_id.in_(table_ids)))


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _forgotten_in_tournaments(conn, group_id: str, keys: set[str], label: str, keep: set[str]) -> None:
    """The group's tournaments list their players by name (settings): hers become her label; and where her name
    was typed (the tournament's name, the director's message), it reads as her label."""
    for row in conn.execute(sa.select(TOURNAMENTS.c.id, TOURNAMENTS.c.settings, TOURNAMENTS.c.message)
                            .where(TOURNAMENTS.c.group_id == group_id)).all():
        settings = json.loads(row.settings)
        players = settings.get("players")
        if isinstance(players, list) and any(isinstance(p, str) and name_key(p) in keys for p in players):
            settings["players"] = [label if isinstance(p, str) and name_key(p) in keys else p for p in players]
        if isinstance(settings.get("name"), str):
            settings["name"] = rewrite(settings["name"], keys, label, keep)
        message = json.loads(row.message) if row.message else None
        if isinstance(message, dict) and isinstance(message.get("text"), str):
            message["text"] = rewrite(message["text"], keys, label, keep)
        values = {"settings": _dumps(settings), "message": None if message is None else _dumps(message)}
        if values != {"settings": row.settings, "message": row.message}:
            conn.execute(TOURNAMENTS.update().where(TOURNAMENTS.c.id == row.id).values(**values))


def _forgotten_in_texts(conn, table_ids: list[str], keys: set[str], label: str, keep: set[str]) -> set[str]:
    """Her names in the free texts of these tables (rulings' reasons) read as her label, the salt of each text
    changed dropped (its digest then proves nothing about what was written). Gives the tables whose texts moved."""
    moved: set[str] = set()
    if not table_ids:
        return moved
    for row in conn.execute(sa.select(ENTRY_TEXTS.c.table_id, ENTRY_TEXTS.c.digest, ENTRY_TEXTS.c.text)
                            .where(ENTRY_TEXTS.c.table_id.in_(table_ids))).all():
        text = rewrite(row.text, keys, label, keep)
        if text != row.text:
            conn.execute(ENTRY_TEXTS.update().where(ENTRY_TEXTS.c.table_id == row.table_id,
                                                    ENTRY_TEXTS.c.digest == row.digest).values(text=text, salt=None))
            moved.add(row.table_id)
    return moved


class NameRepository(Repository):
    """The seats' names of every table (read, and forgotten: a seat, or a member of a group everywhere)."""

    def seat_names(self, table_id: str) -> list[SeatName]:
        with self.single.connect() as conn:
            return names_in(conn, [table_id])[table_id]

    def reseal(self, table_id: str) -> tuple[int, str] | None:
        """The head this table's chain had before its names were moved out of it (migration 0008, an import)."""
        with self.single.connect() as conn:
            row = conn.execute(sa.select(RESEALS.c.old_seq, RESEALS.c.old_hash)
                               .where(RESEALS.c.table_id == table_id)).first()
        return None if row is None else (row.old_seq, row.old_hash)

    def forget_seat(self, table_id: str, seat: int) -> SeatName | None:
        """Forget the name at a seat of a table: she becomes the table's next forgotten player. None: no such seat."""
        with self.locked(f"names:{table_id}") as conn:
            seats = names_in(conn, [table_id])[table_id]
            if not 0 <= seat < len(seats):
                return None
            if seats[seat].name is None:
                return seats[seat]
            number = max((s.forgotten or 0 for s in seats), default=0) + 1
            keep = {name_key(s.name) for i, s in enumerate(seats) if s.name is not None and i != seat}
            moved = _forgotten_in_texts(conn, [table_id], {name_key(seats[seat].name or "")}, forgotten_label(number),
                                        keep)
            _forgotten(conn, [table_id], {table_id: seat}, number, moved)
        logger.info("a seat of table %s was forgotten", table_id)
        scrub(self.engine)
        return SeatName(seat, seats[seat].person, None, number)

    def forget_member(self, group_id: str, member_id: str) -> int | None:
        """Forget a member of a group everywhere the group knows her: her names, and her seat at each of its tables.
        Give her forgotten number; None: no such member."""
        with self.locked(f"group:{group_id}") as conn:
            member = conn.execute(sa.select(MEMBERS.c.forgotten).where(MEMBERS.c.group_id == group_id,
                                                                       MEMBERS.c.id == member_id)).first()
            if member is None:
                return None
            number = member.forgotten
            if number is None:
                taken = conn.execute(sa.select(sa.func.max(MEMBERS.c.forgotten))
                                     .where(MEMBERS.c.group_id == group_id)).scalar()
                number = (taken or 0) + 1
            named = conn.execute(sa.select(NAMES.c.key, NAMES.c.member_id).where(NAMES.c.group_id == group_id)).all()
            keys = {key for key, owner in named if owner == member_id}
            keep = {key for key, owner in named if owner != member_id}  # another's "Anne-Marie" when she is "Anne"
            label = forgotten_label(number)
            conn.execute(NAMES.delete().where(NAMES.c.group_id == group_id, NAMES.c.member_id == member_id))
            _forgotten_in_tournaments(conn, group_id, keys, label, keep)
            name = conn.execute(sa.select(GROUPS.c.name).where(GROUPS.c.id == group_id)).scalar()
            if name is not None and rewrite(name, keys, label, keep) != name:
                conn.execute(GROUPS.update().where(GROUPS.c.id == group_id).values(name=rewrite(name, keys, label,
                                                                                                keep)))
            conn.execute(MEMBERS.update().where(MEMBERS.c.group_id == group_id, MEMBERS.c.id == member_id)
                         .values(name=forgotten_label(number), forgotten=number))
            seats: dict[str, int] = {}
            listed = []
            for row in conn.execute(sa.select(GROUP_TABLES.c.table_id, GROUP_TABLES.c.seats)
                                    .where(GROUP_TABLES.c.group_id == group_id)):
                listed.append(row.table_id)
                members = json.loads(row.seats)
                if member_id in members:
                    seats[row.table_id] = members.index(member_id)
            moved = _forgotten_in_texts(conn, listed, keys, label, keep)
            _forgotten(conn, sorted(seats), seats, number, moved)
        logger.info("a member of group %s was forgotten at %s tables", group_id, len(seats))
        scrub(self.engine)
        return number
