"""Tables: the event store and the referee composed, for the JSON API and the web pages alike."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from functools import partial

from api.application import context, imports, replays, texts
from api.application.context import now
from api.application.errors import ApiError
from api.application.replays import Replayed
from api.rest.schemas.tables import read_new_table
from events import Head, Store, export_lines
from referee import games, log
from referee.log import Entry, game_module
from referee.violations import N_, Malformed, Refusal

MAX_DUE = 8  # server entries written per request at most; more would mean a stuck clock


MAX_ID = 64  # the database's table id column


def table_record(store: Store, table_id: str):
    """The table's record (game, token hashes), kept in memory: a table row never changes."""
    if not 1 <= len(table_id) <= MAX_ID or "\x00" in table_id:  # PostgreSQL text cannot hold a NUL
        shown = repr(table_id[:MAX_ID])
        raise ApiError(404, "Unknown table", f"no table {shown}", key=N_("no table %(value)s"),
                       params={"value": shown})
    records = context.current().caches.setdefault("tables.records", {})
    record = records.get(table_id) or store.table(table_id)
    if record is None:
        raise ApiError(404, "Unknown table", f"no table {table_id!r}", key=N_("no table %(value)s"),
                       params={"value": repr(table_id)})
    records[table_id] = record
    return record


def _due_entry(store: Store, table_id: str, game, written: dict, head: Head):
    """The first entry due by now at `head` (the append's decision, under its lock), None if none is; the
    replay with it goes to `written["replay"]`."""
    current = replays.current(store, table_id, head)
    owed = game.due(current.replay.state, now())
    if not owed:
        return None
    item = owed[0]
    data = item.get("data", {k: v for k, v in item.items() if k not in ("type", "at", "seat")})
    entry = Entry(head.version + 1, item["type"], None, item["at"], data)
    written["replay"] = replays.extend(current.game, current.replay, [entry])
    return entry.type, None, entry.at, data, written["replay"].verdicts.get(entry.seq)


def catch_up(store: Store, table_id: str, game) -> Replayed:
    """Write the entries that are due by now (R-17 timeouts) through the locked append path; give the replay."""
    for _ in range(MAX_DUE):
        current = replays.current(store, table_id)
        if not game.due(current.replay.state, now()):
            return current
        written: dict = {}
        appended = store.append(table_id, None, None, partial(_due_entry, store, table_id, game, written))
        if appended is not None:
            remember_append(store, table_id, appended.entry, written["replay"], game)
    return replays.current(store, table_id)


def _new_tokens(players: int) -> tuple[str, str, list[str]]:
    return secrets.token_urlsafe(9), secrets.token_urlsafe(24), [secrets.token_urlsafe(24) for _ in range(players)]


def _created(table_id: str, host: str, seats: list[str], players: list[str], version: int) -> dict:
    return {"id": table_id, "host_token": host,
            "seats": [{"seat": i, "name": name, "token": seats[i]} for i, name in enumerate(players)],
            "version": version, "page": f"/t/{table_id}"}


def create_table(body: object, tokens: tuple[str, str, list[str]] | None = None) -> dict:
    """Open a table: check players (C-1, R-1) and options (R-2), then write entry 1, `create`.

    `tokens` (the table's id, host token, seat tokens) are drawn at random unless given (api/application/successor.py).
    """
    if not isinstance(body, dict):
        raise Malformed("the body is a JSON object with `game` and `players`")
    loaded = read_new_table(body)
    game = game_module(loaded["game"])
    data = {"game": loaded["game"], "players": loaded["players"],
            "options": game.normalise_options(loaded["options"]), "tracking": loaded["tracking"]}
    at = now()
    game.start(Entry(1, "create", None, at, data))
    table_id, host, seats = tokens or _new_tokens(len(data["players"]))
    chained = Store.chain([("create", None, at, data, None)])
    context.current().store.create_table(table_id, data["game"], host, seats, chained)
    return _created(table_id, host, seats, data["players"], 1)


def read_table(table_id: str, at: int | None = None) -> dict:
    """Show the table as its log replays now, or as of entry `at`."""
    store = context.current().store
    record = table_record(store, table_id)
    game = game_module(record.game)
    current = catch_up(store, table_id, game)
    if at is None:
        return {"id": table_id, **game.view(current.replay.state), "version": current.version}
    if not 1 <= at <= current.version:
        raise ApiError(400, "No such entry", f"`at` is an entry of this log: 1 to {current.version}, not {at}",
                       key=N_("`at` is an entry of this log: 1 to %(last)s, not %(value)s"),
                       params={"last": current.version, "value": at})
    return {"id": table_id, **game.view(log.replay(current.entries[:at]).state), "version": at}


def player_names(current: Replayed) -> list[str]:
    """The players' names in seat order, for messages that name them."""
    return list(current.replay.state.players)  # both games keep entry 1's names: no read of the log


def remember_append(store: Store, table_id: str, stored, replay: log.Replay, game) -> None:
    """Keep the replay an append made (its entries are read from the log only if something needs them)."""
    replayed = Replayed(stored.seq, stored.hash, None, replay, replays.loader(store, table_id, stored.seq), game=game)
    replays.remember(table_id, replayed)
    replays.snapshot(store, table_id, replayed)
    context.current().tell(table_id, stored)  # to this process's live streams (api/shell/context.py)


def replayed(table_id: str) -> Replayed:
    """The table's replay as it stands (its entries and state, from the cache): for pages reading its tail."""
    store = context.current().store
    record = table_record(store, table_id)
    return catch_up(store, table_id, game_module(record.game))


def entries(table_id: str, after: int = 0) -> dict:
    """List the entries after `after`, and the log's version."""
    store = context.current().store
    record = table_record(store, table_id)
    current = catch_up(store, table_id, game_module(record.game))
    if after >= current.version:  # nothing new (a poll, a stream's heartbeat): the head just read says so
        return {"entries": [], "version": current.version}
    listed = store.entries(table_id, after=after)
    version = listed[-1].seq if listed else store.head(table_id)[0]
    return {"entries": [e.to_json() for e in listed], "version": version}


def entries_as_logged(table_id: str, after: int = 0) -> list[dict]:
    """The entries after `after` as the log holds them, with no catch-up and no replay (404 for an unknown table):
    a live stream's first read, whose table's clock its streams ask after (`clocked`)."""
    store = context.current().store
    table_record(store, table_id)
    return [e.to_json() for e in store.entries(table_id, after=after)]


FAR = datetime(9999, 1, 1, tzinfo=UTC)


def clocked(table_id: str) -> bool:
    """Write what the table owes by now (R-17 timeouts), and say whether it may come to owe more by itself: a turn
    clock is running. A table's live streams ask this once in a while, so that a clock runs out on time while its
    phones only watch."""
    store = context.current().store
    record = table_record(store, table_id)
    if "clock" not in games.get(record.game).features:
        return False  # a game with no clock (continental) never owes an entry by itself: no replay to ask
    game = game_module(record.game)
    return bool(game.due(catch_up(store, table_id, game).replay.state, FAR))


def export(table_id: str) -> str:
    """Write the log as NDJSON, one entry a line with its hash (E-4), the last one sealed with the server's key."""
    store = context.current().store
    record = table_record(store, table_id)
    catch_up(store, table_id, game_module(record.game))
    return "".join(export_lines(store.entries(table_id), seal=imports.sealer()))


def import_log(text: str) -> dict:
    """Open a new table from an export: the chain must hold (E-4), the create be one we would write, the log
    replay (E-2); `verified` says whether this server's seal holds on it (else it came from elsewhere)."""
    items, verified = imports.read(text)
    first = items[0]
    entries_ = [Entry(i["seq"], i["type"], i["seat"], i["at"], i["data"]) for i in items]
    try:
        replay = log.replay(entries_)
    except Refusal as refusal:
        refusal.players = list(first["data"]["players"])
        raise
    names = list(first["data"]["players"])
    chained = Store.chain([(i["type"], i["seat"], i["at"], i["data"], texts.named_verdict(replay.verdicts.get(i["seq"]),
                                                                                         names)) for i in items])
    table_id, host, seats = _new_tokens(len(first["data"]["players"]))
    context.current().store.create_table(table_id, first["data"]["game"], host, seats, chained)
    return {**_created(table_id, host, seats, first["data"]["players"], chained[-1].seq), "verified": verified}
