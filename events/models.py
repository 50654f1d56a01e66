"""The two tables of the store: a table's identity and tokens, and its log entries."""

from __future__ import annotations

from datetime import datetime

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
