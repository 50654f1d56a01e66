"""Writing one entry (POST /entries and the pages' forms): the checks of API.md's order, then the append.

Most entries take the quick way: judged on the replay this process already holds, written only if the log's
head is still the one that replay ends on (`Store.append_if_head`: one round trip on PostgreSQL). Anything
else — a replay not held or behind, a version that is not the head's, a timeout due, a correction, a refusal,
a known Idempotency-Key — takes the locked way (`Store.append`), which reads the head under the table's
lock and answers every case; so the quick way only ever answers a 201 the locked way would have given.
"""

from __future__ import annotations

import secrets

from api.application import context, printable, refusals, replays, texts
from api.application.commands import PostEntry
from api.application.context import now
from api.application.errors import BadRequest, Conflict, Forbidden, Refused, Unauthorized
from api.application.printable import control_character
from api.application.replays import Replayed
from api.application.service import MAX_DUE, catch_up, player_names, remember_append, table_record
from events import Conflict as Moved
from events import Head, Store, TableRecord
from referee import games, log
from referee.game import Game
from referee.log import Entry
from referee.violations import N_, Refusal


def _forbidden(game: Game, current: Replayed, entry: Entry, holder) -> Forbidden | None:
    """Say why this token may not write the entry (403), naming the players, or None: the host writes anything."""
    if holder == "host":
        return None
    actor = game.rules.actor(current.replay.state, entry)
    if actor == holder:
        return None
    target = entry.data.get("target") if entry.type in log.CORRECTIONS else None
    if any(e.seq == target and e.type == "exit" for e in current.entries):
        key, params, rules = FORBIDDEN_EXIT, {"holder": holder}, ["E-2"]
    elif actor is None:
        key, params, rules = FORBIDDEN_HOST, {"holder": holder, "type": entry.type}, []
    else:
        key, params, rules = FORBIDDEN_SEAT, {"holder": holder, "type": entry.type, "actor": actor}, []
    return Forbidden("Not your seat", key, params, names=player_names(current), said=True, rules=rules)


FORBIDDEN_SEAT = N_("this phone holds %(holder)s's seat; this %(type)s entry is %(actor)s's to write")
FORBIDDEN_HOST = N_("this phone holds %(holder)s's seat; this %(type)s entry is the host's to write")
FORBIDDEN_EXIT = N_("an exit, valid or invalid, is voided or replaced by the host only, never by a seat (E-2): "
                    "its cards stay known (C-11), so %(holder)s's phone cannot correct it")


def _signed(game: Game, current: Replayed, entry: Entry, holder) -> Entry:
    """The entry as this token writes it: a seat's phone writing for the table (a scorekeeping table's deal or
    result naming another seat, `referee.scorekeeping`) gets `by`, its seat, when the game lets that seat write
    it so; any other entry as sent (the 403 then names whose it is)."""
    if holder == "host" or entry.type in log.CORRECTIONS:
        return entry
    state = current.replay.state
    if game.rules.actor(state, entry) == holder:
        return entry
    signed = Entry(entry.seq, entry.type, entry.seat, entry.at, {**entry.data, "by": holder})
    return signed if game.rules.actor(state, signed) == holder else entry


def _with_dealer(entry: Entry, current: Replayed) -> Entry:
    """Draw the first dealer at random when the table's first deal names none (C-2, R-3)."""
    if entry.type != "deal" or "dealer" in entry.data:
        return entry
    if current.game.rules.view(current.replay.state)["deal"] is not None:  # null only before the first deal (or
        return entry  # when it was voided), as API.md says: no scan of the log
    dealer = secrets.randbelow(len(player_names(current)))
    return Entry(entry.seq, entry.type, entry.seat, entry.at, {"dealer": dealer, **entry.data})


class _Due(Exception):
    """Server entries fell due while an append waited: write them first, then try again."""


def _same_request(stored, type_: str, seat, data: dict, expected: int) -> bool:
    """Say whether an entry stored under an Idempotency-Key is the one this request asks for."""
    written = {k: v for k, v in stored.data.items() if k in data or k not in ("dealer", "by")}  # the server may add
    # a dealer, and the seat whose phone wrote it for the table (`by`, referee.scorekeeping)
    return (stored.type, stored.seat, written, stored.seq) == (type_, seat, data, expected + 1)


def writer(table_id: str, token: str | None) -> tuple[TableRecord, str | int]:
    """The table, and who this token writes as at it: "host" or a seat (404 for an unknown table, then 401 for a
    token it does not know). API.md checks these first: the JSON API asks before it reads the body."""
    return _writer(context.current().store, table_id, token)


def _writer(store: Store, table_id: str, token: str | None) -> tuple[TableRecord, str | int]:
    record = table_record(store, table_id)
    holder = record.holder(token) if token else None
    if holder is None:
        raise Unauthorized("Unknown token", N_("send `Authorization: Bearer <token>` with a token of this table"))
    return record, holder


def post_entry(command: PostEntry) -> dict:
    """Write one entry, checked in API.md's order: token, cards, key, version, rules (its body was read into the
    command)."""
    store = context.current().store
    table_id, key, type_, seat = command.table_id, command.key, command.type, command.seat
    record, holder = _writer(store, table_id, command.token)
    expected = command.expected_version
    game = games.get(record.game)
    for field, value in command.fields.items():  # a ruling's reason (E-5), or any text an entry carries
        printable.check(field, value)
    data = game.canonical(type_, dict(command.fields))  # cards as their text (K-1)
    if key is not None and control_character(key):
        raise BadRequest("Bad Idempotency-Key", N_("an Idempotency-Key cannot hold %(char)s, a control character"),
                         {"char": control_character(key)})
    if type_ in log.CORRECTIONS:
        data = {**data, "by": holder}  # who wrote it (E-2 *Reading*: a seat's own correction keeps what it saw)
    quick = _quick(store, table_id, game, holder, (expected, type_, seat, data), key)
    if quick is not None:
        return quick
    try:
        for _ in range(MAX_DUE):
            try:
                return _post(store, table_id, game, holder, (expected, type_, seat, data), key)
            except _Due:
                catch_up(store, table_id, game)
    except Refusal as refusal:
        refusals.note(table_id, refusal)  # the director's console shows it (a tournament's table)
        raise
    raise Conflict("The table moved on", N_("server entries keep falling due: reload and enter again"))


def _post(store: Store, table_id: str, game: Game, holder, request: tuple, key: str | None) -> dict:
    """One try at the append, inside the table's lock: seat (403), key, version (409), rules (422)."""
    expected, type_, seat, data = request
    written = {}

    def authorise(head: Head, keyed: int | None):
        # Before a known key is answered (API.md's order): seat 2's token reusing seat 1's key is a 403. A retry
        # is judged on the table as its first try found it (the entries before the key's own), since whose turn
        # it is may have moved on since; retries are rare, so that replay is too.
        current = replays.current(store, table_id, head)
        if keyed is not None:
            before = current.entries[:keyed - 1]
            if not before:
                return
            current = Replayed(keyed - 1, None, before, log.replay(before), game=game)
        elif game.rules.due(current.replay.state, now()):
            raise _Due()
        entry = _signed(game, current, Entry(current.version + 1, type_, seat, now(), data), holder)
        forbidden = _forbidden(game, current, entry, holder)
        if forbidden is not None:
            raise forbidden

    def decide(head: Head):
        current = replays.current(store, table_id, head)
        written["names"] = current.names
        entry = _with_dealer(_signed(game, current, Entry(head.version + 1, type_, seat, now(), data), holder),
                             current)
        written["replay"], verdict = _judge(current, entry)
        return entry.type, entry.seat, entry.at, entry.data, verdict

    try:
        appended = store.append(table_id, expected, key, decide, authorise)
    except Moved as moved:
        raise Conflict("The table moved on", N_("the log is at version %(version)s, not %(expected)s: reload and "
                                                "enter again"), {"version": moved.current_version, "expected": expected},
                       version=moved.current_version) from None
    stored = appended.entry
    if appended.replayed:
        if not _same_request(stored, type_, seat, data, expected):
            raise Refused("Idempotency-Key reused", N_("this Idempotency-Key was first sent with another entry (entry "
                                                       "%(seq)s, %(type)s): send a new key for a new entry"),
                          {"seq": stored.seq, "type": stored.type}, said=True)
        return _answer(stored, player_names(replays.current(store, table_id)))
    remember_append(store, table_id, stored, written["replay"], game, written["names"])
    return _answer(stored, list(written["replay"].state.players))


def _judge(current: Replayed, entry: Entry) -> tuple[log.Replay, dict | None]:
    """Fold the entry into the table's replay and give its verdict, naming the players (a refusal names them
    too: api/shell/errors.py). A correction replays the log from its target; any other entry folds into a copy of
    the state, with no copy of the log."""
    try:
        if entry.type in log.CORRECTIONS:
            replay = log.append(list(current.entries), current.replay, entry)
        else:
            replay = replays.extend(current.game, current.replay, [entry])
    except Refusal as refusal:
        refusal.players = player_names(current)
        raise
    # A replacement is judged in its target's place: answer with the verdict it now has there.
    judged = entry.data["target"] if entry.type == "replace" else entry.seq
    return replay, replay.verdicts.get(judged)  # kept as the referee says it: seats, never names (events/names.py)


def _answer(stored, names: list[str]) -> dict:
    """The 201's body: the entry as stored, its verdict naming the players as they are called now, the log's new
    version."""
    return {"entry": stored.to_json(), "verdict": texts.named_verdict(stored.verdict, names), "version": stored.seq}


def _quick(store: Store, table_id: str, game: Game, holder, request: tuple, key: str | None) -> dict | None:
    """The entry judged on the replay this process holds, and written if the log is still where it ends; else
    None, with nothing written. A held replay behind the entry's version (another worker wrote meanwhile) is
    first brought up to it by reading the entries it lacks."""
    expected, type_, seat, data = request
    if type_ in log.CORRECTIONS:
        return None  # a correction replays the log from its target on: the locked way
    current = replays.held(table_id)
    if current is not None and current.version < expected:
        current = replays.caught_up(store, table_id, current)
    if current is None or current.version != expected:
        return None  # not held, or a stale version: the locked way says 409 (or answers a known key)
    return _judged(store, table_id, game, holder, current, (type_, seat, data), key)


def _judged(store: Store, table_id: str, game: Game, holder, current: Replayed, request: tuple, key: str | None):
    """The answer of the quick way, or None: the locked way says what this entry gets (a refusal, a known key,
    a head that moved meanwhile: a 409 there)."""
    type_, seat, data = request
    at = now()
    if game.rules.due(current.replay.state, at):
        return None
    entry = _with_dealer(_signed(game, current, Entry(current.version + 1, type_, seat, at, data), holder), current)
    if _forbidden(game, current, entry, holder) is not None:
        return None
    try:
        replay, verdict = _judge(current, entry)
    except Refusal:
        return None  # said by the locked way, on the log as it stands there
    appended = store.append_if_head(table_id, current.version, current.hash, key,
                                    (entry.type, entry.seat, entry.at, entry.data, verdict))
    if appended is None:
        return None
    remember_append(store, table_id, appended.entry, replay, game, current.names)
    return _answer(appended.entry, player_names(current))
