"""A tournament's rows beside the log: the evening itself, and its tables round by round."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from events.models import table_of


class TournamentRow(SQLModel, table=True):
    """An evening of a group: its settings (JSON), the sha256 of its director's token, its screen's state."""

    __tablename__ = "tournaments"
    __table_args__ = (sa.Index("ix_tournaments_group", "group_id"),)

    id: str = Field(primary_key=True, max_length=64)
    group_id: str = Field(foreign_key="groups.id", max_length=64)
    settings: str = Field(sa_column=sa.Column(sa.Text, nullable=False))  # name, game, options, players...
    director_token_hash: str = Field(max_length=64)
    player_key: str = Field(max_length=64)  # the players' link's capability (shown to the director)
    frozen: bool = Field(default=False)  # the screen's standings stay as they were at the last round's start
    message: str | None = Field(default=None, sa_column=sa.Column(sa.Text, nullable=True))  # JSON {text, at}
    created_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))


class TournamentTableRow(SQLModel, table=True):
    """A table of a tournament's round; a closed table counts as it stood at `closed_seq` (its hash)."""

    __tablename__ = "tournament_tables"
    __table_args__ = (sa.Index("ix_tournament_tables_tournament", "tournament_id"),)

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    tournament_id: str = Field(foreign_key="tournaments.id", max_length=64)
    round: int
    number: int
    closed_seq: int | None = None
    closed_hash: str | None = Field(default=None, max_length=64)
    # The last refused entry (the console's "needs attention"): when, and why as JSON {rule, key, params}.
    refused_at: datetime | None = Field(default=None, sa_column=sa.Column(sa.DateTime(timezone=True), nullable=True))
    refused: str | None = Field(default=None, sa_column=sa.Column(sa.Text, nullable=True))


class SeatPhoneRow(SQLModel, table=True):
    """A phone (a random id its session keeps) at a seat: the one that holds it (`held`), or one refused since."""

    __tablename__ = "seat_phones"

    table_id: str = Field(foreign_key="tables.id", primary_key=True, max_length=64)
    seat: int = Field(primary_key=True)
    phone: str = Field(primary_key=True, max_length=32)
    taken_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))
    held: bool = Field(default=True, sa_column=sa.Column(sa.Boolean, nullable=False, server_default=sa.true()))


class PhoneClaimRow(SQLModel, table=True):
    """The phone that is a tournament's player for the evening (her name tapped on the players' page): it keeps
    her seat of a round seated later, until the director releases it."""

    __tablename__ = "phone_claims"

    tournament_id: str = Field(foreign_key="tournaments.id", primary_key=True, max_length=64)
    player: int = Field(primary_key=True)
    phone: str = Field(max_length=32)
    taken_at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))


TOURNAMENTS, TOURNAMENT_TABLES = table_of(TournamentRow), table_of(TournamentTableRow)
SEAT_PHONES, PHONE_CLAIMS = table_of(SeatPhoneRow), table_of(PhoneClaimRow)
