"""Who holds a seat: one phone, one seat (E-6). Beside the log (`seat_phones`, `phone_claims`, migration 0016).

A seat is held by the first phone that takes it (its session's random id); a second phone is refused, and its ask
is kept (`held` false) so that the director sees it and releases the seat in one tap: the rows go, and the next
phone to tap takes it. A phone that holds a seat of a table is refused another seat of that table. At a tournament
a player's name tapped on the players' page is a claim for the evening (`phone_claims`): before her round is
seated it is what keeps her seat for that phone, and each seat she takes moves it on. Every step runs under one
lock (the tournament's, or the table's), so two phones tapping at once cannot both hold a seat.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import NamedTuple

import sqlalchemy as sa

from events.repositories.repository import Repository
from events.tournament_models import PHONE_CLAIMS, SEAT_PHONES

HELD, TAKEN, ELSEWHERE = "held", "taken", "elsewhere"


class Taken(NamedTuple):
    """What a phone's tap got: `held` (the seat is this phone's), `taken` (another phone holds it) or `elsewhere`
    (this phone holds `seat`, another seat of the table)."""

    outcome: str
    seat: int | None = None


class Claim(NamedTuple):
    """A tournament's player, as the players' page numbers her."""

    tournament_id: str
    player: int


class PhoneRepository(Repository):
    """The phones holding seats, the phones refused one, and the players' claims of a tournament."""

    def take(self, table_id: str, seat: int, phone: str, claim: Claim | None = None,
             at: datetime | None = None) -> Taken:
        """This phone asks for this seat; `claim`: the tournament's player sitting there (her claim holds it first)."""
        at = at or datetime.now(UTC)
        with self.locked(f"phones:{claim.tournament_id if claim else table_id}") as conn:
            rows = conn.execute(sa.select(SEAT_PHONES.c.seat, SEAT_PHONES.c.phone, SEAT_PHONES.c.held,
                                          SEAT_PHONES.c.taken_at)
                                .where(SEAT_PHONES.c.table_id == table_id)).all()
            holders = _holders(rows)
            mine = sorted(s for s, p in holders.items() if p == phone and s != seat)
            if mine:
                return Taken(ELSEWHERE, mine[0])
            holder = holders.get(seat)
            if holder is None and claim is not None:
                kept = conn.execute(sa.select(PHONE_CLAIMS.c.phone, PHONE_CLAIMS.c.taken_at).where(
                    PHONE_CLAIMS.c.tournament_id == claim.tournament_id,
                    PHONE_CLAIMS.c.player == claim.player)).first()
                if kept is not None and kept.phone != phone and kept.phone not in holders.values():
                    holder = kept.phone  # her name was tapped on that phone: the seat is kept for it
                    self._hold(conn, table_id, seat, kept.phone, at)
            if holder is None:
                self._hold(conn, table_id, seat, phone, at)
                holder = phone
            if holder != phone:
                if not any(r.seat == seat and r.phone == phone for r in rows):
                    self._insert(conn, table_id, seat, phone, False, at)
                return Taken(TAKEN, seat)
            if claim is not None:
                self._claim(conn, claim, phone, at)
            return Taken(HELD, seat)

    def claim(self, claim: Claim, phone: str, at: datetime | None = None) -> Taken:
        """Before her round is seated: this phone taps her name. `held`, and any other name this phone tapped is
        let go (a slip is mended by tapping one's own name); `taken` when another phone tapped it first."""
        at = at or datetime.now(UTC)
        with self.locked(f"phones:{claim.tournament_id}") as conn:
            kept = conn.execute(sa.select(PHONE_CLAIMS.c.phone).where(
                PHONE_CLAIMS.c.tournament_id == claim.tournament_id, PHONE_CLAIMS.c.player == claim.player)).first()
            if kept is not None and kept.phone != phone:
                return Taken(TAKEN)
            conn.execute(PHONE_CLAIMS.delete().where(PHONE_CLAIMS.c.tournament_id == claim.tournament_id,
                                                     PHONE_CLAIMS.c.phone == phone,
                                                     PHONE_CLAIMS.c.player != claim.player))
            self._claim(conn, claim, phone, at)
            return Taken(HELD)

    def release(self, table_id: str, seat: int, claim: Claim | None = None) -> bool:
        """Let the seat go, and her claim for the evening: the phones refused it may tap again, and the phone that
        held it is a spectator there until it taps her name again (it is kept as released). Whether one held it."""
        with self.locked(f"phones:{claim.tournament_id if claim else table_id}") as conn:
            rows = conn.execute(sa.select(SEAT_PHONES.c.seat, SEAT_PHONES.c.phone, SEAT_PHONES.c.held,
                                          SEAT_PHONES.c.taken_at)
                                .where(SEAT_PHONES.c.table_id == table_id, SEAT_PHONES.c.seat == seat)).all()
            holder = _holders(rows).get(seat)
            conn.execute(SEAT_PHONES.delete().where(SEAT_PHONES.c.table_id == table_id, SEAT_PHONES.c.seat == seat))
            if holder is not None:
                self._insert(conn, table_id, seat, holder, False, datetime.now(UTC))
            if claim is not None:
                conn.execute(PHONE_CLAIMS.delete().where(PHONE_CLAIMS.c.tournament_id == claim.tournament_id,
                                                         PHONE_CLAIMS.c.player == claim.player))
        return holder is not None

    def lost(self, table_id: str, seat: int, phone: str | None) -> bool:
        """Whether this phone may no longer act as this seat: another phone holds it, or it was released from this
        phone and nobody holds it since (one query)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(SEAT_PHONES.c.seat, SEAT_PHONES.c.phone, SEAT_PHONES.c.held,
                                          SEAT_PHONES.c.taken_at)
                                .where(SEAT_PHONES.c.table_id == table_id, SEAT_PHONES.c.seat == seat)).all()
        holder = _holders(rows).get(seat)
        if holder is not None:
            return holder != phone
        return any(r.phone == phone and not r.held for r in rows)

    def holders(self, table_id: str) -> dict[int, str]:
        """The phone holding each seat of the table that one holds: `{seat: phone}` (one query)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(SEAT_PHONES.c.seat, SEAT_PHONES.c.phone, SEAT_PHONES.c.held,
                                          SEAT_PHONES.c.taken_at)
                                .where(SEAT_PHONES.c.table_id == table_id)).all()
        return _holders(rows)

    def claimed(self, tournament_id: str, player: int) -> str | None:
        """The phone that is this player for the evening, if one tapped her name."""
        with self.engine.connect() as conn:
            return conn.execute(sa.select(PHONE_CLAIMS.c.phone).where(
                PHONE_CLAIMS.c.tournament_id == tournament_id, PHONE_CLAIMS.c.player == player)).scalar()

    @staticmethod
    def _hold(conn: sa.Connection, table_id: str, seat: int, phone: str, at: datetime) -> None:
        """A free seat's new holder: the marks of a release go with it."""
        conn.execute(SEAT_PHONES.delete().where(SEAT_PHONES.c.table_id == table_id, SEAT_PHONES.c.seat == seat))
        conn.execute(SEAT_PHONES.insert().values(table_id=table_id, seat=seat, phone=phone, held=True, taken_at=at))

    @staticmethod
    def _insert(conn: sa.Connection, table_id: str, seat: int, phone: str, held: bool, at: datetime) -> None:
        conn.execute(SEAT_PHONES.delete().where(SEAT_PHONES.c.table_id == table_id, SEAT_PHONES.c.seat == seat,
                                                SEAT_PHONES.c.phone == phone))
        conn.execute(SEAT_PHONES.insert().values(table_id=table_id, seat=seat, phone=phone, held=held, taken_at=at))

    @staticmethod
    def _claim(conn: sa.Connection, claim: Claim, phone: str, at: datetime) -> None:
        where = (PHONE_CLAIMS.c.tournament_id == claim.tournament_id, PHONE_CLAIMS.c.player == claim.player)
        if conn.execute(PHONE_CLAIMS.update().where(*where).values(phone=phone)).rowcount == 0:
            conn.execute(PHONE_CLAIMS.insert().values(tournament_id=claim.tournament_id, player=claim.player,
                                                      phone=phone, taken_at=at))


def _holders(rows) -> dict[int, str]:
    """Each seat's holder among the rows: its held row (the earliest, for rows of before 0016 that all held)."""
    out: dict[int, tuple] = {}
    for row in rows:
        if row.held and (row.seat not in out or (row.taken_at, row.phone) < out[row.seat]):
            out[row.seat] = (row.taken_at, row.phone)
    return {seat: phone for seat, (_at, phone) in out.items()}
