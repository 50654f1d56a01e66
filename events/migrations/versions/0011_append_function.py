"""PostgreSQL: the append as one function of the server's own, `arbitre_append`, called in one round trip.

It checks the table's head (the version and hash the entry was judged on), moves it, writes the entry and
sends the notice the live streams hear (events/live.py), all in the caller's statement: in autocommit, one
round trip and one commit. The head's UPDATE takes the table's row lock first, so an append holding it makes
this one wait and then find the head moved: it then writes nothing and answers false. A known
Idempotency-Key fails the entries' unique key, and with it the whole statement. Its statements are planned
once a connection, where the data-modifying CTE it replaces (events/store/postgresql.py) was planned anew on
every call. SQLite needs none: one INSERT does it there, the head moved by the trigger of 0006.

Revision ID: 0011_append_function
Revises: 0010_table_refusals
"""

from alembic import op

revision = "0011_append_function"
down_revision = "0010_table_refusals"
branch_labels = None
depends_on = None

SIGNATURE = "arbitre_append(text, integer, text, text, integer, timestamptz, text, text, text, text, text)"

FUNCTION = """
CREATE FUNCTION arbitre_append(p_table text, p_version integer, p_last text, p_type text, p_seat integer,
                               p_at timestamptz, p_payload text, p_key text, p_verdict text, p_hash text,
                               p_note text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    UPDATE tables SET head_seq = p_version + 1, head_hash = p_hash
     WHERE id = p_table AND head_seq = p_version AND head_hash = p_last;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    INSERT INTO entries (table_id, seq, type, seat, at, payload, idempotency_key, verdict, hash, prev_hash)
    VALUES (p_table, p_version + 1, p_type, p_seat, p_at, p_payload, p_key, p_verdict, p_hash, p_last);
    PERFORM pg_notify('arbitre_entries', p_note);
    RETURN true;
END;
$$
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"DROP FUNCTION {SIGNATURE}")
