"""Each table's statistics summary, kept warm: folded once per log version, then reused.

A summary (`referee.stats.table.Summary`) is keyed by the table's version and last hash, as
`api/application/replays.py` keys a replay: a table that moved on (or was corrected) is folded again, the others are
not. A group page reads every head in one query, then the summaries kept in the database (`table_summaries`,
sealed and tagged with the referee's code fingerprint as snapshots are) of the tables this process has
none of, then in one more query the logs of those still to fold; the logs stay the only truth.
"""

from __future__ import annotations

import hmac
import pickle
import threading

from api.application import context, replays
from events import GroupTable, Store
from referee.stats.table import Summary, summarise

MAX_KEPT = 4096  # summaries kept per process (a few hundred bytes each); the oldest goes first


def _cache() -> tuple[dict, threading.Lock]:
    return context.current().caches.setdefault("groups.summaries", ({}, threading.Lock()))


def of_tables(store: Store, heads: list[GroupTable]) -> dict[str, Summary]:
    """The current summary of each of these tables: cached here, else kept in the database, else folded now."""
    cache, lock = _cache()
    out, stale = {}, []
    with lock:
        for head in heads:
            kept = cache.get(head.table_id)
            if kept is not None and kept[0] == (head.version, head.hash, head.names):
                out[head.table_id] = kept[1]
            else:
                stale.append(head)
    if stale:
        stale = _kept(stale, out)
    if stale:
        replays.settle_heap()  # a cold page folds thousands of entries: keep start-up out of the collector's way
        logs = store.logs([head.table_id for head in stale])
        folded = []
        for head in stale:
            entries = [e for e in logs[head.table_id] if e.seq <= head.version]
            out[head.table_id] = summary = summarise(entries)
            _keep(head.table_id, (head.version, head.hash, head.names), summary)
            data = pickle.dumps(summary, protocol=pickle.HIGHEST_PROTOCOL)
            folded.append((head.table_id, head.version, head.hash, replays.code_for(head.names),
                           replays.state_seal(data) + data))
        context.current().summaries.save_summaries(folded)
    return out


def _kept(heads: list[GroupTable], out: dict) -> list[GroupTable]:
    """Take the kept summaries that match their table's head, code and seal; give the heads still to fold."""
    kept = context.current().summaries.summaries([head.table_id for head in heads])
    left = []
    for head in heads:
        row = kept.get(head.table_id)
        summary = None
        if row is not None and (row[0], row[1], row[2]) == (head.version, head.hash, replays.code_for(head.names)):
            seal, data = row[3][:32], row[3][32:]
            if hmac.compare_digest(seal, replays.state_seal(data)):
                try:
                    summary = pickle.loads(data)
                except Exception:  # a cache: any doubt, and the log is folded instead
                    summary = None
        if isinstance(summary, Summary):
            out[head.table_id] = summary
            _keep(head.table_id, (head.version, head.hash, head.names), summary)
        else:
            left.append(head)
    return left


def of_table(store: Store, table_id: str) -> Summary:
    """One table's current summary (its CSV)."""
    version, last, names = store.head_names(table_id)
    cache, lock = _cache()
    with lock:
        kept = cache.get(table_id)
    if kept is not None and kept[0] == (version, last, names):
        return kept[1]
    entries = store.log(table_id, upto=version)
    summary = summarise(entries)
    _keep(table_id, (version, last, names), summary)
    return summary


def _keep(table_id: str, key: tuple, summary: Summary) -> None:
    cache, lock = _cache()
    with lock:
        cache.pop(table_id, None)
        cache[table_id] = (key, summary)
        while len(cache) > MAX_KEPT:
            cache.pop(next(iter(cache)))
