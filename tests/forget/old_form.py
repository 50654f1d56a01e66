"""Logs as they were before names left the chain (migration 0008): built from today's exports, for the tests."""

from __future__ import annotations

import json
from datetime import datetime

import sqlalchemy as sa

from events.chain import entry_hash
from events.free_texts import joined

KEYS = ("seq", "type", "at", "seat", "hash", "seal", "names", "texts")


def old_export(text: str, seal=None) -> str:
    """Today's export as the same log's export before migration 0008: names in entry 1 (`players`), a ruling's
    reason inside its entry (before 0015), every hash computed again; sealed with `seal(seq, hash)` when given (an
    export of this server made then)."""
    lines = [json.loads(line) for line in text.splitlines()]
    names = [item.get("name") for item in lines[0]["names"]]
    prev, out = None, []
    for line in lines:
        data = {k: v for k, v in line.items() if k not in KEYS}
        data = joined(line["type"], data, {d: t["text"] for d, t in line.get("texts", {}).items()})
        if line["seq"] == 1:
            data = {("players" if k == "seats" else k): (names if k == "seats" else v) for k, v in data.items()}
        prev = entry_hash(line["seq"], line["type"], line["seat"], datetime.fromisoformat(line["at"]), data, prev)
        out.append({"seq": line["seq"], "type": line["type"], "at": line["at"], "seat": line["seat"], "hash": prev,
                    **data})
    if seal is not None:
        out[-1]["seal"] = seal(out[-1]["seq"], out[-1]["hash"])
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in out)


def write_old_table(url: str, table_id: str, game: str, text: str, verdicts: dict | None = None) -> None:
    """Write an old-form export's log into a database at migration 0007, as the code of then wrote it (raw SQL:
    today's models have columns that database has not)."""
    engine = sa.create_engine(url)
    lines = [json.loads(line) for line in text.splitlines()]
    players = len(lines[0]["players"])
    sqlite = engine.dialect.name == "sqlite"

    def when(text: str):  # as SQLAlchemy writes a time: SQLite UTC text without its offset, PostgreSQL a timestamp
        at = datetime.fromisoformat(text)
        return at.strftime("%Y-%m-%d %H:%M:%S.%f") if sqlite else at

    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO tables (id, game, created_at, host_token_hash, seat_token_hashes, head_seq,"
                             " head_hash) VALUES (:id, :game, :at, :h, :s, :seq, :hash)"),
                     {"id": table_id, "game": game, "at": when(lines[0]["at"]), "h": "0" * 64,
                      "s": json.dumps(["0" * 64] * players), "seq": lines[-1]["seq"], "hash": lines[-1]["hash"]})
        prev = None
        for line in lines:  # noqa: B007 (prev follows the chain)
            data = {k: v for k, v in line.items() if k not in KEYS}
            verdict = (verdicts or {}).get(line["seq"])
            conn.execute(sa.text("INSERT INTO entries (table_id, seq, type, seat, at, payload, verdict, hash, prev_hash)"
                                 " VALUES (:t, :seq, :type, :seat, :at, :p, :v, :hash, :prev)"),
                         {"t": table_id, "seq": line["seq"], "type": line["type"], "seat": line["seat"],
                          "at": when(line["at"]), "p": json.dumps(data, ensure_ascii=False),
                          "v": None if verdict is None else json.dumps(verdict, ensure_ascii=False),
                          "hash": line["hash"], "prev": prev})
            prev = line["hash"]
    engine.dispose()
