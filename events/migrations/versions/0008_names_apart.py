"""Players' names beside the log, where they can be forgotten (GDPR art. 17): `seat_names`, `reseals`, the tables'
`names_rev` and the members' `forgotten`; then every log's names move out of its entry 1, and its chain is
re-sealed (events/names_migration.py says why that is sound).

Revision ID: 0008_names_apart
Revises: 0007_tournaments
"""

import sqlalchemy as sa
from alembic import op

from events.names_migration import join_names, move_names_apart

revision = "0008_names_apart"
down_revision = "0007_tournaments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_names",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("person", sa.String(16), nullable=False),  # the id entry 1 names the seat by
        sa.Column("name", sa.String(40), nullable=True),  # NULL once forgotten
        sa.Column("forgotten", sa.Integer, nullable=True),  # then her number: "Forgotten player 1"
    )
    op.create_table(
        "reseals",  # a log whose names came out of entry 1: the head its chain had before
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("old_seq", sa.Integer, nullable=False),
        sa.Column("old_hash", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    if "names_rev" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("tables")}:
        with op.batch_alter_table("tables") as batch:
            batch.add_column(sa.Column("names_rev", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("group_members") as batch:
        batch.add_column(sa.Column("forgotten", sa.Integer, nullable=True))
    move_names_apart(op.get_bind())


def downgrade() -> None:
    join_names(op.get_bind())
    # A plain DROP COLUMN (SQLite 3.35+ too): a batch would copy `tables`, which the entries' keys refer to.
    op.execute("ALTER TABLE group_members DROP COLUMN forgotten")
    op.execute("ALTER TABLE tables DROP COLUMN names_rev")
    op.drop_table("reseals")
    op.drop_table("seat_names")
