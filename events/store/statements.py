"""The statements both databases run, built once (building a statement costs more than running it), and the
shapes of the ones each database writes in its own words (`sqlite.py`, `postgresql.py`)."""

from __future__ import annotations

import sqlalchemy as sa

from events.models import EntryRow, TableRow, table_of
from events.records import StoredEntry

ENTRIES = table_of(EntryRow)
TABLES = table_of(TableRow)

MAX_SEQ = 2**31 - 1
COLUMNS = [ENTRIES.c[name] for name in StoredEntry._fields if name not in ("data", "verdict", "texts")]

# The streams read entries on every write.
ENTRIES_BETWEEN = (sa.select(*COLUMNS, ENTRIES.c.payload, ENTRIES.c.verdict)
                   .where(ENTRIES.c.table_id == sa.bindparam("table_id"), ENTRIES.c.seq > sa.bindparam("after"),
                          ENTRIES.c.seq <= sa.bindparam("upto"))
                   .order_by(ENTRIES.c.seq))


def log_query(at) -> sa.Select:
    """The replay needs only these; `at` comes as the driver gives it (each database says how: `LOG`), parsed
    without SQLAlchemy's per-row result processing (`rows.log_entries`)."""
    return (sa.select(ENTRIES.c.seq, ENTRIES.c.type, ENTRIES.c.seat, at, ENTRIES.c.payload)
            .where(ENTRIES.c.table_id == sa.bindparam("table_id"), ENTRIES.c.seq > sa.bindparam("after"),
                   ENTRIES.c.seq <= sa.bindparam("upto"))
            .order_by(ENTRIES.c.seq))


def logs_query(at) -> sa.Select:
    """Several tables' logs in one read (the groups' statistics): `log_query`'s columns after the table id."""
    return (sa.select(ENTRIES.c.table_id, ENTRIES.c.seq, ENTRIES.c.type, ENTRIES.c.seat, at, ENTRIES.c.payload)
            .where(ENTRIES.c.table_id.in_(sa.bindparam("ids", expanding=True)))
            .order_by(ENTRIES.c.table_id, ENTRIES.c.seq))


# The entries after a replay a process holds (another worker wrote them), with the hashes that show they
# continue it: a statement of the driver's own, as this runs on most appends with two workers or more. Its
# columns (`tail_columns`, in each database's words) are those `rows.log_entries` reads, then the hashes
# (`rows.tail_of`); `param` is how the driver names a parameter.
def tail_sql(tail_columns: str, param: str) -> str:
    return (f"SELECT {tail_columns} FROM entries e WHERE e.table_id = {param.format('table_id')} "
            f"AND e.seq > {param.format('after')} ORDER BY e.seq")


# The head and, in the same statement (one snapshot, one round trip), those entries: a read of a table another
# worker wrote to since (api/application/replays.py).
def head_and_tail_sql(tail_columns: str, param: str) -> str:
    return (f"SELECT t.head_seq, t.head_hash, t.names_rev, {tail_columns} FROM tables t LEFT JOIN entries e "
            f"ON e.table_id = t.id AND e.seq > {param.format('after')} "
            f"WHERE t.id = {param.format('table_id')} ORDER BY e.seq")


def head_sql(param: str) -> str:
    return f"SELECT head_seq, head_hash, names_rev FROM tables WHERE id = {param.format('table_id')}"


# The first try of an append (Store.append): the head, whether the Idempotency-Key is known, the names' revision.
def head_key_sql(param: str) -> str:
    table_id = param.format("table_id")
    return (f"SELECT head_seq, head_hash, (SELECT seq FROM entries WHERE table_id = {table_id} AND idempotency_key "
            f"= {param.format('key')}), names_rev FROM tables WHERE id = {table_id}")


# These run on every request.
KEYED = (sa.select(ENTRIES.c.seq).where(ENTRIES.c.table_id == sa.bindparam("table_id"),
                                        ENTRIES.c.idempotency_key == sa.bindparam("key"))
         .scalar_subquery())
BY_KEY = sa.select(ENTRIES).where(ENTRIES.c.table_id == sa.bindparam("table_id"),
                                  ENTRIES.c.idempotency_key == sa.bindparam("key"))
TABLE = sa.select(TABLES).where(TABLES.c.id == sa.bindparam("table_id"))
# The append's first statement where the transaction already holds the table (SQLite's BEGIN IMMEDIATE holds
# the whole database): the head, and whether the key is known. PostgreSQL's takes the row lock (`LOCK_HEAD`).
READ_HEAD = sa.select(TABLES.c.head_seq, TABLES.c.head_hash, KEYED, TABLES.c.names_rev).where(TABLES.c.id == sa.bindparam("table_id"))
MOVE_HEAD = (TABLES.update().where(TABLES.c.id == sa.bindparam("table_id"))
             .values(head_seq=sa.bindparam("head_seq"), head_hash=sa.bindparam("head_hash")))
ROW = ("table_id", "seq", "type", "seat", "at", "payload", "idempotency_key", "verdict", "hash", "prev_hash")
ENTRY_COLUMNS = ", ".join(ROW)
