"""SQLite: the table row's head follows every entry written, in the entry's own statement (a trigger).

The quick append (events/store/) is then one INSERT that writes the entry only if the head is still the one
it was judged on, and moves the head with it: one call into SQLite, in autocommit, where BEGIN IMMEDIATE, an
UPDATE, the INSERT and COMMIT were four. Between those calls the writer waited for the interpreter while
holding the file's write lock, and with many threads (gthread, live streams) every other writer of the host
waited behind it. The head only moves forward: a log written with its head already set (a new table, an
import) leaves it as it is. PostgreSQL writes the head in the append's own statement and needs no trigger.

Revision ID: 0006_sqlite_head_trigger
Revises: 0004_server_head
"""

from alembic import op

revision = "0006_sqlite_head_trigger"
down_revision = "0004_server_head"
branch_labels = None
depends_on = None

TRIGGER = """
CREATE TRIGGER entries_move_head AFTER INSERT ON entries
BEGIN
    UPDATE tables SET head_seq = NEW.seq, head_hash = NEW.hash WHERE id = NEW.table_id AND head_seq < NEW.seq;
END
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(TRIGGER)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS entries_move_head")
