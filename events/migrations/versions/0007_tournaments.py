"""Tournaments: an evening of a group, and its tables round by round (beside the log, like groups).

The tables themselves are ordinary tables of the group: their logs hold everything played; a closed table
keeps here the entry it was closed at, so its standings are the fold of its log up to that entry.

Revision ID: 0007_tournaments
Revises: 0006_sqlite_head_trigger
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_tournaments"
down_revision = "0006_sqlite_head_trigger"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("group_id", sa.String(64), sa.ForeignKey("groups.id"), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),  # JSON: name, game, options, tracking, players, rounds...
        sa.Column("director_token_hash", sa.String(64), nullable=False),  # sha256, never the token
        sa.Column("player_key", sa.String(64), nullable=False),
        sa.Column("frozen", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("message", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournaments_group", "tournaments", ["group_id"])
    op.create_table(
        "tournament_tables",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("tournament_id", sa.String(64), sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("closed_seq", sa.Integer, nullable=True),
        sa.Column("closed_hash", sa.String(64), nullable=True),
    )
    op.create_index("ix_tournament_tables_tournament", "tournament_tables", ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_tournament_tables_tournament", table_name="tournament_tables")
    op.drop_table("tournament_tables")
    op.drop_index("ix_tournaments_group", table_name="tournaments")
    op.drop_table("tournaments")
