"""Join codes, and the web's notes on a table's start, kept in the database (not in files).

A join code stands for a seat's token, so it is kept here (never in the log); the
notes hold what the host's share page needs (the first dealer drawn or named).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "join_codes",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("token", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_join_codes_table", "join_codes", ["table_id", "seat"])
    op.create_table(
        "table_notes",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("notes", sa.Text, nullable=False),  # JSON
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_notes")
    op.drop_index("ix_join_codes_table", table_name="join_codes")
    op.drop_table("join_codes")
