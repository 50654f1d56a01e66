"""Join codes keep their seat's token sealed, never in clear (issue 30: tokens are kept only as hashes).

Until now `join_codes.token` held the seat's token itself for the table's whole life. Each is sealed here under
the server's secret (events/sealing.py), which `events.db.upgrade` hands over as `secret` (`flask db upgrade`
gives SECRET_KEY): the same code still gives the same token to the phone that types it. A database with codes
in clear and no secret given stops here with a message, so that no code is left in clear nor sealed under a wrong key.
Downgrade unseals them.

Revision ID: 0017_sealed_join_codes
Revises: 0016_seat_holders
"""

import sqlalchemy as sa

from events import sealing
from events.sealing_migration import rewrite

revision = "0017_sealed_join_codes"
down_revision = "0016_seat_holders"
branch_labels = None
depends_on = None

CODES = sa.table("join_codes", sa.column("code", sa.String), sa.column("token", sa.String))
WHAT = "0017 seals the join codes' tokens"


def upgrade() -> None:
    rewrite(CODES, "code", "token", str, False, sealing.seal, WHAT)


def downgrade() -> None:
    rewrite(CODES, "code", "token", str, True, sealing.unseal, WHAT)
