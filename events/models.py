"""The store's tables: a table's identity and token hashes, its log entries, and beside the log its join codes and notes."""

from __future__ import annotations

from datetime import datetime
from typing import cast

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


class TableRow(SQLModel, table=True):
    """A table: its game and the sha256 of its tokens (the tokens themselves are never stored)."""

    __tablename__ = "tables"

    id: str = Field(primary_key=True, max_length=64)
    game: str = Field(max_length=32)
    created_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))
    host_token_hash: str = Field(max_length=64)
    seat_token_hashes: str = Field(sa_column=sa.Column(sa.Text, nullable=False))  # JSON list, by seat
    # The log's head (its last entry's seq and hash), moved in each append's transaction (migration 0004).
    head_seq: int = Field(default=0, sa_column=sa.Column(sa.Integer, nullable=False, server_default="0"))
    head_hash: str | None = Field(default=None, max_length=64)
    # Moved each time a seat's name is forgotten (migration 0008): what a cached replay of the names is keyed by.
    names_rev: int = Field(default=0, sa_column=sa.Column(sa.Integer, nullable=False, server_default="0"))


class EntryRow(SQLModel, table=True):
    """One entry of a table's log (E-1); the database refuses to change or remove it."""

    __tablename__ = "entries"
    __table_args__ = (
        sa.UniqueConstraint("table_id", "seq", name="uq_entries_table_seq"),
        sa.UniqueConstraint("table_id", "idempotency_key", name="uq_entries_table_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: str = Field(foreign_key="tables.id", max_length=64)
    seq: int
    type: str = Field(max_length=32)
    seat: int | None = None
    at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))
    payload: str = Field(sa_column=sa.Column(sa.Text, nullable=False))  # the entry's data, JSON
    idempotency_key: str | None = Field(default=None, max_length=200)
    verdict: str | None = Field(default=None, sa_column=sa.Column(sa.Text, nullable=True))  # JSON
    hash: str = Field(max_length=64)
    prev_hash: str | None = Field(default=None, max_length=64)


class JoinCodeRow(SQLModel, table=True):
    """A short code a player types to take a seat: it stands for that seat's token (never in the log)."""

    __tablename__ = "join_codes"
    __table_args__ = (sa.Index("ix_join_codes_table", "table_id", "seat"),)

    code: str = Field(primary_key=True, max_length=16)
    table_id: str = Field(foreign_key="tables.id", max_length=64)
    seat: int
    token: str = Field(max_length=200)
    created_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))


class TableNotesRow(SQLModel, table=True):
    """What the web remembers of a table's start (e.g. the first dealer it drew), outside the log; JSON."""

    __tablename__ = "table_notes"

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    notes: str = Field(sa_column=sa.Column(sa.Text, nullable=False))
    created_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))


class SnapshotRow(SQLModel, table=True):
    """A disposable cache of a table's replay as far as entry `version` (whose hash it names); never the truth."""

    __tablename__ = "snapshots"

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    version: int = Field(primary_key=True)
    hash: str = Field(max_length=64)
    code: str = Field(max_length=64)
    state: bytes = Field(sa_column=sa.Column(sa.LargeBinary, nullable=False))
    created_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))


class SeatNameRow(SQLModel, table=True):
    """Who sits at a seat, beside the log: entry 1 names the seat by `person`, an id that says nothing; `name` is
    her name, or NULL once she is forgotten (then `forgotten` is her number: "Forgotten player 1")."""

    __tablename__ = "seat_names"

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    seat: int = Field(primary_key=True)
    person: str = Field(max_length=16)
    name: str | None = Field(default=None, max_length=40)
    forgotten: int | None = None


class EntryTextRow(SQLModel, table=True):
    """A free text typed into an entry (a ruling's reason), beside the log: the chain holds its salted digest
    (events/free_texts.py). Forgetting a player rewrites her names in `text` and drops `salt`."""

    __tablename__ = "entry_texts"

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    digest: str = Field(primary_key=True, max_length=64)
    salt: str | None = Field(default=None, max_length=32)
    text: str = Field(sa_column=sa.Column(sa.Text, nullable=False))


class ResealRow(SQLModel, table=True):
    """A log whose names were moved out of entry 1 (migration 0008, or an import of an older export): the head its
    chain had before, so that an export made then can still be matched to it."""

    __tablename__ = "reseals"

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    old_seq: int
    old_hash: str = Field(max_length=64)
    at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))


def table_of(model: type[SQLModel]) -> sa.Table:
    """A model's table, as SQLAlchemy Core writes its statements (SQLModel leaves `__table__` untyped)."""
    return cast(sa.Table, sa.inspect(model).local_table)
