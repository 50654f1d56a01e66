"""The groups' rows beside the log: groups, their members and names, their tables' seats, kept summaries."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from events.models import EntryRow, TableRow, table_of


class GroupRow(SQLModel, table=True):
    """A group: its name and the sha256 of its two tokens (neither is ever stored): `token_hash` the admin's (a
    group made before migration 0014 had one token: it is the admin's), `members_hash` the members' (null until
    the admin's phone first shows the members' link of such a group)."""

    __tablename__ = "groups"

    id: str = Field(primary_key=True, max_length=64)
    name: str = Field(max_length=80)
    token_hash: str = Field(max_length=64)
    members_hash: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))


class MemberRow(SQLModel, table=True):
    """A player of a group, under a stable id; `name` is how the group calls her now."""

    __tablename__ = "group_members"
    __table_args__ = (sa.Index("ix_group_members_group", "group_id"),)

    id: str = Field(primary_key=True, max_length=16)
    group_id: str = Field(foreign_key="groups.id", max_length=64)
    name: str = Field(max_length=40)
    created_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))
    forgotten: int | None = None  # her number once forgotten (migration 0008): `name` is then that label


class MemberNameRow(SQLModel, table=True):
    """A name (its comparison key) that stands for a member of the group: her name, and her former ones."""

    __tablename__ = "group_names"

    group_id: str = Field(foreign_key="groups.id", primary_key=True, max_length=64)
    key: str = Field(primary_key=True, max_length=80)
    member_id: str = Field(foreign_key="group_members.id", max_length=16)


class GroupTableRow(SQLModel, table=True):
    """A table of a group, and the member sitting at each of its seats (JSON list, by seat)."""

    __tablename__ = "group_tables"
    __table_args__ = (sa.Index("ix_group_tables_group", "group_id"),)

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    group_id: str = Field(foreign_key="groups.id", max_length=64)
    seats: str = Field(sa_column=sa.Column(sa.Text, nullable=False))


class SummaryRow(SQLModel, table=True):
    """A disposable cache of a table's statistics summary as of entry `version` (whose hash it names)."""

    __tablename__ = "table_summaries"

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    version: int
    hash: str = Field(max_length=64)
    code: str = Field(max_length=64)
    data: bytes = Field(sa_column=sa.Column(sa.LargeBinary, nullable=False))


GROUPS, MEMBERS, NAMES, GROUP_TABLES = (table_of(GroupRow), table_of(MemberRow), table_of(MemberNameRow),
                                        table_of(GroupTableRow))
SUMMARIES = table_of(SummaryRow)
TABLES, ENTRIES = table_of(TableRow), table_of(EntryRow)
