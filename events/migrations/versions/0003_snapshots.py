"""Snapshots: a disposable cache of a replayed log, kept in the database; never the truth.

A snapshot is the replay of a table's log as far as entry `version`, whose hash it
names: one that does not match the log's entry at that seq is never used. Any
snapshot may be deleted at any time: the log replays to the same state without it.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("hash", sa.String(64), nullable=False),  # the hash of the log's entry `version`
        sa.Column("code", sa.String(64), nullable=False),  # the fingerprint of the code that made `state`
        sa.Column("state", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
