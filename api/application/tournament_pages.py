"""What a tournament's pages show beyond its JSON: the director's console, the players' seats, the table cards,
the results with their rulings, the CSV and a player's own sheet. All read the tables' logs and the records
beside them; none writes a score."""

from __future__ import annotations

import csv
import hmac
import io
import re
from datetime import datetime

from api.application import (
    confirmations,
    context,
    join_tokens,
    refusals,
    tournament_roster,
    tournament_rounds,
    tournament_standings,
    tournaments,
)
from api.application.errors import NotFound
from api.application.group_csv import spreadsheet_text
from events import TournamentRecord
from events.names import FORGOTTEN
from referee import games
from referee.stats.counted import counted_scores
from referee.violations import N_

QUIET_MINUTES = 10  # a table playing with no entry for this long needs the director's look


def player_record(tournament_id: str, key: str) -> TournamentRecord:
    """The tournament whose players' link this is (404 for a wrong key: the link is the capability)."""
    found = tournaments.record(tournament_id)
    if not hmac.compare_digest(join_tokens.players_key(found), key or ""):
        raise NotFound("Unknown tournament", N_("this players' link is not valid"))
    return found


def current_tables(view: dict) -> list[dict]:
    return [t for t in view["tables"] if t["round"] == view["round"]]


def seat_of(tournament_id: str, key: str, player: int) -> dict | None:
    """Where player number `player` sits in the current round: `{"table", "seat", "token", "number", "round",
    "names"}` (`names`: the table's players in seat order);
    None before the first round (or if she sits nowhere)."""
    found = player_record(tournament_id, key)
    if not 0 <= player < len(found.settings["players"]):
        raise NotFound("Unknown player", N_("this tournament has no such player"))
    name = found.settings["players"][player]
    view = tournament_standings.view(found)
    codes = context.current().codes
    for table in current_tables(view):
        if name in table["players"]:
            seat = table["players"].index(name)
            code = codes.join_codes(table["id"]).get(seat)
            joined = codes.join_code(code) if code else None
            if joined is None:
                return None
            return {"table": table["id"], "seat": seat, "token": join_tokens.token_of(joined), "number": table["number"],
                    "round": table["round"], "names": list(table["players"])}
    return None


def _since(at: datetime, now: datetime) -> int:
    return max(0, int((now - at).total_seconds() // 60))


def console(tournament_id: str, token: str | None) -> dict:
    """The director's console: the tournament, and the current round's tables with their last entry and how long
    since, those needing attention first: a disputed result (E-6) before all, then no entry for 10 minutes, an
    entry refused since the last one written (`refused`: when and why), an invalid exit, a seat another phone asked for (E-6: the console releases it)."""
    found = tournaments.director(tournament_id, token)
    view = tournament_standings.view(found)
    store, now = context.current().store, context.now()
    heads = {t.table_id: t.version for t in context.current().tournaments.tournament_tables(tournament_id)}
    phones = context.current().tournaments.seat_phones([t["id"] for t in current_tables(view)])
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
        asked = [{"seat": s, "name": table["players"][s]} for s, n in sorted(phones.get(table["id"], {}).items())
                 if n > 1 and s < len(table["players"])]  # E-6: another phone was refused this seat
        twice = [a["name"] for a in asked]
        if twice:
            attention.append("twice")
        seat = None if last.seat is None else table["players"][last.seat] if last.seat < len(table["players"]) else None
        rows.append({**table, "last": {"type": last.type, "seq": last.seq, "player": seat, "at": last.at}, "twice": twice,
                     "asked": asked, "since": _since(last.at, now), "attention": attention, "waiting": waiting,
                     "refused": None if refusal is None else {"at": refusal[0], "since": _since(refusal[0], now),
                                                              "reason": refusal[1]}})
    rows.sort(key=lambda r: ("disputed" not in r["attention"], not r["attention"], r["status"] != "playing",
                             r["number"]))
    return {"tournament": view, "settings": found.settings, "tables": rows, "player_key": join_tokens.players_key(found),
            "unsettled": unsettled(view, heads), **roster(found, view)}


def roster(found: TournamentRecord, view: dict) -> dict:
    """Who the console may add and who may leave: the players in the evening for its next round (`playing`), the
    group's members not in it (`others`, a late arrival in one tap), this round's byes (`byes`), and the players
    of this round's tables that have not started, who may still swap seats (`swappable`, by table)."""
    settings, current = found.settings, view["round"]
    present = {settings["players"][i] for i in tournament_roster.present(settings, current + 1)}
    playing = sorted(present, key=str.casefold)
    keys = {name.casefold() for name in present}
    members = context.current().groups.members(found.group_id).values()
    forgotten = re.compile(re.escape(FORGOTTEN).replace(re.escape("%(number)s"), r"\d+") + "$")
    others = sorted((m for m in members if m.casefold() not in keys and not forgotten.match(m)), key=str.casefold)
    swappable = [t for t in current_tables(view) if t["status"] == "playing"]
    heads = {t.table_id: t.version for t in context.current().tournaments.tournament_tables(found.id)}
    swappable = [{"number": t["number"], "players": t["players"]} for t in swappable if heads.get(t["id"]) == 1]
    return {"playing": playing, "others": others, "byes": view["byes"][-1] if view["byes"] else [],
            "swappable": swappable, "more_rounds": current < settings["rounds"]}


def unsettled(view: dict, heads: dict[str, int]) -> list[dict]:
    """Every result of the evening not yet final (E-6), whatever its round: a result left waiting or disputed at a
    table of an earlier round is still the director's to settle. Disputed first, then by round and table; each
    with its table (round, number, players, id, version: the console's one-tap confirmation is written on it)."""
    out = []
    for table in view["tables"]:
        if not table["waiting"]:  # the view counts them: only those tables are replayed for their results
            continue
        for item in confirmations.pending(table["id"]):
            out.append({**item, "round": table["round"], "number": table["number"], "players": table["players"],
                        "version": heads[table["id"]], "table_status": table["status"]})
    out.sort(key=lambda r: (r["status"] != "disputed", r["round"], r["number"], r["seq"]))
    return out


def cards(tournament_id: str, token: str | None, number: int | None = None) -> dict:
    """The current round's table cards: each table's number, players in seat order and seats' codes; `number`:
    that table's alone."""
    found = tournaments.director(tournament_id, token)
    view = tournament_standings.view(found)
    out = []
    for table in current_tables(view):
        if number is not None and table["number"] != number:
            continue
        codes = context.current().codes.join_codes(table["id"])
        out.append({**table, "seats": [{"seat": s, "name": name, "code": codes.get(s)}
                                       for s, name in enumerate(table["players"])]})
    return {"tournament": view, "tables": out}


def results(tournament_id: str) -> dict:
    """The results: standings, every table with its players' scores (`scores`, the table's own) and what the
    standings count of them (`counted`: the same, or at a points game each game's result, G-11), and the rulings
    (E-5)."""
    found = tournaments.record(tournament_id)
    view = tournament_standings.view(found)
    tables = context.current().tournaments.tournament_tables(tournament_id)
    folded = tournament_standings.summaries(tables)
    scoring = games.get(found.settings["game"]).scoring
    shown, rulings = [], []
    for table, row in zip(tables, view["tables"], strict=True):
        summary = folded[table.table_id]
        shown.append({**row, "scores": list(summary.scores), "counted": counted_scores(summary.scores, scoring)})
        for ruling in summary.adjustments:  # E-7: the rulings its replay counts, a closed table's too
            points = {row["players"][seat]: p for seat, p in ruling.points.items() if seat < len(row["players"])}
            rulings.append({"round": row["round"], "number": row["number"], "table": row["id"],
                            "seq": ruling.seq, "reason": ruling.reason, "scores": points})
    return {"tournament": view, "tables": shown, "rulings": rulings}


RESULTS_HEADER = ("round", "table", "seat", "player", "score", "status", "table_id", "place", "total")


def results_csv(tournament_id: str, bom: bool = False, delimiter: str = ",", header: tuple[str, ...] = RESULTS_HEADER,
                statuses: dict[str, str] | None = None) -> str:
    """One row per player per table: round, table, seat, player, score (as the standings count it), status, table
    id, her place in the standings after the tie-break (`referee.stats.tournament`, as the screen and the results
    page show it), and the table's own total. The two differ at a points game alone (Gin, G-11): its score is the
    game's result, her total less the other's, signed (the loser's below 0), its total the points she made,
    bonuses included; so a player's scores add up to her standing (byes aside) whatever the game. Names through the
    group CSV's formula guard (the file is readable by anyone with the tournament's id). The pages' "CSV for Excel"
    gives the reader's separator, header and status words (`api/web/csv_download.py`)."""
    made = results(tournament_id)
    place = {s["player"]: s["place"] for s in made["tournament"]["standings"]}
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(header)
    for table in made["tables"]:
        status = (statuses or {}).get(table["status"], table["status"])
        for seat, (name, score, total) in enumerate(zip(table["players"], table["counted"], table["scores"],
                                                        strict=False)):
            writer.writerow([table["round"], table["number"], seat + 1, spreadsheet_text(name), score, status,
                             table["id"], place.get(name, ""), total])
    return ("\ufeff" if bom else "") + out.getvalue()


def sheet(tournament_id: str, key: str, player: int) -> dict:
    """A player's own sheet: her tables (round, number, seat, score as counted, her own total, status) and the deals
    she won there."""
    found = player_record(tournament_id, key)
    if not 0 <= player < len(found.settings["players"]):
        raise NotFound("Unknown player", N_("this tournament has no such player"))
    name = found.settings["players"][player]
    view = tournament_standings.view(found)
    tables = context.current().tournaments.tournament_tables(tournament_id)
    folded = tournament_standings.summaries(tables)
    scoring = games.get(found.settings["game"]).scoring
    mine = []
    for table, row in zip(tables, view["tables"], strict=True):
        if name not in row["players"]:
            continue
        seat, summary = row["players"].index(name), folded[table.table_id]
        won = [d.number for d in summary.deals if d.winner == seat]
        scores = counted_scores(summary.scores, scoring)
        mine.append({**row, "seat": seat, "score": scores[seat] if seat < len(scores) else 0,
                     "total": summary.scores[seat] if seat < len(summary.scores) else 0,
                     "won": won, "deals": len(summary.deals)})
    standing = next(s for s in view["standings"] if s["player"] == name)
    return {"tournament": view, "name": name, "standing": standing, "tables": mine}


def close_round(tournament_id: str, token: str | None) -> int:
    """Close the current round's tables still playing, as they stand (the last round's, at the evening's end)."""
    found = tournaments.director(tournament_id, token)
    records = context.current().tournaments
    tables = records.tournament_tables(tournament_id)
    view = tournament_standings.view(found, tables)
    playing = [t for t, s in zip(tables, view["tables"], strict=True)
               if s["round"] == view["round"] and s["status"] == "playing"]
    closed = tournament_rounds.close_tables(found, view["round"] + 1, token or "", [t.table_id for t in playing])
    return len(closed or [])
