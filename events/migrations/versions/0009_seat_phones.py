"""The phones that took each seat of a tournament's table from the players' page (a second one is shown).

Beside the log: a phone is a random id its session keeps; nothing here is an entry.

Revision ID: 0009_seat_phones
Revises: 0008_names_apart
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_seat_phones"
down_revision = "0008_names_apart"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_phones",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("phone", sa.String(32), primary_key=True),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seat_phones")
