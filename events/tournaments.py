"""Tournaments beside the log: an evening of a group and its tables, round by round.

A round is written in one transaction: each table's row and first entry (its `create`), its seats as the
group's members, its seats' join codes and its place in the tournament; a round is there whole or not at all,
and a second director's tap on "start round" finds the round already there (a unique round and number).
Nothing here is an entry: the tables' logs hold what was played, and the standings are a fold of them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.group_models import GROUP_TABLES, NAMES
from events.groups import name_key
from events.models import EntryRow, JoinCodeRow, TableRow, table_of
from events.name_records import write_names
from events.names import is_apart
from events.records import StoredEntry, token_hash
from events.tournament_models import SEAT_PHONES, TOURNAMENT_TABLES, TOURNAMENTS

TABLES, CODES, ENTRIES = table_of(TableRow), table_of(JoinCodeRow), table_of(EntryRow)


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


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


class RoundTaken(Exception):
    """The round was started already (another request got there first)."""


_COLUMNS = (TOURNAMENT_TABLES.c.table_id, TOURNAMENT_TABLES.c.round, TOURNAMENT_TABLES.c.number, TABLES.c.created_at,
            TABLES.c.head_seq, TABLES.c.head_hash, TOURNAMENT_TABLES.c.closed_seq, TOURNAMENT_TABLES.c.closed_hash,
            TABLES.c.names_rev)
TABLES_OF = (sa.select(*_COLUMNS).join(TABLES, TABLES.c.id == TOURNAMENT_TABLES.c.table_id)
             .where(TOURNAMENT_TABLES.c.tournament_id == sa.bindparam("tournament_id"))
             .order_by(TOURNAMENT_TABLES.c.round, TOURNAMENT_TABLES.c.number))


class TournamentRecords:
    """The store's tournaments (mixed into `events.Store`, which gives `engine`, `_locked` and the group's)."""

    engine: sa.Engine
    _locked: Callable[[str], AbstractContextManager[sa.Connection]]
    _row: Callable[[str, StoredEntry], dict]  # the store's entry row
    _member_for: Callable[[sa.Connection, str, str], str]  # the group's member of a name (GroupRecords)

    def create_tournament(self, tournament_id: str, group_id: str, settings: dict, director_token: str,
                          player_key: str) -> None:
        """Write the tournament; its players become members of the group (a new name, a new member)."""
        with self._locked(f"group:{group_id}") as conn:
            self._members_of(conn, group_id, set(settings["players"]))
            conn.execute(TOURNAMENTS.insert().values(
                id=tournament_id, group_id=group_id, settings=_dumps(settings), director_token_hash=token_hash(
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
                  tables: list[NewTable]) -> None:
        """Write a round's tables whole (rows, first entries, members, codes, places); RoundTaken if it exists."""
        with self._locked(f"tournament:{tournament_id}") as conn:
            taken = conn.execute(sa.select(sa.func.max(TOURNAMENT_TABLES.c.round))
                                 .where(TOURNAMENT_TABLES.c.tournament_id == tournament_id)).scalar()
            if (taken or 0) >= round_:
                raise RoundTaken(round_)
            now = datetime.now(UTC)
            members = self._members_of(conn, group_id, {name for table in tables for name in table.names})
            conn.execute(TABLES.insert(), [
                {"id": t.table_id, "game": t.game, "created_at": now, "host_token_hash": token_hash(director_token),
                 "seat_token_hashes": _dumps([token_hash(s) for s in t.seat_tokens]),
                 "head_seq": t.entries[-1].seq, "head_hash": t.entries[-1].hash} for t in tables])
            conn.execute(ENTRIES.insert(), [self._row(t.table_id, e) for t in tables for e in t.entries])
            for t in tables:
                if is_apart(t.entries[0].data):  # entry 1 names seats by ids; their names beside the log
                    write_names(conn, t.table_id, t.entries[0].data["seats"], t.names)
            conn.execute(GROUP_TABLES.insert(), [
                {"table_id": t.table_id, "group_id": group_id, "seats": json.dumps([members[n] for n in t.names])}
                for t in tables])
            conn.execute(CODES.insert(), [{"code": code, "table_id": t.table_id, "seat": seat,
                                           "token": t.seat_tokens[seat], "created_at": now}
                                          for t in tables for seat, code in enumerate(t.codes)])
            conn.execute(TOURNAMENT_TABLES.insert(), [{"table_id": t.table_id, "tournament_id": tournament_id,
                                                       "round": round_, "number": t.number} for t in tables])

    def _members_of(self, conn: sa.Connection, group_id: str, names: set[str]) -> dict[str, str]:
        """Each name's member in the group (one read for those known; a new member for a new name)."""
        keys = {name: name_key(name) for name in names}
        known = dict(conn.execute(sa.select(NAMES.c.key, NAMES.c.member_id).where(
            NAMES.c.group_id == group_id, NAMES.c.key.in_(list(set(keys.values()))))).all())
        return {name: known.get(key) or self._member_for(conn, group_id, name) for name, key in keys.items()}

    def close_tables(self, closed: list[tuple[str, int, str]]) -> None:
        """Close tables as they stand: `(table_id, seq, hash)` of the entry each one counts up to."""
        if not closed:
            return
        close = (TOURNAMENT_TABLES.update()
                 .where(TOURNAMENT_TABLES.c.table_id == sa.bindparam("id"), TOURNAMENT_TABLES.c.closed_seq.is_(None))
                 .values(closed_seq=sa.bindparam("seq"), closed_hash=sa.bindparam("last")))
        with self.engine.begin() as conn:
            conn.execute(close, [{"id": table_id, "seq": seq, "last": last} for table_id, seq, last in closed])

    def take_seat(self, table_id: str, seat: int, phone: str) -> None:
        """Note that this phone took this seat (once: a phone opening it again is the same phone)."""
        try:
            with self.engine.begin() as conn:
                if conn.execute(sa.select(SEAT_PHONES.c.seat).where(
                        SEAT_PHONES.c.table_id == table_id, SEAT_PHONES.c.seat == seat,
                        SEAT_PHONES.c.phone == phone)).first() is None:
                    conn.execute(SEAT_PHONES.insert().values(table_id=table_id, seat=seat, phone=phone,
                                                             taken_at=datetime.now(UTC)))
        except sa.exc.IntegrityError:
            pass  # the same phone, twice at once

    def note_refusal(self, table_id: str, at: datetime, reason: dict) -> None:
        """Keep a tournament table's last refused entry (one UPDATE; a table outside any tournament has no row)."""
        with self.engine.begin() as conn:
            conn.execute(TOURNAMENT_TABLES.update().where(TOURNAMENT_TABLES.c.table_id == table_id)
                         .values(refused_at=at, refused=_dumps(reason)))

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
            values["message"] = _dumps(message)
        if values:
            with self.engine.begin() as conn:
                conn.execute(TOURNAMENTS.update().where(TOURNAMENTS.c.id == tournament_id).values(**values))
