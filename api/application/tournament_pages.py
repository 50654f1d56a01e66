"""What a tournament's pages show beyond its JSON: the director's console, the players' seats, the table cards,
the results with their rulings, the CSV and a player's own sheet. All read the tables' logs and the records
beside them; none writes a score."""

from __future__ import annotations

import csv
import hmac
import io
from datetime import datetime

from api.application import confirmations, context, refusals, tournament_standings, tournaments
from api.application.errors import ApiError
from events import TournamentRecord

QUIET_MINUTES = 10  # a table playing with no entry for this long needs the director's look


def player_record(tournament_id: str, key: str) -> TournamentRecord:
    """The tournament whose players' link this is (404 for a wrong key: the link is the capability)."""
    found = tournaments.record(tournament_id)
    if not hmac.compare_digest(found.player_key, key or ""):
        raise ApiError(404, "Unknown tournament", "this players' link is not valid")
    return found


def current_tables(view: dict) -> list[dict]:
    return [t for t in view["tables"] if t["round"] == view["round"]]


def seat_of(tournament_id: str, key: str, player: int) -> dict | None:
    """Where player number `player` sits in the current round: `{"table", "seat", "token", "number", "round"}`;
    None before the first round (or if she sits nowhere)."""
    found = player_record(tournament_id, key)
    if not 0 <= player < len(found.settings["players"]):
        raise ApiError(404, "Unknown player", "this tournament has no such player")
    name = found.settings["players"][player]
    view = tournament_standings.view(found)
    store = context.current().store
    for table in current_tables(view):
        if name in table["players"]:
            seat = table["players"].index(name)
            code = store.join_codes(table["id"]).get(seat)
            joined = store.join_code(code) if code else None
            if joined is None:
                return None
            return {"table": table["id"], "seat": seat, "token": joined.token, "number": table["number"],
                    "round": table["round"]}
    return None


def _since(at: datetime, now: datetime) -> int:
    return max(0, int((now - at).total_seconds() // 60))


def console(tournament_id: str, token: str | None) -> dict:
    """The director's console: the tournament, and the current round's tables with their last entry and how long
    since, those needing attention first: a disputed result (E-6) before all, then no entry for 10 minutes, an
    entry refused since the last one written (`refused`: when and why), an invalid exit, a seat on two phones."""
    found = tournaments.director(tournament_id, token)
    view = tournament_standings.view(found)
    store, now = context.current().store, context.now()
    heads = {t.table_id: t.version for t in store.tournament_tables(tournament_id)}
    phones = store.seat_phones([t["id"] for t in current_tables(view)])
    refused = refusals.last([t["id"] for t in current_tables(view)])
    rows = []
    for table in current_tables(view):
        last = store.entries(table["id"], after=heads[table["id"]] - 1)[-1]
        attention = []
        waiting = confirmations.pending(table["id"])  # E-6: a disputed result comes first
        if any(w["status"] == "disputed" for w in waiting):
            attention.append("disputed")
        if table["status"] == "playing" and _since(last.at, now) >= QUIET_MINUTES:
            attention.append("quiet")
        refusal = refused.get(table["id"])
        if refusal is not None and refusal[0] > last.at:  # refused since the last entry written: still stuck
            attention.append("refused")
        if last.verdict is not None and last.verdict.get("valid") is False:
            attention.append("invalid")
        twice = [table["players"][s] for s, n in sorted(phones.get(table["id"], {}).items())
                 if n > 1 and s < len(table["players"])]
        if twice:
            attention.append("twice")
        seat = None if last.seat is None else table["players"][last.seat] if last.seat < len(table["players"]) else None
        rows.append({**table, "last": {"type": last.type, "seq": last.seq, "player": seat, "at": last.at}, "twice": twice,
                     "since": _since(last.at, now), "attention": attention, "waiting": waiting,
                     "refused": None if refusal is None else {"at": refusal[0], "since": _since(refusal[0], now),
                                                              "reason": refusal[1]}})
    rows.sort(key=lambda r: ("disputed" not in r["attention"], not r["attention"], r["status"] != "playing",
                             r["number"]))
    return {"tournament": view, "settings": found.settings, "tables": rows, "player_key": found.player_key}


def cards(tournament_id: str, token: str | None) -> dict:
    """The current round's table cards: each table's number, players in seat order and seats' codes."""
    found = tournaments.director(tournament_id, token)
    view = tournament_standings.view(found)
    store = context.current().store
    out = []
    for table in current_tables(view):
        codes = store.join_codes(table["id"])
        out.append({**table, "seats": [{"seat": s, "name": name, "code": codes.get(s)}
                                       for s, name in enumerate(table["players"])]})
    return {"tournament": view, "tables": out}


def results(tournament_id: str) -> dict:
    """The results: standings, every table with its players' scores as counted, and the rulings (E-5)."""
    found = tournaments.record(tournament_id)
    view = tournament_standings.view(found)
    store = context.current().store
    tables = store.tournament_tables(tournament_id)
    folded = tournament_standings.summaries(tables)
    shown, rulings = [], []
    for table, row in zip(tables, view["tables"], strict=True):
        summary = folded[table.table_id]
        shown.append({**row, "scores": list(summary.scores)})
        upto = table.closed_seq or table.version
        for entry in store.entries(table.table_id):
            if entry.type == "adjust" and entry.seq <= upto:
                points = {row["players"][int(s)]: p for s, p in (entry.data.get("scores") or {}).items()
                          if str(s).isdigit() and int(s) < len(row["players"])}
                rulings.append({"round": row["round"], "number": row["number"], "table": row["id"],
                                "seq": entry.seq, "reason": entry.data.get("reason", ""), "scores": points})
    return {"tournament": view, "tables": shown, "rulings": rulings}


def results_csv(tournament_id: str) -> str:
    """One row per player per table: round, table, seat, player, score, status, table id."""
    made = results(tournament_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["round", "table", "seat", "player", "score", "status", "table_id"])
    for table in made["tables"]:
        for seat, (name, score) in enumerate(zip(table["players"], table["scores"], strict=False)):
            writer.writerow([table["round"], table["number"], seat + 1, name, score, table["status"], table["id"]])
    return out.getvalue()


def sheet(tournament_id: str, key: str, player: int) -> dict:
    """A player's own sheet: her tables (round, number, seat, score, status) and the deals she won there."""
    found = player_record(tournament_id, key)
    if not 0 <= player < len(found.settings["players"]):
        raise ApiError(404, "Unknown player", "this tournament has no such player")
    name = found.settings["players"][player]
    view = tournament_standings.view(found)
    tables = context.current().store.tournament_tables(tournament_id)
    folded = tournament_standings.summaries(tables)
    mine = []
    for table, row in zip(tables, view["tables"], strict=True):
        if name not in row["players"]:
            continue
        seat, summary = row["players"].index(name), folded[table.table_id]
        won = [d.number for d in summary.deals if d.winner == seat]
        mine.append({**row, "seat": seat, "score": summary.scores[seat] if seat < len(summary.scores) else 0,
                     "won": won, "deals": len(summary.deals)})
    standing = next(s for s in view["standings"] if s["player"] == name)
    return {"tournament": view, "name": name, "standing": standing, "tables": mine}


def close_round(tournament_id: str, token: str | None) -> int:
    """Close the current round's tables still playing, as they stand (the last round's, at the evening's end)."""
    found = tournaments.director(tournament_id, token)
    store = context.current().store
    tables = store.tournament_tables(tournament_id)
    view = tournament_standings.view(found, tables)
    playing = [t for t, s in zip(tables, view["tables"], strict=True)
               if s["round"] == view["round"] and s["status"] == "playing"]
    store.close_tables([(t.table_id, t.version, t.hash) for t in playing])
    return len(playing)
