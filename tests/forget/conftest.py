"""Databases at migration 0007 (before names left the log), on SQLite and, with TEST_DATABASE_URL, PostgreSQL."""

from __future__ import annotations

import os
import uuid
from contextlib import contextmanager

import pytest
import sqlalchemy as sa

PG_URL = os.environ.get("TEST_DATABASE_URL")
BEFORE = "0007_tournaments"


@contextmanager
def database_before(kind: str, tmp_path):
    """A database of `kind` migrated up to 0007: its URL (a PostgreSQL schema of its own, dropped after)."""
    from events.db import upgrade

    if kind == "sqlite":
        url = f"sqlite:///{tmp_path}/before.sqlite3"
        upgrade(url, BEFORE)
        yield url
        return
    schema = f"arbitre_forget_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = f"{PG_URL}{'&' if '?' in PG_URL else '?'}options=-csearch_path%3D{schema}"
        upgrade(url, BEFORE)
        yield url
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


KINDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(not PG_URL, reason="TEST_DATABASE_URL is not set"))]


@pytest.fixture(params=KINDS)
def old_database(request, tmp_path):
    with database_before(request.param, tmp_path) as url:
        yield request.param, url
