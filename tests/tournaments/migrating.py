"""A database of each kind not migrated yet, for the tests of a migration over rows written before it."""

from __future__ import annotations

import uuid

import pytest
import sqlalchemy as sa

from tests.conftest import PG_URL


@pytest.fixture(params=["sqlite", "postgresql"])
def unmigrated(request, tmp_path):
    """An empty database of each kind, not migrated yet (PostgreSQL: a schema of its own, when there is one)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.sqlite3'}"
        return
    if not PG_URL:
        pytest.skip("PostgreSQL: TEST_DATABASE_URL is not set")
    schema, admin = f"arbitre_close_{uuid.uuid4().hex[:12]}", sa.create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{PG_URL}{'&' if '?' in PG_URL else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
