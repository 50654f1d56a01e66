"""Free text beside the log, where a forgotten name can be taken out of it: `entry_texts`; then every ruling's
reason moves out of its entry, and its chain is re-sealed (events/texts_migration.py says why that is sound).

Revision ID: 0015_texts_apart
Revises: 0014_members_token
"""

import sqlalchemy as sa
from alembic import op

from events.texts_migration import join_texts, move_texts_apart

revision = "0015_texts_apart"
down_revision = "0014_members_token"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "entry_texts",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("digest", sa.String(64), primary_key=True),  # what the chain holds in the text's place
        sa.Column("salt", sa.String(32), nullable=True),  # NULL once a forgetting rewrote the text
        sa.Column("text", sa.Text, nullable=False),
    )
    move_texts_apart(op.get_bind())


def downgrade() -> None:
    join_texts(op.get_bind())
    op.drop_table("entry_texts")
