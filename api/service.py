"""Tables: the event store and the referee composed, for the JSON API and the web pages alike."""

from __future__ import annotations

import gc
import hashlib
import hmac
import pickle
import secrets
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path

from flask import current_app

from api.errors import ApiError
from api.schemas.tables import CreateTableSchema, canonical_cards, read_entry
from events import ChainError, Conflict, Head, Snapshot, Store, export_lines, read_export
from events.db import get_store
from referee import log
from referee.log import Entry, game_module
from referee.violations import Malformed

MAX_DUE = 8  # server entries written per request at most; more would mean a stuck clock
MAX_CACHED = 256  # replays kept per process; the oldest goes first

for _game in ("continental", "rami"):  # imported now, not by the first request that reads a table
    game_module(_game)


def now() -> datetime:
    return datetime.now(timezone.utc)


class Replayed:
    """A log as far as `version`, with the replay it folds to; `hash` is its last entry's hash.

    `entries` may come later: a replay made from a snapshot reads them from the log (up to `version`) only
    when something needs them (a write, a correction, `?at=`); a read needs only the replay.
    """

    __slots__ = ("version", "hash", "replay", "game", "_entries", "_load")

    def __init__(self, version: int, hash: str | None, entries, replay: log.Replay, load=None, game=None):
        self.version, self.hash, self.replay = version, hash, replay
        self._entries = None if entries is None else tuple(entries)
        self._load = load
        self.game = game or game_module(self.entries[0].data["game"])

    @property
    def entries(self) -> tuple[Entry, ...]:
        if self._entries is None:
            self._entries = tuple(self._load())
        return self._entries


def _cache() -> tuple[dict, threading.Lock]:
    """The latest replay per table, for this app (the log stays the only truth)."""
    return current_app.extensions.setdefault("tables.replays", ({}, threading.Lock()))


def _extend(game, replay: log.Replay, entries: list[Entry]) -> log.Replay:
    """Fold entries that correct nothing into a copy of `replay` (as `log.append` does, one clone for all)."""
    out = log.Replay(game.clone(replay.state), dict(replay.verdicts), set(replay.voided), dict(replay.replaced))
    for entry in entries:
        verdict = game.apply(out.state, entry)
        if verdict is not None:
            out.verdicts[entry.seq] = verdict
    return out


def _current(store: Store, table_id: str, head: Head | None = None) -> Replayed:
    """Replay the log up to its head: from the cache, else from a snapshot, else the whole log."""
    version, last = (head.version, head.hash) if head else store.head(table_id)
    if version == 0:
        raise ApiError(404, "Unknown table", f"no table {table_id!r}")
    cache, lock = _cache()
    with lock:
        cached = cache.get(table_id)
    if cached is not None and (cached.version, cached.hash) == (version, last):
        return cached
    out = None
    if cached is not None and cached.version < version:
        out = _newer(store, table_id, head, cached)
    if out is None:
        _settle_heap()
        out = _from_snapshot(store, table_id, head, version, last)
    if out is None:
        # The whole log, read the fast way (no hashes, verdicts or keys: the replay needs none), up to the
        # head read above, so that `last` is the hash of its last entry.
        entries = head.log() if head else store.log(table_id, upto=version)
        out = Replayed(version, last, entries, log.replay(entries))
    _remember(table_id, out)
    if head is None:  # never inside an append's transaction: the snapshot has its own
        _snapshot(store, table_id, out)
    return out


def _newer(store: Store, table_id: str, head: Head | None, cached: Replayed) -> Replayed | None:
    """Fold in the few entries written elsewhere (another worker) if they continue the cached chain."""
    newer = head.entries(cached.version) if head else store.entries(table_id, after=cached.version)
    if not newer or newer[0].prev_hash != cached.hash:
        return None
    added = [stored.to_entry() for stored in newer]
    if any(entry.type in log.CORRECTIONS for entry in added):
        entries = [*cached.entries, *added]
        return Replayed(newer[-1].seq, newer[-1].hash, entries, log.replay(entries), game=cached.game)
    replay = _extend(cached.game, cached.replay, added)
    if cached._entries is not None:
        return Replayed(newer[-1].seq, newer[-1].hash, (*cached._entries, *added), replay, game=cached.game)
    return Replayed(newer[-1].seq, newer[-1].hash, None, replay, _loader(store, table_id, newer[-1].seq),
                    game=cached.game)


def _settle_heap() -> None:
    """Once per process, before its first whole replay: move what start-up made out of the collector's sight.

    A replay builds tens of thousands of objects, enough to start a full collection of the heap, which
    then walks every module and class the process imported (about 100 ms here) inside that request.
    `gc.freeze()` leaves those start-up objects to reference counting (they live as long as the process)
    so a full collection only walks what came later.
    """
    if not _settled.is_set():
        _settled.set()
        gc.freeze()


_settled = threading.Event()


def _remember(table_id: str, replayed: Replayed) -> None:
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


def _seal(data: bytes) -> bytes:
    return hmac.new(str(current_app.config["SECRET_KEY"]).encode(), data, hashlib.sha256).digest()


def _loader(store: Store, table_id: str, version: int):
    return lambda: store.log(table_id, upto=version)


def _from_snapshot(store: Store, table_id: str, head: Head | None, version: int, last: str | None):
    """The replay from the latest snapshot that matches the log, and the entries after it; or None."""
    snapshot = store.snapshot(table_id, version)
    if snapshot is None or snapshot.code != CODE or len(snapshot.state) < 32:
        return None
    seal, data = snapshot.state[:32], snapshot.state[32:]
    if not hmac.compare_digest(seal, _seal(data)):
        return None
    try:
        game_name, replay = pickle.loads(data)
        game = game_module(game_name)
    except Exception:  # a snapshot is a cache: any doubt, and the log is replayed instead
        return None
    tail = head.log(snapshot.version) if head else store.log(table_id, after=snapshot.version, upto=version)
    if any(entry.type in log.CORRECTIONS for entry in tail):
        return None  # a correction may reach behind the snapshot: replay the whole log
    try:
        for entry in tail:
            verdict = game.apply(replay.state, entry)  # the unpickled state is this request's own
            if verdict is not None:
                replay.verdicts[entry.seq] = verdict
    except Exception:  # the log replays; a snapshot it does not replay on is not to be trusted
        return None
    current_app.extensions.setdefault("tables.snapshots", {})[table_id] = snapshot.version // SNAPSHOT_EVERY
    return Replayed(version, last, None, replay, _loader(store, table_id, version), game=game)


def _snapshot(store: Store, table_id: str, replayed: Replayed) -> None:
    """Keep a snapshot when the log has passed a multiple of SNAPSHOT_EVERY since the last one this app saw."""
    known = current_app.extensions.setdefault("tables.snapshots", {})
    if replayed.version < SNAPSHOT_EVERY or replayed.version // SNAPSHOT_EVERY <= known.get(table_id, 0):
        return
    known[table_id] = replayed.version // SNAPSHOT_EVERY
    game_name = replayed.game.__name__.split(".")[-2]  # referee.<game>.table
    data = pickle.dumps((game_name, replayed.replay), protocol=pickle.HIGHEST_PROTOCOL)
    store.save_snapshot(table_id, Snapshot(replayed.version, replayed.hash, CODE, _seal(data) + data))


def _record(store: Store, table_id: str):
    """The table's record (game, token hashes), kept in memory: a table row never changes."""
    records = current_app.extensions.setdefault("tables.records", {})
    record = records.get(table_id) or store.table(table_id)
    if record is None:
        raise ApiError(404, "Unknown table", f"no table {table_id!r}")
    records[table_id] = record
    return record


def _catch_up(store: Store, table_id: str, game) -> Replayed:
    """Write the entries that are due by now (R-17 timeouts) through the locked append path; give the replay."""
    for _ in range(MAX_DUE):
        current = _current(store, table_id)
        if not game.due(current.replay.state, now()):
            return current
        written = {}

        def decide(head: Head):
            current = _current(store, table_id, head)
            owed = game.due(current.replay.state, now())
            if not owed:
                return None
            item = owed[0]
            data = item.get("data", {k: v for k, v in item.items() if k not in ("type", "at", "seat")})
            entry = Entry(head.version + 1, item["type"], None, item["at"], data)
            written["replay"] = log.append(list(current.entries), current.replay, entry)
            written["entries"] = (*current.entries, entry)
            return entry.type, None, entry.at, data, written["replay"].verdicts.get(entry.seq)

        appended = store.append(table_id, None, None, decide)
        if appended is not None:
            replayed = Replayed(appended.entry.seq, appended.entry.hash, written["entries"], written["replay"])
            _remember(table_id, replayed)
            _snapshot(store, table_id, replayed)
    return _current(store, table_id)


def _new_tokens(players: int) -> tuple[str, str, list[str]]:
    return secrets.token_urlsafe(9), secrets.token_urlsafe(24), [secrets.token_urlsafe(24) for _ in range(players)]


def _created(table_id: str, host: str, seats: list[str], players: list[str], version: int) -> dict:
    return {"id": table_id, "host_token": host,
            "seats": [{"seat": i, "name": name, "token": seats[i]} for i, name in enumerate(players)],
            "version": version, "page": f"/t/{table_id}"}


def create_table(body: object) -> dict:
    """Open a table: check players (C-1, R-1) and options (R-2), then write entry 1, `create`."""
    if not isinstance(body, dict):
        raise Malformed("the body is a JSON object with `game` and `players`")
    loaded = CreateTableSchema().load(body)
    game = game_module(loaded["game"])
    data = {"game": loaded["game"], "players": loaded["players"],
            "options": game.normalise_options(loaded["options"]), "tracking": loaded["tracking"]}
    at = now()
    game.start(Entry(1, "create", None, at, data))
    table_id, host, seats = _new_tokens(len(data["players"]))
    get_store().create_table(table_id, data["game"], host, seats, Store.chain([("create", None, at, data, None)]))
    return _created(table_id, host, seats, data["players"], 1)


def read_table(table_id: str, at: int | None = None) -> dict:
    """Show the table as its log replays now, or as of entry `at`."""
    store = get_store()
    record = _record(store, table_id)
    game = game_module(record.game)
    current = _catch_up(store, table_id, game)
    if at is None:
        return {"id": table_id, **game.view(current.replay.state), "version": current.version}
    if not 1 <= at <= current.version:
        raise ApiError(400, "No such entry", f"`at` is an entry of this log: 1 to {current.version}, not {at}")
    return {"id": table_id, **game.view(log.replay(current.entries[:at]).state), "version": at}


def _forbidden(game, state, entry: Entry, holder) -> ApiError | None:
    """Say why this token may not write the entry (403), or None: the host writes anything."""
    if holder == "host":
        return None
    actor = game.actor(state, entry)
    if actor == holder:
        return None
    whose = "the host's" if actor is None else f"seat {actor}'s"
    return ApiError(403, "Not your seat", f"this token is seat {holder}'s; this {entry.type} entry is {whose} to write")


def _with_dealer(entry: Entry, current: Replayed) -> Entry:
    """Draw the first dealer at random when the table's first deal names none (C-2, R-3)."""
    if entry.type != "deal" or "dealer" in entry.data:
        return entry
    if any(e.type == "deal" and e.seq not in current.replay.voided for e in current.entries):
        return entry
    dealer = secrets.randbelow(len(current.entries[0].data["players"]))
    return Entry(entry.seq, entry.type, entry.seat, entry.at, {"dealer": dealer, **entry.data})


def post_entry(table_id: str, token: str | None, body: object, key: str | None = None) -> dict:
    """Write one entry, checked in API.md's order: token, body and cards, key, version, rules."""
    store = get_store()
    record = _record(store, table_id)
    holder = record.holder(token) if token else None
    if holder is None:
        raise ApiError(401, "Unknown token", "send `Authorization: Bearer <token>` with a token of this table")
    expected, type_, seat, fields = read_entry(body)
    game = game_module(record.game)
    current = _catch_up(store, table_id, game)
    refused = _forbidden(game, current.replay.state, Entry(current.version + 1, type_, seat, now(), fields), holder)
    if refused is not None and key is None:
        raise refused
    data = canonical_cards(type_, fields)
    written = {}

    def decide(head: Head):
        if refused is not None:
            raise refused  # the key was not known: a new entry from the wrong seat
        current = _current(store, table_id, head)
        entry = _with_dealer(Entry(head.version + 1, type_, seat, now(), data), current)
        forbidden = _forbidden(game, current.replay.state, entry, holder)
        if forbidden is not None:
            raise forbidden
        written["replay"] = log.append(list(current.entries), current.replay, entry)
        written["entries"] = (*current.entries, entry)
        # A replacement is judged in its target's place: answer with the verdict it now has there.
        judged = entry.data["target"] if entry.type == "replace" else entry.seq
        return entry.type, entry.seat, entry.at, entry.data, written["replay"].verdicts.get(judged)

    try:
        appended = store.append(table_id, expected, key, decide)
    except Conflict as conflict:
        raise ApiError(409, "The table moved on",
                       f"the log is at version {conflict.current_version}, not {expected}: reload and enter again",
                       version=conflict.current_version) from None
    stored = appended.entry
    if not appended.replayed:
        replayed = Replayed(stored.seq, stored.hash, written["entries"], written["replay"])
        _remember(table_id, replayed)
        _snapshot(store, table_id, replayed)
    return {"entry": stored.to_json(), "verdict": stored.verdict, "version": stored.seq}


def entries(table_id: str, after: int = 0) -> dict:
    """List the entries after `after`, and the log's version."""
    store = get_store()
    record = _record(store, table_id)
    _catch_up(store, table_id, game_module(record.game))
    listed = store.entries(table_id, after=after)
    version = listed[-1].seq if listed else store.head(table_id)[0]
    return {"entries": [e.to_json() for e in listed], "version": version}


def export(table_id: str) -> str:
    """Write the log as NDJSON, one entry a line with its hash (E-4)."""
    store = get_store()
    record = _record(store, table_id)
    _catch_up(store, table_id, game_module(record.game))
    return "".join(export_lines(store.entries(table_id)))


def import_log(text: str) -> dict:
    """Open a new table from an export: the chain must hold (E-4) and the log replay (E-2)."""
    try:
        items = read_export(text)
    except ChainError as error:
        rules = ["E-4"] if error.status == 422 else []
        raise ApiError(error.status, "Broken log" if rules else "Unreadable log", str(error), line=error.line,
                       rules=rules, violations=[{"rule": r, "message": error.message, "entry": error.line}
                                                for r in rules]) from None
    first = items[0]
    if first["type"] != "create" or not isinstance(first["data"].get("players"), list):
        raise Malformed("line 1: a log starts with its `create` entry, naming the game and the players")
    entries_ = [Entry(i["seq"], i["type"], i["seat"], i["at"], i["data"]) for i in items]
    replay = log.replay(entries_)
    chained = Store.chain([(i["type"], i["seat"], i["at"], i["data"], replay.verdicts.get(i["seq"])) for i in items])
    table_id, host, seats = _new_tokens(len(first["data"]["players"]))
    get_store().create_table(table_id, first["data"]["game"], host, seats, chained)
    return _created(table_id, host, seats, first["data"]["players"], chained[-1].seq)
