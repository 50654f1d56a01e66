"""The replay of each table, kept warm: an in-process cache, then a snapshot, then the whole log.

The log stays the only truth: a cached replay is keyed by the log's version and last hash, and a snapshot
is only used when its hash is the log's at its version and its seal holds.
"""

from __future__ import annotations

import gc
import hashlib
import hmac
import os
import pickle
import sys
import threading
from pathlib import Path

from api.application import context
from api.application.errors import NotFound
from events import Head, Snapshot, Store
from referee import games, log  # every game: imported now, not by the first request that reads one
from referee.game import Game
from referee.log import Entry
from referee.violations import N_

# Replays kept per process, the least recently used going first: enough for every table a full host serves
# (10,000 phones are 2,500 tables, and a worker sees them all). A held replay keeps the state, not the log's
# entries (read again if something needs them): about 7 KB for a table in its first deal. With 256, tables
# written in turn by more than 256 at once each found their replay gone and took the locked way, reading and
# replaying their whole log on every entry.
NO_TABLE = N_("no table %(value)s")
MAX_CACHED = int(os.environ.get("ARBITRE_REPLAYS") or 4096)


class Replayed:
    """A log as far as `version`, with the replay it folds to and the `Game` it is played at; `hash` is its last
    entry's hash.

    `entries` may come later: a replay made from a snapshot reads them from the log (up to `version`) only
    when something needs them (a write, a correction, `?at=`); a read needs only the replay.
    """

    __slots__ = ("version", "hash", "replay", "game", "names", "_entries", "_load")

    def __init__(self, version: int, hash: str | None, entries, replay: log.Replay, load=None, game: Game | None = None,
                 names: int = 0):
        self.version, self.hash, self.replay, self.names = version, hash, replay, names  # names: the table's names_rev
        self._entries = None if entries is None else tuple(entries)
        self._load = load
        self.game = game or games.get(self.entries[0].data["game"])

    @property
    def entries(self) -> tuple[Entry, ...]:
        if self._entries is None:
            self._entries = tuple(self._load())
        return self._entries


def _cache() -> tuple[dict, threading.Lock]:
    """The latest replay per table, for this app (the log stays the only truth)."""
    return context.current().caches.setdefault("tables.replays", ({}, threading.Lock()))


def extend(game: Game, replay: log.Replay, entries: list[Entry]) -> log.Replay:
    """Fold entries that correct nothing into a copy of `replay` (as `log.append` does, one clone for all)."""
    rules = game.rules
    out = log.Replay(rules.clone(replay.state), dict(replay.verdicts), set(replay.voided), dict(replay.replaced))
    for entry in entries:
        verdict = rules.apply(out.state, entry)
        if verdict is not None:
            out.verdicts[entry.seq] = verdict
    return out


def current(store: Store, table_id: str, head: Head | None = None) -> Replayed:
    """Replay the log up to its head: from the cache, else from a snapshot, else the whole log."""
    cache, lock = _cache()
    with lock:
        cached = cache.get(table_id)
    tail = None
    if head is not None:
        version, last, names = head.version, head.hash, head.names
    elif cached is not None:  # the head, and what another worker wrote since, in one read
        version, last, names, tail = store.head_and_tail(table_id, cached.version)
    else:
        version, last, names = store.head_names(table_id)
    if version == 0:
        raise NotFound("Unknown table", NO_TABLE, {"value": repr(table_id)}, said=True)
    if cached is not None and (cached.version, cached.hash, cached.names) == (version, last, names):
        return cached
    out = None
    if cached is not None and cached.version < version and cached.names == names:  # a name forgotten: read again
        out = _newer(store, table_id, head, cached, tail)
        if out is not None and (out.version, out.hash) != (version, last):
            out = None
    if out is None:
        settle_heap()
        out = _from_snapshot(store, table_id, head, version, last, names)
    if out is None:
        # The whole log, read the fast way (no hashes, verdicts or keys: the replay needs none), up to the
        # head read above, so that `last` is the hash of its last entry.
        entries = head.log() if head else store.log(table_id, upto=version)
        out = Replayed(version, last, entries, log.replay(entries), names=names)
    remember(table_id, out)
    if head is None:  # never inside an append's transaction: the snapshot has its own
        snapshot(store, table_id, out)
    return out


def held(table_id: str) -> Replayed | None:
    """The replay this process holds of the table, as it is: maybe behind the log (the caller checks the head)."""
    cache, lock = _cache()
    with lock:
        return cache.get(table_id)


def caught_up(store: Store, table_id: str, held_: Replayed) -> Replayed | None:
    """The held replay with the entries written since (by another worker) folded in; None if there are none or
    they do not continue its chain."""
    out = _newer(store, table_id, None, held_)
    if out is not None:
        remember(table_id, out)
    return out


def _newer(store: Store, table_id: str, head: Head | None, cached: Replayed, tail=None) -> Replayed | None:
    """Fold in the few entries written elsewhere (another worker) if they continue the cached chain (`tail`:
    those entries, when already read)."""
    if tail is None:
        tail = head.tail(cached.version) if head else store.tail(table_id, cached.version)
    added = tail.entries
    if not added or tail.prev_hash != cached.hash:
        return None
    version = added[-1].seq
    if any(entry.type in log.CORRECTIONS for entry in added):
        entries = [*cached.entries, *added]
        return Replayed(version, tail.hash, entries, log.replay(entries), game=cached.game, names=cached.names)
    replay = extend(cached.game, cached.replay, added)
    if cached._entries is not None:
        return Replayed(version, tail.hash, (*cached._entries, *added), replay, game=cached.game, names=cached.names)
    return Replayed(version, tail.hash, None, replay, loader(store, table_id, version), game=cached.game,
                    names=cached.names)


def settle_heap() -> None:
    """Once per process, before its first whole replay: move what start-up made out of the collector's sight.

    A replay builds tens of thousands of objects, enough to start a full collection of the heap, which
    then walks every module and class the process imported inside that request (docs/BENCHMARKS.md).
    `gc.freeze()` leaves those start-up objects to reference counting (they live as long as the process)
    so a full collection only walks what came later.
    """
    if not _settled.is_set():
        _settled.set()
        gc.freeze()


_settled = threading.Event()


def remember(table_id: str, replayed: Replayed) -> None:
    cache, lock = _cache()
    with lock:
        held = cache.get(table_id)
        if held is None or held.version <= replayed.version:
            cache.pop(table_id, None)  # re-insert last: the dict's order is the order of use
            cache[table_id] = replayed
            if len(cache) > MAX_CACHED:
                cache.pop(next(iter(cache)))


# Snapshots (events.Snapshot): a replay pickled every SNAPSHOT_EVERY entries, so that a process that has
# not seen a table replays only the entries after it. Never the truth: the store hands over only a snapshot
# whose hash is the log's at its version; one made by other code (CODE), or whose seal does not hold (it
# came from elsewhere than this app), or that does not unpickle, is ignored and the whole log replayed.
SNAPSHOT_EVERY = 500


def _fingerprint() -> str:
    """The code a snapshot depends on: the referee's source, the Python version, the pickle protocol."""
    import referee

    digest = hashlib.sha256(f"{sys.version_info[:2]}:{pickle.HIGHEST_PROTOCOL}".encode())
    root = Path(referee.__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


CODE = _fingerprint()


def code_for(names: int) -> str:
    """The tag of a kept fold (snapshot, summary): the code's fingerprint, and the table's names_rev, so that a fold
    made before a name was forgotten is never used after (it is deleted then, and a late one never matches)."""
    return CODE if not names else hashlib.sha256(f"{CODE}:{names}".encode()).hexdigest()


def state_seal(data: bytes) -> bytes:
    return hmac.new(str(context.current().secret).encode(), data, hashlib.sha256).digest()


def loader(store: Store, table_id: str, version: int):
    return lambda: store.log(table_id, upto=version)


def _from_snapshot(store: Store, table_id: str, head: Head | None, version: int, last: str | None, names: int = 0):
    """The replay from the latest snapshot that matches the log, and the entries after it; or None."""
    snapshot = store.snapshot(table_id, version)
    if snapshot is None or snapshot.code != code_for(names) or len(snapshot.state) < 32:
        return None
    seal, data = snapshot.state[:32], snapshot.state[32:]
    if not hmac.compare_digest(seal, state_seal(data)):
        return None
    try:
        game_name, replay = pickle.loads(data)
        game = games.get(game_name)
    except Exception:  # a snapshot is a cache: any doubt, and the log is replayed instead
        return None
    tail = head.log(snapshot.version) if head else store.log(table_id, after=snapshot.version, upto=version)
    if any(entry.type in log.CORRECTIONS for entry in tail):
        return None  # a correction may reach behind the snapshot: replay the whole log
    try:
        for entry in tail:
            verdict = game.rules.apply(replay.state, entry)  # the unpickled state is this request's own
            if verdict is not None:
                replay.verdicts[entry.seq] = verdict
    except Exception:  # the log replays; a snapshot it does not replay on is not to be trusted
        return None
    context.current().caches.setdefault("tables.snapshots", {})[table_id] = snapshot.version // SNAPSHOT_EVERY
    return Replayed(version, last, None, replay, loader(store, table_id, version), game=game, names=names)


def snapshot(store: Store, table_id: str, replayed: Replayed) -> None:
    """Keep a snapshot when the log has passed a multiple of SNAPSHOT_EVERY since the last one this app saw."""
    known = context.current().caches.setdefault("tables.snapshots", {})
    if replayed.version < SNAPSHOT_EVERY or replayed.version // SNAPSHOT_EVERY <= known.get(table_id, 0):
        return
    known[table_id] = replayed.version // SNAPSHOT_EVERY
    data = pickle.dumps((replayed.game.name, replayed.replay), protocol=pickle.HIGHEST_PROTOCOL)
    store.save_snapshot(table_id, Snapshot(replayed.version, replayed.hash, code_for(replayed.names),
                                           state_seal(data) + data))
