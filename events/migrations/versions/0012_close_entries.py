"""E-7: a table closed the old way gets its `close` entry, so that it reads as closed everywhere.

Before E-7, closing a round's table wrote only `tournament_tables.closed_seq` (the entry it counted up to), beside
the log: the log itself did not say it was over, so seats kept writing to it (201) and the group and the
tournament counted different figures. This appends, to every such table whose log has no `close` entry, a
server-written `close` (seat null, `{"round": n}`, n the round it was closed to seat) on its head: an ordinary
entry of its hash chain, so every chain still verifies, and nothing recorded is lost (the entries written after
the old mark stay, and count: the host may still void them, E-2). Why an entry rather than a read that treats the
old mark as a close: one rule for every table (the log is the only truth; a table's `GET`, its refusals and every
standing are its replay), where a read would keep two kinds of closed table, one of them counting entries its
own page shows and the standings do not.

Revision ID: 0012_close_entries
Revises: 0011_append_function
"""

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from events.chain import entry_hash

revision = "0012_close_entries"
down_revision = "0011_append_function"
branch_labels = None
depends_on = None

TABLES = sa.table("tables", sa.column("id"), sa.column("head_seq"), sa.column("head_hash"))
ENTRIES = sa.table("entries", sa.column("table_id"), sa.column("seq"), sa.column("type"), sa.column("seat"),
                   sa.column("at", sa.DateTime(timezone=True)), sa.column("payload"), sa.column("idempotency_key"),
                   sa.column("verdict"), sa.column("hash"), sa.column("prev_hash"))
PLACES = sa.table("tournament_tables", sa.column("table_id"), sa.column("round"), sa.column("closed_seq"),
                  sa.column("closed_hash"))


def upgrade() -> None:
    conn = op.get_bind()
    closed = conn.execute(sa.select(PLACES.c.table_id, PLACES.c.round).where(PLACES.c.closed_seq.is_not(None))).all()
    at = datetime.now(UTC)
    for table_id, round_ in closed:
        if conn.execute(sa.select(ENTRIES.c.seq).where(ENTRIES.c.table_id == table_id, ENTRIES.c.type == "close")
                        .limit(1)).first() is not None:
            continue
        version, last = conn.execute(sa.select(TABLES.c.head_seq, TABLES.c.head_hash)
                                     .where(TABLES.c.id == table_id)).one()
        data = {"round": round_ + 1}
        seq = version + 1
        digest = entry_hash(seq, "close", None, at, data, last)
        conn.execute(ENTRIES.insert().values(table_id=table_id, seq=seq, type="close", seat=None, at=at,
                                             payload=json.dumps(data, separators=(",", ":")), idempotency_key=None,
                                             verdict=None, hash=digest, prev_hash=last))
        conn.execute(TABLES.update().where(TABLES.c.id == table_id).values(head_seq=seq, head_hash=digest))
        conn.execute(PLACES.update().where(PLACES.c.table_id == table_id).values(closed_seq=seq, closed_hash=digest))


def downgrade() -> None:
    """The close entries stay: the log is append-only (E-1). A server older than E-7 cannot replay those tables."""
