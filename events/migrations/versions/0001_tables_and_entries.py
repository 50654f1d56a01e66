"""Tables and their append-only entries (E-1).

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

REFUSAL = "entries are append-only (E-1): correct with a later void or replace entry"

PG_FUNCTION = f"""
CREATE OR REPLACE FUNCTION arbitre_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{REFUSAL}';
END;
$$
"""


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("host_token_hash", sa.String(64), nullable=False),
        sa.Column("seat_token_hashes", sa.Text, nullable=False),
    )
    op.create_table(
        "entries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("idempotency_key", sa.String(200), nullable=True),
        sa.Column("verdict", sa.Text, nullable=True),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=True),
        sa.UniqueConstraint("table_id", "seq", name="uq_entries_table_seq"),
        sa.UniqueConstraint("table_id", "idempotency_key", name="uq_entries_table_key"),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(PG_FUNCTION)
        for action in ("UPDATE", "DELETE"):
            op.execute(f"CREATE TRIGGER entries_no_{action.lower()} BEFORE {action} ON entries "
                       "FOR EACH ROW EXECUTE FUNCTION arbitre_entries_append_only()")
    else:
        for action in ("UPDATE", "DELETE"):
            op.execute(f"CREATE TRIGGER entries_no_{action.lower()} BEFORE {action} ON entries "
                       f"BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END")


def downgrade() -> None:
    op.drop_table("entries")
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION arbitre_entries_append_only()")
    op.drop_table("tables")
