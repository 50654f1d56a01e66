"""Migration 0007's data step: move the names out of each log's entry 1, and re-seal the chain.

Entry 1 of a log written before it holds `players`, the names. The step gives each seat an id that says nothing
(`seats`), writes the names beside the log (`seat_names`), and computes every hash of that log again from
entry 1 on, as an import does (E-4: a hash covers its entry and the one before): the chain verifies, under a new
head. What the log means does not change: the referee reads entry 1 with the names filled in again (the
replays before and after are the same, a test shows it), no other entry's content changes, and the head the
chain had before is kept (`reseals`), so an export made before still imports (the import moves its names out
the same way) and can be matched to this table. Stored verdicts said the players' names in English: they now
say seats ("seat 2"); the API names the players when it answers (api/application/appends.py).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa

from events.chain import entry_hash
from events.names import is_apart, split_create

REFUSAL = "entries are append-only (E-1): correct with a later void or replace entry"


def _utc(at) -> datetime:
    if isinstance(at, str):
        at = datetime.fromisoformat(at)
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def unnamed(value, names: list[str]):
    """A stored verdict with each player's name said as her seat ("seat 2"), longest names first."""
    if isinstance(value, str):
        for seat, name in sorted(enumerate(names), key=lambda item: -len(item[1])):
            if name:
                value = value.replace(name, f"seat {seat}")
        return value
    if isinstance(value, list):
        return [unnamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: unnamed(item, names) for key, item in value.items()}
    return value


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Updates:
    """The entries' UPDATE trigger (E-1) set aside while the step rewrites hashes, put back after."""

    def __init__(self, conn):
        self.conn, self.sqlite = conn, conn.dialect.name == "sqlite"

    def __enter__(self):
        if self.sqlite:
            self.conn.exec_driver_sql("DROP TRIGGER IF EXISTS entries_no_update")
        else:
            self.conn.exec_driver_sql("ALTER TABLE entries DISABLE TRIGGER entries_no_update")

    def __exit__(self, *exc):
        if self.sqlite:
            self.conn.exec_driver_sql("CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries "
                                      f"BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END")
        else:
            self.conn.exec_driver_sql("ALTER TABLE entries ENABLE TRIGGER entries_no_update")


def move_names_apart(conn) -> int:
    """Move every log's names out of its entry 1 and re-seal it; give how many logs were moved."""
    firsts = conn.execute(sa.text("SELECT table_id, payload FROM entries WHERE seq = 1")).all()
    moved = 0
    with Updates(conn):
        for table_id, payload in firsts:
            data = json.loads(payload)
            if is_apart(data) or not isinstance(data.get("players"), list):
                continue
            new_first, names = split_create(data)
            _reseal(conn, table_id, new_first, names)
            moved += 1
    return moved


def _reseal(conn, table_id: str, first: dict, names: list[str]) -> None:
    rows = conn.execute(sa.text("SELECT id, seq, type, seat, at, payload, verdict, hash FROM entries "
                                "WHERE table_id = :t ORDER BY seq"), {"t": table_id}).all()
    prev = None
    for row in rows:
        data = first if row.seq == 1 else json.loads(row.payload)
        new_hash = entry_hash(row.seq, row.type, row.seat, _utc(row.at), data, prev)
        verdict = None if row.verdict is None else _dumps(unnamed(json.loads(row.verdict), names))
        conn.execute(sa.text("UPDATE entries SET payload = :p, hash = :h, prev_hash = :ph, verdict = :v WHERE id = :id"),
                     {"p": _dumps(data) if row.seq == 1 else row.payload, "h": new_hash, "ph": prev, "v": verdict,
                      "id": row.id})
        prev = new_hash
    last = rows[-1]
    conn.execute(sa.text("UPDATE tables SET head_hash = :h WHERE id = :t"), {"h": prev, "t": table_id})
    conn.execute(sa.text("INSERT INTO reseals (table_id, old_seq, old_hash, at) VALUES (:t, :s, :h, :at)"),
                 {"t": table_id, "s": last.seq, "h": last.hash, "at": datetime.now(UTC)})
    for seat, (person, name) in enumerate(zip(first["seats"], names, strict=True)):
        conn.execute(sa.text("INSERT INTO seat_names (table_id, seat, person, name) VALUES (:t, :s, :p, :n)"),
                     {"t": table_id, "s": seat, "p": person, "n": name})
    conn.execute(sa.text("DELETE FROM snapshots WHERE table_id = :t"), {"t": table_id})
    conn.execute(sa.text("DELETE FROM table_summaries WHERE table_id = :t"), {"t": table_id})


def join_names(conn) -> None:
    """The step undone (a downgrade): names back in entry 1 (a forgotten one as her label), chains re-sealed."""
    from events.names import SeatName, named_create

    firsts = conn.execute(sa.text("SELECT table_id, payload FROM entries WHERE seq = 1")).all()
    with Updates(conn):
        for table_id, payload in firsts:
            data = json.loads(payload)
            if not is_apart(data):
                continue
            seats = [SeatName(*row) for row in conn.execute(sa.text(
                "SELECT seat, person, name, forgotten FROM seat_names WHERE table_id = :t ORDER BY seat"),
                {"t": table_id})]
            first = named_create(data, seats)
            rows = conn.execute(sa.text("SELECT id, seq, type, seat, at, payload FROM entries WHERE table_id = :t "
                                        "ORDER BY seq"), {"t": table_id}).all()
            prev = None
            for row in rows:
                entry = first if row.seq == 1 else json.loads(row.payload)
                new_hash = entry_hash(row.seq, row.type, row.seat, _utc(row.at), entry, prev)
                conn.execute(sa.text("UPDATE entries SET payload = :p, hash = :h, prev_hash = :ph WHERE id = :id"),
                             {"p": _dumps(entry) if row.seq == 1 else row.payload, "h": new_hash, "ph": prev,
                              "id": row.id})
                prev = new_hash
            conn.execute(sa.text("UPDATE tables SET head_hash = :h WHERE id = :t"), {"h": prev, "t": table_id})
