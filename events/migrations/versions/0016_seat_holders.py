"""One phone, one seat (E-6): a seat's phone holds it, a second phone is refused and noted, a name tapped before
its round is seated is kept.

`seat_phones` (0009) noted every phone that opened a seat, and showed a second one. Now the first phone holds the
seat (`held`), and a phone refused since then is a row with `held` false: the director sees that someone asked,
and releases the seat in one tap (the rows go; the next phone to tap takes it). The rows written before hold as
they were: a seat's earliest phone holds it. `phone_claims`: the phone that tapped a player's name on the players'
page, for the evening: before her round is seated it keeps her seat for that phone, and each seat she takes
moves it on. Beside the log: nothing here is an entry.

Revision ID: 0016_seat_holders
Revises: 0015_texts_apart
"""

import sqlalchemy as sa
from alembic import op

revision = "0016_seat_holders"
down_revision = "0015_texts_apart"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seat_phones", sa.Column("held", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "phone_claims",
        sa.Column("tournament_id", sa.String(64), sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("player", sa.Integer, primary_key=True),
        sa.Column("phone", sa.String(32), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("phone_claims")
    with op.batch_alter_table("seat_phones") as batch:
        batch.drop_column("held")
