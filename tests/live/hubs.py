"""PostgreSQL: end the hubs' listening connections from the database's side, as a restart or a proxy's idle cut
would. A hub names its connection `arbitre-live <pid>` (events/live.py)."""

from __future__ import annotations

import sqlalchemy as sa

TERMINATE = sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ANY(:names)")
LISTENING = sa.text("SELECT count(*) FROM pg_stat_activity WHERE application_name = ANY(:names)")


def names(pids) -> list[str]:
    return [f"arbitre-live {pid}" for pid in pids]


def cut_hubs(database_url: str, pids) -> int:
    """End the listening connections of the hubs of these processes; give how many were ended."""
    admin = sa.create_engine(database_url)
    try:
        with admin.connect() as conn:
            return len(conn.execute(TERMINATE, {"names": names(pids)}).all())
    finally:
        admin.dispose()


def listening(database_url: str, pids) -> int:
    """How many hubs of these processes hold a listening connection."""
    admin = sa.create_engine(database_url)
    try:
        with admin.connect() as conn:
            return conn.execute(LISTENING, {"names": names(pids)}).scalar_one()
    finally:
        admin.dispose()
