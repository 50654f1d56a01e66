"""Each table row keeps its log's head (the last seq and its hash), written in the append's transaction.

An append then locks the table's row and reads its head in one statement (an UPDATE waits for the row and
reads it as committed), and writes the entry and the new head in one more: the same serial order as the
advisory lock gave, in fewer round trips. The entries stay the only truth: the head is the last of them.

Revision ID: 0004_server_head
Revises: 0005_groups (chained after the groups of main)
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_server_head"
down_revision = "0005_groups"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("head_seq", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("head_hash", sa.String(64), nullable=True))
    op.execute("UPDATE tables SET head_seq = COALESCE((SELECT MAX(seq) FROM entries WHERE entries.table_id = tables.id), 0)")
    op.execute("UPDATE tables SET head_hash = (SELECT hash FROM entries WHERE entries.table_id = tables.id "
               "AND entries.seq = tables.head_seq)")


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("head_hash")
        batch.drop_column("head_seq")
