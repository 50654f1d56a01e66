"""Groups beside the log: a named set of players that owns tables, and who each seat of its tables is.

A member has a stable id inside the group; a table's seats are mapped to members when the table joins
the group, by name (trimmed, case and accents as typed, compared case-insensitively). A rename changes the
member's name and keeps the old one pointing at her, so neither a rename nor a new seat order splits a
player's history. Nothing here is an entry: the logs stay the only truth of what was played.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import unicodedata
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.group_models import ENTRIES, GROUP_TABLES, GROUPS, MEMBERS, NAMES, SUMMARIES, TABLES


def name_key(name: str) -> str:
    """How two names are compared: Unicode-normalised, spaces collapsed, case folded ("chloé " is "Chloé")."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class GroupRecord(NamedTuple):
    id: str
    name: str
    token_hash: str
    created_at: datetime

    def admits(self, token: str) -> bool:
        return hmac.compare_digest(_hash(token), self.token_hash)


class GroupTable(NamedTuple):
    """A table of a group with its log's head: enough to know whether a cached fold of it is current."""

    table_id: str
    game: str
    created_at: datetime
    seats: tuple[str, ...]
    version: int
    hash: str
    names: int = 0  # the table's names_rev: moved each time a name at it is forgotten


class NameTaken(Exception):
    """Another member of the group already has this name."""


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


_LATER = ENTRIES.alias("later")
LAST = (sa.select(sa.func.max(_LATER.c.seq)).where(_LATER.c.table_id == GROUP_TABLES.c.table_id)
        .correlate(GROUP_TABLES).scalar_subquery())
TABLES_OF = (sa.select(GROUP_TABLES.c.table_id, TABLES.c.game, TABLES.c.created_at, GROUP_TABLES.c.seats,
                       ENTRIES.c.seq, ENTRIES.c.hash, TABLES.c.names_rev)
             .join(TABLES, TABLES.c.id == GROUP_TABLES.c.table_id)
             .join(ENTRIES, sa.and_(ENTRIES.c.table_id == GROUP_TABLES.c.table_id, ENTRIES.c.seq == LAST))
             .where(GROUP_TABLES.c.group_id == sa.bindparam("group_id"))
             .order_by(TABLES.c.created_at.desc(), GROUP_TABLES.c.table_id))


class GroupRecords:
    """The store's groups (mixed into `events.Store`, which gives `engine` and `_locked`)."""

    engine: sa.Engine
    _locked: Callable[[str], AbstractContextManager[sa.Connection]]

    def create_group(self, group_id: str, name: str, token: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(GROUPS.insert().values(id=group_id, name=name, token_hash=_hash(token),
                                                created_at=datetime.now(UTC)))

    def group(self, group_id: str) -> GroupRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(GROUPS).where(GROUPS.c.id == group_id)).first()
        return None if row is None else GroupRecord(row.id, row.name, row.token_hash, _utc(row.created_at))

    def add_group_table(self, group_id: str, table_id: str, names: list[str]) -> list[str]:
        """Put a table in a group: each seat's name is a member's (a new member for a new name)."""
        with self._locked(f"group:{group_id}") as conn:  # one writer of a group's names at a time
            seats = [self._member_for(conn, group_id, name) for name in names]
            conn.execute(GROUP_TABLES.insert().values(table_id=table_id, group_id=group_id, seats=json.dumps(seats)))
        return seats

    @staticmethod
    def _member_for(conn, group_id: str, name: str) -> str:
        key = name_key(name)
        found = conn.execute(sa.select(NAMES.c.member_id).where(NAMES.c.group_id == group_id,
                                                                NAMES.c.key == key)).scalar()
        if found is not None:
            return found
        member = secrets.token_urlsafe(6)
        conn.execute(MEMBERS.insert().values(id=member, group_id=group_id, name=" ".join(name.split()),
                                             created_at=datetime.now(UTC)))
        conn.execute(NAMES.insert().values(group_id=group_id, key=key, member_id=member))
        return member

    def members(self, group_id: str) -> dict[str, str]:
        """The group's members, id to name, in the order they joined."""
        query = (sa.select(MEMBERS.c.id, MEMBERS.c.name).where(MEMBERS.c.group_id == group_id)
                 .order_by(MEMBERS.c.created_at, MEMBERS.c.id))
        with self.engine.connect() as conn:
            return {row.id: row.name for row in conn.execute(query)}

    def rename_member(self, group_id: str, member_id: str, name: str) -> bool:
        """Call a member by a new name (her old names keep standing for her); False: no such member."""
        key = name_key(name)
        with self._locked(f"group:{group_id}") as conn:
            owner = conn.execute(sa.select(NAMES.c.member_id).where(NAMES.c.group_id == group_id,
                                                                    NAMES.c.key == key)).scalar()
            if owner is not None and owner != member_id:
                raise NameTaken(name)
            changed = conn.execute(MEMBERS.update().where(MEMBERS.c.group_id == group_id, MEMBERS.c.id == member_id)
                                   .values(name=" ".join(name.split()))).rowcount
            if changed and owner is None:
                conn.execute(NAMES.insert().values(group_id=group_id, key=key, member_id=member_id))
        return bool(changed)

    def group_tables(self, group_id: str) -> list[GroupTable]:
        """The group's tables, newest first, each with its log's version and last hash (one query)."""
        with self.engine.connect() as conn:
            rows = conn.execute(TABLES_OF, {"group_id": group_id}).all()
        return [GroupTable(r.table_id, r.game, _utc(r.created_at), tuple(json.loads(r.seats)), r.seq, r.hash,
                           r.names_rev) for r in rows]

    def group_of(self, table_id: str) -> tuple[str, tuple[str, ...]] | None:
        """The group a table belongs to and its seats' members, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(GROUP_TABLES.c.group_id, GROUP_TABLES.c.seats)
                               .where(GROUP_TABLES.c.table_id == table_id)).first()
        return None if row is None else (row.group_id, tuple(json.loads(row.seats)))

    def summaries(self, table_ids: list[str]) -> dict[str, tuple[int, str, str, bytes]]:
        """The kept summaries of these tables: `{table_id: (version, hash, code, data)}` (a cache: check them)."""
        if not table_ids:
            return {}
        query = (sa.select(SUMMARIES.c.table_id, SUMMARIES.c.version, SUMMARIES.c.hash, SUMMARIES.c.code,
                           SUMMARIES.c.data).where(SUMMARIES.c.table_id.in_(sa.bindparam("ids", expanding=True))))
        with self.engine.connect() as conn:
            rows = conn.execute(query, {"ids": list(table_ids)}).all()
        return {r.table_id: (r.version, r.hash, r.code, bytes(r.data)) for r in rows}

    def save_summaries(self, rows: list[tuple[str, int, str, str, bytes]]) -> bool:
        """Keep `(table_id, version, hash, code, data)` in place of older ones; False if it could not (a cache)."""
        if not rows:
            return True
        try:
            with self.engine.begin() as conn:
                conn.execute(SUMMARIES.delete().where(SUMMARIES.c.table_id.in_([r[0] for r in rows])))
                names = ("table_id", "version", "hash", "code", "data")
                conn.execute(SUMMARIES.insert(), [dict(zip(names, r, strict=True)) for r in rows])
        except (sa.exc.IntegrityError, sa.exc.OperationalError):
            return False  # another worker wrote them first, or the database is busy: the next view will do
        return True
