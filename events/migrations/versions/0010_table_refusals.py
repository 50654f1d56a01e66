"""A tournament table's last refused entry: when, and why (the referee's key and params, seats not names).

Beside the log, for the director's console ("needs attention"): a refusal writes nothing in the log, and the
console may be served by another worker than the one that refused, so it is kept in the table's row.

Revision ID: 0010_table_refusals
Revises: 0009_seat_phones
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_table_refusals"
down_revision = "0009_seat_phones"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournament_tables") as batch:
        batch.add_column(sa.Column("refused_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("refused", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournament_tables") as batch:
        batch.drop_column("refused")
        batch.drop_column("refused_at")
