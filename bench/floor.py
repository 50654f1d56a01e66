"""The durable floor of bench_load: the bare route plus the one write an append cannot do without, nothing else.

POST /echo appends one entry through the store's quick append (`Store.append_if_head`: the same statement,
writers' queue, commit and fsync as an entry of the app's), and GET /view reads one table's head, as a view
reads it; no token, no parsing or schema, no referee, no cache. Its POSTs/s against the bare route's say how
much of the bare route's speed any append that is durable keeps on this machine and these gunicorn settings:
the ceiling of bench_load's ratio. Each worker writes to a table of its own (a sync worker runs one request
at a time, so no two writes of one table race).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

from flask import Flask, jsonify

from events.db import open_store
from events.store import Store

app = Flask(__name__)
_store: Store | None = None
_head: dict[str, tuple[int, str | None]] = {}


def _table() -> tuple[Store, str]:
    """This worker's store and table (made on its first request: after gunicorn's fork)."""
    global _store
    table_id = f"floor-{os.getpid()}"
    if _store is None:
        _store = open_store(os.environ["DATABASE_URL"])
    if table_id not in _head:
        created = Store.chain([("create", None, datetime.now(UTC), {"game": "continental"}, None)])
        _store.create_table(table_id, "continental", "host", ["seat"], created)
        _head[table_id] = _store.head(table_id)
    return _store, table_id


@app.get("/healthz")
def healthz():
    return jsonify(status="ok")


@app.post("/echo")
def echo():
    store, table_id = _table()
    version, last = _head[table_id]
    appended = store.append_if_head(table_id, version, last, None,
                                    ("draw", 1, datetime.now(UTC), {"from": "stock"}, None))
    _head[table_id] = (appended.entry.seq, appended.entry.hash)
    return jsonify(version=appended.entry.seq), 201


@app.get("/view")
def view():
    store, table_id = _table()
    return jsonify(version=store.head(table_id)[0])
