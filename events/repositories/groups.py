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
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.group_models import ENTRIES, GROUP_TABLES, GROUPS, MEMBERS, NAMES, TABLES
from events.name_records import SEAT_NAMES
from events.names import name_key, readable_name
from events.repositories.repository import Repository
from events.repositories.scrub import scrub


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


ADMIN_ROLE, MEMBERS_ROLE = "admin", "members"  # the two tokens of a group, and what each may do (API.md)


class GroupRecord(NamedTuple):
    id: str
    name: str
    token_hash: str  # the admin token's
    created_at: datetime
    members_hash: str | None = None  # the members' token's (None: not made yet, a group older than 0014)

    def role(self, token: str) -> str | None:
        """Whose token this is: ADMIN_ROLE, MEMBERS_ROLE, or None (not this group's)."""
        digest = _hash(token)
        if hmac.compare_digest(digest, self.token_hash):
            return ADMIN_ROLE
        if self.members_hash is not None and hmac.compare_digest(digest, self.members_hash):
            return MEMBERS_ROLE
        return None

    def admits(self, token: str) -> bool:
        return self.role(token) is not None


class GroupTable(NamedTuple):
    """A table of a group with its log's head: enough to know whether a cached fold of it is current."""

    table_id: str
    game: str
    created_at: datetime
    seats: tuple[str, ...]
    version: int
    hash: str
    names: int = 0  # the table's names_rev: moved each time a name at it is forgotten


class MemberForgotten(Exception):
    """A forgotten member is not renamed: her label is not a name, and a name would stand over her erased history."""


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


def member_for(conn, group_id: str, name: str) -> str:
    """The group's member of this name, inside a write holding the group's lock (a new member for a new name)."""
    key = name_key(name)
    found = conn.execute(sa.select(NAMES.c.member_id).where(NAMES.c.group_id == group_id,
                                                            NAMES.c.key == key)).scalar()
    if found is not None:
        return found
    found = conn.execute(sa.select(MEMBERS.c.id).where(  # her label (a tournament's players list it): still her
        MEMBERS.c.group_id == group_id, MEMBERS.c.forgotten.is_not(None), MEMBERS.c.name == readable_name(name))).scalar()
    if found is not None:
        return found
    member = secrets.token_urlsafe(6)
    conn.execute(MEMBERS.insert().values(id=member, group_id=group_id, name=readable_name(name),
                                         created_at=datetime.now(UTC)))
    conn.execute(NAMES.insert().values(group_id=group_id, key=key, member_id=member))
    return member


class GroupRepository(Repository):
    """The groups, their members (and the names they go by) and the tables each group owns."""

    def create_group(self, group_id: str, name: str, token: str, members_token: str | None = None) -> None:
        """A new group, `token` its admin's and `members_token` its members' (only their hashes are kept)."""
        with self.engine.begin() as conn:
            conn.execute(GROUPS.insert().values(id=group_id, name=name, token_hash=_hash(token),
                                                members_hash=None if members_token is None else _hash(members_token),
                                                created_at=datetime.now(UTC)))

    def group(self, group_id: str) -> GroupRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(GROUPS).where(GROUPS.c.id == group_id)).first()
        return None if row is None else GroupRecord(row.id, row.name, row.token_hash, _utc(row.created_at),
                                                    row.members_hash)

    def keep_members_token(self, group_id: str, members_token: str) -> None:
        """Keep the hash of the members' token of a group that had none (made before migration 0014)."""
        with self.engine.begin() as conn:
            conn.execute(GROUPS.update().where(GROUPS.c.id == group_id, GROUPS.c.members_hash.is_(None))
                         .values(members_hash=_hash(members_token)))

    def rename_group(self, group_id: str, name: str) -> bool:
        """Call the group by a new name; False: no such group."""
        with self.engine.begin() as conn:
            return bool(conn.execute(GROUPS.update().where(GROUPS.c.id == group_id).values(name=name)).rowcount)

    def add_group_table(self, group_id: str, table_id: str, names: list[str],
                        members: Sequence[str] | None = None) -> list[str]:
        """Put a table in a group: each seat's name is a member's (a new member for a new name). `members`: the
        members its seats are, by seat (the table it follows: "play again"), whatever became of their names since
        they were read; a member forgotten meanwhile sits there under her number, her name gone from its seat."""
        forgotten: dict = {}
        with self.locked(f"group:{group_id}") as conn:  # one writer of a group's names at a time
            if members is None:
                seats = [member_for(conn, group_id, name) for name in names]
            else:
                seats = list(members)
                forgotten = dict(conn.execute(sa.select(MEMBERS.c.id, MEMBERS.c.forgotten).where(
                    MEMBERS.c.group_id == group_id, MEMBERS.c.id.in_(seats), MEMBERS.c.forgotten.is_not(None))).all())
                for seat, member in enumerate(seats):
                    if member in forgotten:
                        conn.execute(SEAT_NAMES.update().where(SEAT_NAMES.c.table_id == table_id,
                                                               SEAT_NAMES.c.seat == seat)
                                     .values(name=None, forgotten=forgotten[member]))
                if forgotten:
                    conn.execute(TABLES.update().where(TABLES.c.id == table_id)
                                 .values(names_rev=TABLES.c.names_rev + 1))
            conn.execute(GROUP_TABLES.insert().values(table_id=table_id, group_id=group_id, seats=json.dumps(seats)))
        if forgotten:
            scrub(self.engine)  # the name written a moment ago, overwritten: in no file
        return seats

    def members(self, group_id: str) -> dict[str, str]:
        """The group's members, id to name, in the order they joined."""
        query = (sa.select(MEMBERS.c.id, MEMBERS.c.name).where(MEMBERS.c.group_id == group_id)
                 .order_by(MEMBERS.c.created_at, MEMBERS.c.id))
        with self.engine.connect() as conn:
            return {row.id: row.name for row in conn.execute(query)}

    def name_keys(self, group_id: str) -> dict[str, str]:
        """Every name the group knows (its comparison key, `events.names.name_key`), and the member it stands for."""
        with self.engine.connect() as conn:
            return dict(conn.execute(sa.select(NAMES.c.key, NAMES.c.member_id)
                                     .where(NAMES.c.group_id == group_id)).all())

    def forgotten_members(self, group_id: str) -> set[str]:
        """The group's members who were forgotten."""
        with self.engine.connect() as conn:
            return set(conn.execute(sa.select(MEMBERS.c.id).where(MEMBERS.c.group_id == group_id,
                                                                  MEMBERS.c.forgotten.is_not(None))).scalars())

    def rename_member(self, group_id: str, member_id: str, name: str) -> bool:
        """Call a member by a new name (her old names keep standing for her); False: no such member."""
        key = name_key(name)
        with self.locked(f"group:{group_id}") as conn:
            if conn.execute(sa.select(MEMBERS.c.forgotten).where(MEMBERS.c.group_id == group_id,
                                                                 MEMBERS.c.id == member_id)).scalar() is not None:
                raise MemberForgotten(member_id)
            owner = conn.execute(sa.select(NAMES.c.member_id).where(NAMES.c.group_id == group_id,
                                                                    NAMES.c.key == key)).scalar()
            if owner is not None and owner != member_id:
                raise NameTaken(name)
            changed = conn.execute(MEMBERS.update().where(MEMBERS.c.group_id == group_id, MEMBERS.c.id == member_id)
                                   .values(name=readable_name(name))).rowcount
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
