"""A group's two tokens: the members' beside the admin's (issue 30: the group link was everyone's admin).

`groups.token_hash` stays the sha256 of the token the group had, which becomes its admin token: whoever held the
link keeps every power it had. `members_hash` is new and null: the members' token is derived from the admin's
(api/application/group_service.py, `members_token`), so it can only be made where the admin token is at hand;
the admin's phone makes it and keeps its hash the first time it shows the group page or the group's JSON.

Revision ID: 0014_members_token
Revises: 0013_audit_actions
"""

import sqlalchemy as sa
from alembic import op

revision = "0014_members_token"
down_revision = "0013_audit_actions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("groups", sa.Column("members_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("groups") as batch:
        batch.drop_column("members_hash")
