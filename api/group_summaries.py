"""Each table's statistics summary, kept warm: folded once per log version, then reused.

A summary (`referee.stats.table.Summary`) is keyed by the table's version and last hash, as
`api/replays.py` keys a replay: a table that moved on (or was corrected) is folded again, the others are
not. A group page reads every head in one query and the logs of the tables it has no current summary of
in one more; the logs stay the only truth.
"""

from __future__ import annotations

import threading

from flask import current_app

from events import GroupTable, Store
from referee.stats.table import Summary, summarise

MAX_KEPT = 4096  # summaries kept per process (a few hundred bytes each); the oldest goes first


def _cache() -> tuple[dict, threading.Lock]:
    return current_app.extensions.setdefault("groups.summaries", ({}, threading.Lock()))


def of_tables(store: Store, heads: list[GroupTable]) -> dict[str, Summary]:
    """The current summary of each of these tables: cached, or folded from its log now."""
    cache, lock = _cache()
    out, stale = {}, []
    with lock:
        for head in heads:
            kept = cache.get(head.table_id)
            if kept is not None and kept[0] == (head.version, head.hash):
                out[head.table_id] = kept[1]
            else:
                stale.append(head)
    if stale:
        logs = store.logs([head.table_id for head in stale])
        for head in stale:
            entries = [e for e in logs[head.table_id] if e.seq <= head.version]
            out[head.table_id] = summary = summarise(entries)
            _keep(head.table_id, (head.version, head.hash), summary)
    return out


def of_table(store: Store, table_id: str) -> Summary:
    """One table's current summary (its CSV)."""
    version, last = store.head(table_id)
    cache, lock = _cache()
    with lock:
        kept = cache.get(table_id)
    if kept is not None and kept[0] == (version, last):
        return kept[1]
    entries = store.log(table_id, upto=version)
    summary = summarise(entries)
    _keep(table_id, (version, last), summary)
    return summary


def _keep(table_id: str, key: tuple, summary: Summary) -> None:
    cache, lock = _cache()
    with lock:
        cache.pop(table_id, None)
        cache[table_id] = (key, summary)
        while len(cache) > MAX_KEPT:
            cache.pop(next(iter(cache)))
