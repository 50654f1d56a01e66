"""The audit beside the log: `audit_actions`, who did what to a group and when (forgettings, renames, an evening's
swaps, released seats, late arrivals and withdrawals; rulings, corrections and closes are read from the logs).

A row names members by id only, so forgetting a member leaves nothing of her name here.

Revision ID: 0013_audit_actions
Revises: 0012_close_entries
"""

import sqlalchemy as sa
from alembic import op

revision = "0013_audit_actions"
down_revision = "0012_close_entries"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("group_id", sa.String(64), sa.ForeignKey("groups.id"), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("by", sa.String(120), nullable=False),
        sa.Column("target", sa.Text, nullable=False),
    )
    op.create_index("ix_audit_actions_group", "audit_actions", ["group_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_audit_actions_group", table_name="audit_actions")
    op.drop_table("audit_actions")
