"""The durable floor of bench_load: the bare route plus the one write an append cannot do without, nothing else.

POST /echo appends one entry through the store's quick append (`Store.append_if_head`: the same statement,
writers' queue, commit and fsync as an entry of the app's), and GET /view reads one table's head, as a view
reads it; no token, no parsing or schema, no referee, no cache. Its POSTs/s against the bare route's say how
much of the bare route's speed any append that is durable keeps on this machine and these gunicorn settings:
the ceiling of bench_load's ratio. A request writes to a table no other request of its worker is writing to
(a free one of the worker's, or a new one): a sync worker uses one table, a gevent or threaded worker as many
as it runs requests at once, as the app's tables do, so no append waits for another's row lock.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

from flask import Flask, jsonify

from events.db import open_store
from events.store import Store

app = Flask(__name__)
_store: Store | None = None
_free: list[tuple[str, int, str | None]] = []  # tables of this worker no request is writing to: (id, head)
_made = [0]


def _store_() -> Store:
    """This worker's store (made on its first request: after gunicorn's fork)."""
    global _store
    if _store is None:
        _store = open_store(os.environ["DATABASE_URL"])
    return _store


def _take() -> tuple[str, int, str | None]:
    """A table of this worker that no request is writing to: a free one, else a new one."""
    if _free:
        return _free.pop()
    _made[0] += 1
    table_id = f"floor-{os.getpid()}-{_made[0]}"
    created = Store.chain([("create", None, datetime.now(UTC), {"game": "continental"}, None)])
    _store_().create_table(table_id, "continental", "host", ["seat"], created)
    version, last = _store_().head(table_id)
    return table_id, version, last


@app.get("/healthz")
def healthz():
    return jsonify(status="ok")


@app.post("/echo")
def echo():
    table_id, version, last = _take()
    appended = _store_().append_if_head(table_id, version, last, None,
                                        ("draw", 1, datetime.now(UTC), {"from": "stock"}, None))
    _free.append((table_id, appended.entry.seq, appended.entry.hash))
    return jsonify(version=appended.entry.seq), 201


@app.get("/view")
def view():
    table_id, version, last = _take()
    _free.append((table_id, version, last))
    return jsonify(version=_store_().head(table_id)[0])
