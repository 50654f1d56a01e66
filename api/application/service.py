"""Tables: the event store and the referee composed, for the JSON API and the web pages alike."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from functools import partial

from api.application import context, imports, replays
from api.application.commands import CreateTable, ImportLog
from api.application.context import now
from api.application.errors import BadRequest, NotFound
from api.application.replays import NO_TABLE, Replayed
from events import Head, Store, export_lines
from events.free_texts import joined
from events.names import SeatName, is_apart, named_create, new_person, split_create
from referee import games, log
from referee.game import Game
from referee.log import Entry
from referee.violations import N_, Refusal

MAX_DUE = 8  # server entries written per request at most; more would mean a stuck clock


MAX_ID = 64  # the database's table id column


def table_record(store: Store, table_id: str):
    """The table's record (game, token hashes), kept in memory: a table row never changes."""
    if not 1 <= len(table_id) <= MAX_ID or "\x00" in table_id:  # PostgreSQL text cannot hold a NUL
        shown = repr(table_id[:MAX_ID])
        raise NotFound("Unknown table", NO_TABLE, {"value": shown}, said=True)
    records = context.current().caches.setdefault("tables.records", {})
    record = records.get(table_id) or store.table(table_id)
    if record is None:
        raise NotFound("Unknown table", NO_TABLE, {"value": repr(table_id)}, said=True)
    records[table_id] = record
    return record


def _due_entry(store: Store, table_id: str, game: Game, written: dict, head: Head):
    """The first entry due by now at `head` (the append's decision, under its lock), None if none is; the
    replay with it goes to `written["replay"]`."""
    current = replays.current(store, table_id, head)
    owed = game.rules.due(current.replay.state, now())
    if not owed:
        return None
    item = owed[0]
    data = item.get("data", {k: v for k, v in item.items() if k not in ("type", "at", "seat")})
    entry = Entry(head.version + 1, item["type"], None, item["at"], data)
    written["replay"] = replays.extend(current.game, current.replay, [entry])
    return entry.type, None, entry.at, data, written["replay"].verdicts.get(entry.seq)


def catch_up(store: Store, table_id: str, game: Game) -> Replayed:
    """Write the entries that are due by now (R-17 timeouts) through the locked append path; give the replay."""
    for _ in range(MAX_DUE):
        current = replays.current(store, table_id)
        if not game.rules.due(current.replay.state, now()):
            return current
        written: dict = {}
        appended = store.append(table_id, None, None, partial(_due_entry, store, table_id, game, written))
        if appended is not None:
            remember_append(store, table_id, appended.entry, written["replay"], game, current.names)
    return replays.current(store, table_id)


def _new_tokens(players: int) -> tuple[str, str, list[str]]:
    return secrets.token_urlsafe(9), secrets.token_urlsafe(24), [secrets.token_urlsafe(24) for _ in range(players)]


def _created(table_id: str, host: str, seats: list[str], players: list[str], version: int) -> dict:
    return {"id": table_id, "host_token": host,
            "seats": [{"seat": i, "name": name, "token": seats[i]} for i, name in enumerate(players)],
            "version": version, "page": f"/t/{table_id}"}


def create_table(command: CreateTable, tokens: tuple[str, str, list[str]] | None = None) -> dict:
    """Open a table: check players (C-1, R-1) and options (R-2), then write entry 1, `create`.

    `tokens` (the table's id, host token, seat tokens) are drawn at random unless given (api/application/successor.py).
    """
    game = games.get(command.game)
    data = {"game": command.game, "players": list(command.players),
            "options": game.rules.normalise_options(command.options), "tracking": command.tracking}
    if command.confirmation:
        data["confirmation"] = True  # E-6; left out when off, as every table made before it
    at = now()
    game.rules.start(Entry(1, "create", None, at, data))
    table_id, host, seats = tokens or _new_tokens(len(data["players"]))
    # Entry 1 names the seats by ids that say nothing; their names stay beside the log, to be forgotten if asked.
    apart = {("seats" if k == "players" else k): ([new_person() for _ in v] if k == "players" else v)
             for k, v in data.items()}
    chained = Store.chain([("create", None, at, apart, None)])
    context.current().store.create_table(table_id, data["game"], host, seats, chained, names=data["players"])
    return _created(table_id, host, seats, data["players"], 1)


def read_table(table_id: str, at: int | None = None) -> dict:
    """Show the table as its log replays now, or as of entry `at`."""
    store = context.current().store
    record = table_record(store, table_id)
    game = games.get(record.game)
    current = catch_up(store, table_id, game)
    if at is None:
        return {"id": table_id, **game.rules.view(current.replay.state), "version": current.version}
    if not 1 <= at <= current.version:
        raise BadRequest("No such entry", N_("`at` is an entry of this log: 1 to %(last)s, not %(value)s"),
                         {"last": current.version, "value": at}, said=True)
    return {"id": table_id, **game.rules.view(log.replay(current.entries[:at]).state), "version": at}


def player_names(current: Replayed) -> list[str]:
    """The players' names in seat order, for messages that name them."""
    return list(current.replay.state.players)  # both games keep entry 1's names: no read of the log


def remember_append(store: Store, table_id: str, stored, replay: log.Replay, game: Game, names: int = 0) -> None:
    """Keep the replay an append made (its entries are read from the log only if something needs them); `names`:
    the names_rev of the replay it extended."""
    replayed = Replayed(stored.seq, stored.hash, None, replay, replays.loader(store, table_id, stored.seq), game=game,
                        names=names)
    replays.remember(table_id, replayed)
    replays.snapshot(store, table_id, replayed)
    context.current().tell(table_id, stored)  # to this process's live streams (api/shell/context.py)


def replayed(table_id: str) -> Replayed:
    """The table's replay as it stands (its entries and state, from the cache): for pages reading its tail."""
    store = context.current().store
    record = table_record(store, table_id)
    return catch_up(store, table_id, games.get(record.game))


def entries(table_id: str, after: int = 0) -> dict:
    """List the entries after `after`, and the log's version."""
    store = context.current().store
    record = table_record(store, table_id)
    current = catch_up(store, table_id, games.get(record.game))
    if after >= current.version:  # nothing new (a poll, a stream's heartbeat): the head just read says so
        return {"entries": [], "version": current.version}
    listed = store.entries(table_id, after=after)
    version = listed[-1].seq if listed else store.head(table_id)[0]
    return {"entries": [e.to_json() for e in listed], "version": version}


def names_line(table_id: str) -> list[dict]:
    """The seats' names as an export's line 1 carries them beside the chain: a forgotten player's number, never
    her name. (/entries and the streams give entry 1 as the chain holds it: ids, no names; GET the table for them.)"""
    return [{"person": s.person, "name": s.name} if s.name is not None else {"person": s.person, "forgotten": s.forgotten}
            for s in context.current().names.seat_names(table_id)]


def entries_as_logged(table_id: str, after: int = 0) -> list[dict]:
    """The entries after `after` as the log holds them, with no catch-up and no replay (404 for an unknown table):
    a live stream's first read, whose table's clock its streams ask after (`clocked`)."""
    store = context.current().store
    table_record(store, table_id)
    return [e.to_json() for e in store.entries(table_id, after=after)]


FAR = datetime(9999, 1, 1, tzinfo=UTC)


def clocked(table_id: str) -> bool | None:
    """Write what the table owes by now (R-17 timeouts), and say whether it may come to owe more by itself: a turn
    clock is running (True), not now (False), or never, its game having no clock (None: never ask again). A
    table's live streams ask this once in a while, so that a clock runs out on time while its phones only watch."""
    store = context.current().store
    record = table_record(store, table_id)
    game = games.get(record.game)
    if not game.has("clock"):
        return None  # a game with no clock (continental) never owes an entry by itself: no replay to ask
    return bool(game.rules.due(catch_up(store, table_id, game).replay.state, FAR))


def export(table_id: str) -> str:
    """Write the log as NDJSON, one entry a line with its hash (E-4), the last one sealed with the server's key."""
    store = context.current().store
    record = table_record(store, table_id)
    catch_up(store, table_id, games.get(record.game))
    listed = store.entries(table_id)
    names = names_line(table_id) if listed and is_apart(listed[0].data) else None
    return "".join(export_lines(listed, seal=imports.sealer(), names=names))


def import_log(command: ImportLog) -> dict:
    """Open a new table from an export: the chain must hold (E-4), the create be one we would write, the log
    replay (E-2); `verified` says whether this server's seal holds on it (else it came from elsewhere)."""
    items, verified = imports.read(command.text, command.new_table)
    first, known = items[0], imports.texts(items)
    if is_apart(first["data"]):
        stored_first, named = first["data"], imports.seat_names(first)
        # a reason inside the chain (an export made before texts left it): moved out, the chain re-sealed
        reseal = (items[-1]["seq"], items[-1]["hash"]) if imports.plain_texts(items) else None
    else:  # an export made before names left the log: moved out as migration 0008 does, the chain re-sealed
        stored_first, names = split_create(first["data"])
        named = [SeatName(seat, person, name) for seat, (person, name) in enumerate(zip(stored_first["seats"], names,
                                                                                      strict=True))]
        reseal = (items[-1]["seq"], items[-1]["hash"])
    read_first = named_create(stored_first, named)
    read_texts = {d: text for d, (_, text) in known.items()}
    entries_ = [Entry(i["seq"], i["type"], i["seat"], i["at"],
                      read_first if i["seq"] == 1 else joined(i["type"], i["data"], read_texts)) for i in items]
    try:
        replay = log.replay(entries_)
    except Refusal as refusal:
        refusal.players = list(read_first["players"])
        raise
    chained = Store.chain([(i["type"], i["seat"], i["at"], stored_first if i["seq"] == 1 else i["data"],
                            replay.verdicts.get(i["seq"])) for i in items], known=known)
    table_id, host, seats = _new_tokens(len(named))
    context.current().store.create_table(table_id, first["data"]["game"], host, seats, chained,
                                         names=[s.name for s in named], forgotten=[s.forgotten for s in named],
                                         reseal=reseal)
    return {**_created(table_id, host, seats, read_first["players"], chained[-1].seq), "verified": verified}
