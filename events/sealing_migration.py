"""Migrations 0017 and 0018's data step: seal (or, going down, unseal) one column of capabilities kept in clear.

Each row's value is sealed under the server's secret (events/sealing.py) with a label of its own, which
`events.db.upgrade` hands over as `secret` (`flask db upgrade` gives SECRET_KEY). A database with nothing to
change needs no secret; one with something to change and no secret given stops with a message, so that no value
is left in clear nor sealed under a wrong key.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import context, op

from events import sealing


def rewrite(table: sa.TableClause, key: str, column: str, label: Callable[[str], str], sealed: bool,
            change: Callable[[str, str, str], str], what: str) -> None:
    """Apply `change(secret, label(row's key), value)` to every value of `column` that is (`sealed`) or is not
    sealed yet; `what` says in the refusal which migration seals what."""
    conn = op.get_bind()
    rows = [(row[0], row[1]) for row in conn.execute(sa.select(table.c[key], table.c[column])).all()
            if row[1].startswith(sealing.PREFIX) == sealed]
    if not rows:
        return
    secret = context.config.attributes.get("secret")
    if not secret:
        raise RuntimeError(f"migration {what} under SECRET_KEY: run `flask db upgrade` with the server's "
                           "SECRET_KEY (or its instance/secret_key)")
    for id_, value in rows:
        conn.execute(table.update().where(table.c[key] == id_).values({column: change(secret, label(id_), value)}))
