"""A tournament's players' key sealed, never in clear (issue 30: its link is a capability, like a token).

`tournaments.player_key` held the key of the players' link, which gives each player her seat's token. It is
sealed here as 0017 sealed the join codes' tokens (events/sealing.py, label `players:<tournament id>`), under the
server's secret that `events.db.upgrade` hands over; the link keeps working. Downgrade unseals.

Revision ID: 0018_sealed_players_keys
Revises: 0017_sealed_join_codes
"""

import sqlalchemy as sa

from events import sealing
from events.sealing_migration import rewrite

revision = "0018_sealed_players_keys"
down_revision = "0017_sealed_join_codes"
branch_labels = None
depends_on = None

TOURNAMENTS = sa.table("tournaments", sa.column("id", sa.String), sa.column("player_key", sa.String))
WHAT = "0018 seals the tournaments' players' keys"


def _label(id_: str) -> str:
    return f"players:{id_}"


def upgrade() -> None:
    rewrite(TOURNAMENTS, "id", "player_key", _label, False, sealing.seal, WHAT)


def downgrade() -> None:
    rewrite(TOURNAMENTS, "id", "player_key", _label, True, sealing.unseal, WHAT)
