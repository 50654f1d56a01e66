"""Groups: a named set of players owning tables, its members under stable ids, and each table's seats;
and each table's statistics summary, a disposable cache of a fold of its log.

Beside the log, like join codes: nothing here is an entry, and no log changes when a table joins a group.

Revision ID: 0005_groups
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_groups"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),  # sha256 of the group token, never the token
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "group_members",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("group_id", sa.String(64), sa.ForeignKey("groups.id"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_group_members_group", "group_members", ["group_id"])
    op.create_table(
        "group_names",  # a name's comparison key, standing for one member (her name and former names)
        sa.Column("group_id", sa.String(64), sa.ForeignKey("groups.id"), primary_key=True),
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("member_id", sa.String(16), sa.ForeignKey("group_members.id"), nullable=False),
    )
    op.create_table(
        "group_tables",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("group_id", sa.String(64), sa.ForeignKey("groups.id"), nullable=False),
        sa.Column("seats", sa.Text, nullable=False),  # JSON list of member ids, by seat
    )
    op.create_index("ix_group_tables_group", "group_tables", ["group_id"])
    op.create_table(
        "table_summaries",  # a disposable cache of a table's statistics fold, as of entry `version`
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),  # the hash of the log's entry `version`
        sa.Column("code", sa.String(64), nullable=False),  # the fingerprint of the code that folded it
        sa.Column("data", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_summaries")
    op.drop_index("ix_group_tables_group", table_name="group_tables")
    op.drop_table("group_tables")
    op.drop_table("group_names")
    op.drop_index("ix_group_members_group", table_name="group_members")
    op.drop_table("group_members")
    op.drop_table("groups")
