"""Tournaments beside the log: an evening of a group and its tables, round by round.

A round is written in one transaction: each table's row and first entry (its `create`), its seats as the
group's members, its seats' join codes and its place in the tournament; a round is there whole or not at all,
and a second director's tap on "start round" finds the round already there (a unique round and number). The
round's transaction also closes the tables still playing (E-7): a `close` entry at the end of each one's log, so
that a crash leaves either both (closes and round) or neither. The standings are a fold of the tables' logs.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.chain import entry_hash
from events.group_models import GROUP_TABLES, MEMBERS, NAMES, SUMMARIES
from events.models import EntryRow, JoinCodeRow, SnapshotRow, TableRow, table_of
from events.name_records import SEAT_NAMES, names_in, write_names
from events.names import is_apart, name_key
from events.records import StoredEntry, token_hash, utc
from events.repositories.groups import member_for
from events.repositories.repository import Repository
from events.store import Store
from events.store.rows import dumps, entry_row
from events.tournament_models import SEAT_PHONES, TOURNAMENT_TABLES, TOURNAMENTS

TABLES, CODES, ENTRIES = table_of(TableRow), table_of(JoinCodeRow), table_of(EntryRow)
SNAPSHOTS = table_of(SnapshotRow)


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


class TournamentRecord(NamedTuple):
    id: str
    group_id: str
    settings: dict
    token_hash: str
    player_key: str
    frozen: bool
    message: dict | None
    created_at: datetime

    def admits(self, token: str) -> bool:
        return hmac.compare_digest(hashlib.sha256(token.encode()).hexdigest(), self.token_hash)


class TournamentTable(NamedTuple):
    """A table of a tournament with its log's head (kept in its row) and, once closed, where it was closed."""

    table_id: str
    round: int
    number: int
    created_at: datetime
    version: int
    hash: str
    closed_seq: int | None
    closed_hash: str | None
    names: int = 0  # the table's names_rev: moved each time a name at it is forgotten


class NewTable(NamedTuple):
    """A table of a round to write: its id, number, tokens, first entries, seats' members and join codes."""

    table_id: str
    number: int
    game: str
    seat_tokens: list[str]
    entries: list[StoredEntry]
    names: list[str]
    codes: list[str]
    sealed: list[str]  # each seat's token sealed beside its code (events/sealing.py): never the token itself


class RoundTaken(Exception):
    """The round was started already (another request got there first)."""


class RosterMoved(Exception):
    """The tournament's players changed (a late arrival, a leaver) while a round was drawn: draw it again."""


_COLUMNS = (TOURNAMENT_TABLES.c.table_id, TOURNAMENT_TABLES.c.round, TOURNAMENT_TABLES.c.number, TABLES.c.created_at,
            TABLES.c.head_seq, TABLES.c.head_hash, TOURNAMENT_TABLES.c.closed_seq, TOURNAMENT_TABLES.c.closed_hash,
            TABLES.c.names_rev)
TABLES_OF = (sa.select(*_COLUMNS).join(TABLES, TABLES.c.id == TOURNAMENT_TABLES.c.table_id)
             .where(TOURNAMENT_TABLES.c.tournament_id == sa.bindparam("tournament_id"))
             .order_by(TOURNAMENT_TABLES.c.round, TOURNAMENT_TABLES.c.number))


class TournamentRepository(Repository):
    """The tournaments, their tables round by round, the phones at their seats and their refused entries. A
    round's closes are entries of the tables' logs: the store writes them, in the round's transaction."""

    def __init__(self, store: Store):
        super().__init__(store)
        self.store = store

    def create_tournament(self, tournament_id: str, group_id: str, settings: dict, director_token: str,
                          player_key: str) -> None:
        """Write the tournament; its players become members of the group (a new name, a new member)."""
        with self.locked(f"group:{group_id}") as conn:
            self._members_of(conn, group_id, set(settings["players"]))
            conn.execute(TOURNAMENTS.insert().values(
                id=tournament_id, group_id=group_id, settings=dumps(settings), director_token_hash=token_hash(
                    director_token), player_key=player_key, frozen=False, created_at=datetime.now(UTC)))

    def tournament(self, tournament_id: str) -> TournamentRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(TOURNAMENTS).where(TOURNAMENTS.c.id == tournament_id)).first()
        if row is None:
            return None
        return TournamentRecord(row.id, row.group_id, json.loads(row.settings), row.director_token_hash,
                                row.player_key, bool(row.frozen), json.loads(row.message) if row.message else None,
                                _utc(row.created_at))

    def tournaments_of(self, group_id: str) -> list[TournamentRecord]:
        """A group's tournaments, newest first."""
        with self.engine.connect() as conn:
            ids = conn.execute(sa.select(TOURNAMENTS.c.id).where(TOURNAMENTS.c.group_id == group_id)
                               .order_by(TOURNAMENTS.c.created_at.desc())).scalars().all()
        return [found for found in map(self.tournament, ids) if found is not None]

    def tournament_tables(self, tournament_id: str) -> list[TournamentTable]:
        """Every table of the tournament, by round and number, with its log's head (one query)."""
        with self.engine.connect() as conn:
            rows = conn.execute(TABLES_OF, {"tournament_id": tournament_id}).all()
        return [TournamentTable(r.table_id, r.round, r.number, _utc(r.created_at), r.head_seq, r.head_hash,
                                r.closed_seq, r.closed_hash, r.names_rev) for r in rows]

    def tournament_of(self, table_id: str) -> tuple[str, int, int] | None:
        """The tournament a table plays in, its round and number; None for a table outside any."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(TOURNAMENT_TABLES.c.tournament_id, TOURNAMENT_TABLES.c.round,
                                         TOURNAMENT_TABLES.c.number)
                               .where(TOURNAMENT_TABLES.c.table_id == table_id)).first()
        return None if row is None else (row.tournament_id, row.round, row.number)

    def add_round(self, tournament_id: str, group_id: str, round_: int, director_token: str,
                  tables: list[NewTable], closing: Sequence[str] = (), at: datetime | None = None,
                  drawn_on: dict | None = None) -> list[str]:
        """Close the tables `closing` and write round `round_`'s tables, whole, in one transaction: its closes
        (E-7: a `close` entry at the end of each log, `{"round": round_}`), then its tables (rows, first entries,
        members, codes, places). RoundTaken, with nothing written, once a round `round_` or later exists; RosterMoved
        when the tournament's settings are no longer `drawn_on` (the players changed meanwhile); a table already
        closed is not closed again. Gives the tables it closed."""
        # The group's lock first, as every writer of the group's names takes it (forgetting, a rename, a table of
        # the group, a late arrival, a swap): a player forgotten meanwhile changed the settings (RosterMoved).
        with self.locked(f"group:{group_id}", f"tournament:{tournament_id}") as conn:
            taken = conn.execute(sa.select(sa.func.max(TOURNAMENT_TABLES.c.round))
                                 .where(TOURNAMENT_TABLES.c.tournament_id == tournament_id)).scalar()
            if (taken or 0) >= round_:
                raise RoundTaken(round_)
            if drawn_on is not None and self._settings(conn, tournament_id) != drawn_on:
                raise RosterMoved(round_)
            closed = [table_id for table_id in closing
                      if self._close(conn, table_id, {"round": round_}, at or datetime.now(UTC))]
            if tables:
                self._open(conn, tournament_id, group_id, round_, director_token, tables, at or datetime.now(UTC))
        return closed

    def _close(self, conn: sa.Connection, table_id: str, data: dict, at: datetime) -> bool:
        """Write a table's `close` entry on its head, under its row's lock; False if its log holds one already."""
        version, last, _, _ = conn.execute(self.store.sql.LOCK_HEAD, {"table_id": table_id, "key": None}).one()
        if conn.execute(sa.select(ENTRIES.c.seq).where(ENTRIES.c.table_id == table_id, ENTRIES.c.type == "close")
                        .limit(1)).first() is not None:
            return False
        seq = version + 1
        at = utc(at)
        entry = StoredEntry(seq, "close", None, at, data, entry_hash(seq, "close", None, at, data, last), last, None)
        self.store.write_entry(conn, table_id, entry)
        conn.execute(TOURNAMENT_TABLES.update().where(TOURNAMENT_TABLES.c.table_id == table_id)
                     .values(closed_seq=seq, closed_hash=entry.hash))
        return True

    def _open(self, conn: sa.Connection, tournament_id: str, group_id: str, round_: int, director_token: str,
              tables: list[NewTable], at: datetime) -> None:
        """Write a round's tables (`at`: the server's time, its clock, when their join codes were made)."""
        now = datetime.now(UTC)
        members = self._members_of(conn, group_id, {name for table in tables for name in table.names})
        conn.execute(TABLES.insert(), [
            {"id": t.table_id, "game": t.game, "created_at": now, "host_token_hash": token_hash(director_token),
             "seat_token_hashes": dumps([token_hash(s) for s in t.seat_tokens]),
             "head_seq": t.entries[-1].seq, "head_hash": t.entries[-1].hash} for t in tables])
        conn.execute(ENTRIES.insert(), [entry_row(t.table_id, e) for t in tables for e in t.entries])
        forgotten = dict(conn.execute(sa.select(MEMBERS.c.id, MEMBERS.c.forgotten).where(
            MEMBERS.c.group_id == group_id, MEMBERS.c.forgotten.is_not(None))).all())
        for t in tables:
            if is_apart(t.entries[0].data):  # entry 1 names seats by ids; their names beside the log
                numbers = [forgotten.get(members[n]) for n in t.names]  # a forgotten player: her number, no name
                write_names(conn, t.table_id, t.entries[0].data["seats"],
                            [None if number else n for n, number in zip(t.names, numbers, strict=True)], numbers)
        conn.execute(GROUP_TABLES.insert(), [
            {"table_id": t.table_id, "group_id": group_id, "seats": json.dumps([members[n] for n in t.names])}
            for t in tables])
        conn.execute(CODES.insert(), [{"code": code, "table_id": t.table_id, "seat": seat,
                                       "token": t.sealed[seat], "created_at": at}
                                      for t in tables for seat, code in enumerate(t.codes)])
        conn.execute(TOURNAMENT_TABLES.insert(), [{"table_id": t.table_id, "tournament_id": tournament_id,
                                                   "round": round_, "number": t.number} for t in tables])

    def _members_of(self, conn: sa.Connection, group_id: str, names: set[str]) -> dict[str, str]:
        """Each name's member in the group (one read for those known; a new member for a new name)."""
        keys = {name: name_key(name) for name in names}
        known = dict(conn.execute(sa.select(NAMES.c.key, NAMES.c.member_id).where(
            NAMES.c.group_id == group_id, NAMES.c.key.in_(list(set(keys.values()))))).all())
        return {name: known.get(key) or member_for(conn, group_id, name) for name, key in keys.items()}

    def _group_of(self, tournament_id: str) -> str:
        """The tournament's group (it never changes): its lock is taken before the tournament's by every writer of
        names, so that a forgetting and a round, a late arrival or a swap never interleave."""
        with self.single.connect() as conn:
            return conn.execute(sa.select(TOURNAMENTS.c.group_id).where(TOURNAMENTS.c.id == tournament_id)).scalar() \
                or ""

    def _settings(self, conn: sa.Connection, tournament_id: str) -> dict:
        return json.loads(conn.execute(sa.select(TOURNAMENTS.c.settings)
                                       .where(TOURNAMENTS.c.id == tournament_id)).scalar_one())

    def change_settings(self, tournament_id: str, change: Callable[[dict, int], dict]) -> dict:
        """Read the settings and the round started last under the tournament's lock, write `change(settings,
        round)` (what it raises, nothing written), and give them: a late arrival or a leaver never races a round
        being seated. A new player's name becomes a member of the group, as at the tournament's start."""
        with self.locked(f"group:{self._group_of(tournament_id)}", f"tournament:{tournament_id}") as conn:
            group_id = conn.execute(sa.select(TOURNAMENTS.c.group_id)
                                    .where(TOURNAMENTS.c.id == tournament_id)).scalar_one()
            before = self._settings(conn, tournament_id)
            current = conn.execute(sa.select(sa.func.max(TOURNAMENT_TABLES.c.round))
                                   .where(TOURNAMENT_TABLES.c.tournament_id == tournament_id)).scalar() or 0
            after = change(json.loads(json.dumps(before)), current)
            new = set(after["players"]) - set(before["players"])
            if new:
                self._members_of(conn, group_id, new)
            conn.execute(TOURNAMENTS.update().where(TOURNAMENTS.c.id == tournament_id)
                         .values(settings=dumps(after)))
        return after

    def member_ids(self, group_id: str, names: Sequence[str]) -> dict[str, str]:
        """The group's member of each of these names that has one (a read: nobody becomes a member here)."""
        keys = {name: name_key(name) for name in names}
        with self.engine.connect() as conn:
            known = dict(conn.execute(sa.select(NAMES.c.key, NAMES.c.member_id).where(
                NAMES.c.group_id == group_id, NAMES.c.key.in_(list(set(keys.values()))))).all())
        return {name: known[key] for name, key in keys.items() if key in known}

    def swap_seats(self, tournament_id: str, one: tuple[str, int], other: tuple[str, int]) -> list[str]:
        """Exchange the players of two seats (of one table or two): their names beside the log and their places as
        the group's members; each seat keeps its token and join code, and forgets the phones that took it. Only
        while neither table has an entry after its `create` (each head locked, as an append would): else nothing
        changes and it gives the tables that have."""
        tables = sorted({one[0], other[0]})
        # the group's lock first: a forgetting between this read of the names and their writing would be undone
        with self.locked(f"group:{self._group_of(tournament_id)}", f"tournament:{tournament_id}") as conn:
            busy = [t for t in tables
                    if conn.execute(self.store.sql.LOCK_HEAD, {"table_id": t, "key": None}).one()[0] > 1]
            if busy:
                return busy
            names = names_in(conn, tables)
            first, second = names[one[0]][one[1]], names[other[0]][other[1]]
            for (table_id, seat), moving in ((one, second), (other, first)):
                conn.execute(SEAT_NAMES.update().where(SEAT_NAMES.c.table_id == table_id, SEAT_NAMES.c.seat == seat)
                             .values(name=moving.name, forgotten=moving.forgotten))
            members = {row.table_id: json.loads(row.seats) for row in conn.execute(
                sa.select(GROUP_TABLES.c.table_id, GROUP_TABLES.c.seats).where(GROUP_TABLES.c.table_id.in_(tables)))}
            members[one[0]][one[1]], members[other[0]][other[1]] = members[other[0]][other[1]], members[one[0]][one[1]]
            for table_id, seats in members.items():
                conn.execute(GROUP_TABLES.update().where(GROUP_TABLES.c.table_id == table_id)
                             .values(seats=json.dumps(seats)))
            for table_id, seat in (one, other):
                conn.execute(SEAT_PHONES.delete().where(SEAT_PHONES.c.table_id == table_id,
                                                        SEAT_PHONES.c.seat == seat))
            conn.execute(TABLES.update().where(TABLES.c.id.in_(tables)).values(names_rev=TABLES.c.names_rev + 1))
            conn.execute(SNAPSHOTS.delete().where(SNAPSHOTS.c.table_id.in_(tables)))
            conn.execute(SUMMARIES.delete().where(SUMMARIES.c.table_id.in_(tables)))
        return []

    def note_refusal(self, table_id: str, at: datetime, reason: dict) -> None:
        """Keep a tournament table's last refused entry (one UPDATE; a table outside any tournament has no row)."""
        with self.engine.begin() as conn:
            conn.execute(TOURNAMENT_TABLES.update().where(TOURNAMENT_TABLES.c.table_id == table_id)
                         .values(refused_at=at, refused=dumps(reason)))

    def refusals(self, table_ids: list[str]) -> dict[str, tuple[datetime, dict]]:
        """The last refused entry of each of these tables that had one: `{table_id: (at, reason)}` (one query)."""
        if not table_ids:
            return {}
        query = (sa.select(TOURNAMENT_TABLES.c.table_id, TOURNAMENT_TABLES.c.refused_at, TOURNAMENT_TABLES.c.refused)
                 .where(TOURNAMENT_TABLES.c.table_id.in_(sa.bindparam("ids", expanding=True)),
                        TOURNAMENT_TABLES.c.refused_at.is_not(None)))
        with self.engine.connect() as conn:
            rows = conn.execute(query, {"ids": list(table_ids)}).all()
        return {r.table_id: (_utc(r.refused_at), json.loads(r.refused)) for r in rows}

    def seat_phones(self, table_ids: list[str]) -> dict[str, dict[int, int]]:
        """How many phones took each seat of these tables: `{table_id: {seat: phones}}` (one query)."""
        if not table_ids:
            return {}
        query = (sa.select(SEAT_PHONES.c.table_id, SEAT_PHONES.c.seat, sa.func.count())
                 .where(SEAT_PHONES.c.table_id.in_(sa.bindparam("ids", expanding=True)))
                 .group_by(SEAT_PHONES.c.table_id, SEAT_PHONES.c.seat))
        out: dict[str, dict[int, int]] = {}
        with self.engine.connect() as conn:
            for table_id, seat, phones in conn.execute(query, {"ids": list(table_ids)}).all():
                out.setdefault(table_id, {})[seat] = phones
        return out

    def set_tournament(self, tournament_id: str, *, frozen: bool | None = None, message: dict | None = None) -> None:
        """The screen's freeze, or the director's message to every table."""
        values: dict = {}
        if frozen is not None:
            values["frozen"] = frozen
        if message is not None:
            values["message"] = dumps(message)
        if values:
            with self.engine.begin() as conn:
                conn.execute(TOURNAMENTS.update().where(TOURNAMENTS.c.id == tournament_id).values(**values))
