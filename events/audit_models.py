"""The audit's rows beside the log: who did what to a group, when (API.md "Groups: who may do what, and who did it").

Only what the logs do not already say: forgettings, renames, and an evening's swaps, released seats, late
arrivals and withdrawals. Rulings, corrections and closed tables are entries of the tables' logs, and the audit
reads them there (api/application/audit.py). A row names members by their ids, never by name: the page and the
API write the name at read time, so a forgotten member reads as her forgotten label.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from events.models import table_of


class AuditRow(SQLModel, table=True):
    """One action on a group: its kind, who did it (a role and phone, `"admin"`, `"host of table <id>"`), and
    its target as JSON of ids (members, a table, a seat, a tournament, a round): no name, no free text."""

    __tablename__ = "audit_actions"
    __table_args__ = (sa.Index("ix_audit_actions_group", "group_id", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    group_id: str = Field(foreign_key="groups.id", max_length=64)
    at: datetime = Field(sa_column=sa.Column(sa.DateTime(timezone=True), nullable=False))
    action: str = Field(max_length=32)
    by: str = Field(max_length=120)
    target: str = Field(sa_column=sa.Column(sa.Text, nullable=False))


AUDIT = table_of(AuditRow)
