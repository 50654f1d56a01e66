"""A group's tables added up: standings, a member's figures with the entries they count, and her form.

Pure: the caller hands over each table's summary (`referee.stats.table.summarise`) with the member at
each seat; a member is the same player across tables whatever her seat or the name a table typed.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from referee import games
from referee.stats.counted import counted_scores
from referee.stats.table import Summary


class Played(NamedTuple):
    """A table of the group: its id, when it was created, the member at each seat, and its summary."""

    table_id: str
    created_at: datetime
    seats: tuple[str, ...]
    summary: Summary


def since(played: list[Played], start: datetime | None) -> list[Played]:
    return list(played) if start is None else [p for p in played if p.created_at >= start]


def finished(played: list[Played], game: str) -> list[Played]:
    """The game's finished tables, oldest first: standings count a session or a game once it is over."""
    done = [p for p in played if p.summary.game == game and p.summary.status == "finished"]
    return sorted(done, key=lambda p: (p.created_at, p.table_id))


def tables(played: list[Played], names: dict[str, str]) -> list[dict]:
    """Every table, newest first: game, date, status and winners by name."""
    out = []
    for p in sorted(played, key=lambda p: (p.created_at, p.table_id), reverse=True):
        s = p.summary
        out.append({"id": p.table_id, "game": s.game, "created_at": p.created_at, "status": s.status,
                    "winners": None if s.winners is None else [names.get(p.seats[w], s.players[w]) for w in s.winners],
                    "players": [names.get(m, s.players[i]) for i, m in enumerate(p.seats)]})
    return out


def standings(played: list[Played], names: dict[str, str]) -> dict[str, list[dict]]:
    """Each game's standings, by its scoring (`balance_standings`, `penalty_standings`, `points_standings`).
    Finished tables only;
    best first."""
    return {game.name: STANDINGS[game.scoring](finished(played, game.name), names) for game in games.ALL}


def balance_standings(done: list[Played], names: dict[str, str]) -> list[dict]:
    """Sessions, sessions won, sum of balances (the best balance first)."""
    rows: dict[str, dict] = {}
    for p in done:
        for seat, member in enumerate(p.seats):
            row = rows.setdefault(member, {"player": names.get(member, member), "member": member,
                                           "sessions": 0, "won": 0, "balance": 0})
            row["sessions"] += 1
            row["won"] += p.summary.won_by(seat)
            row["balance"] += p.summary.scores[seat]
    return sorted(rows.values(), key=lambda r: (-r["balance"], -r["won"], r["player"].casefold()))


def penalty_standings(done: list[Played], names: dict[str, str]) -> list[dict]:
    """Games, games won, average final total, rounds won (the most games won first, then the lowest average)."""
    rows: dict[str, dict] = {}
    for p in done:
        for seat, member in enumerate(p.seats):
            row = rows.setdefault(member, {"player": names.get(member, member), "member": member, "games": 0,
                                           "won": 0, "average_total": 0, "rounds_won": 0, "_total": 0})
            row["games"] += 1
            row["won"] += p.summary.won_by(seat)
            row["_total"] += p.summary.scores[seat]
            row["rounds_won"] += sum(1 for d in p.summary.deals if d.winner == seat)
    for row in rows.values():
        row["average_total"] = round(row.pop("_total") / row["games"], 1)
    return sorted(rows.values(), key=lambda r: (-r["won"], r["average_total"], r["player"].casefold()))


def margin(summary: Summary, seat: int) -> int:
    """A finished game's result for a seat (G-11): its total less the best other's (the winner's is positive)."""
    return counted_scores(summary.scores, "points")[seat]


def points_standings(done: list[Played], names: dict[str, str]) -> list[dict]:
    """Games, games won, their results summed (the winner's total less the loser's, G-11: the loser's is that
    taken away), hands won (the most games won first, then the best result)."""
    rows: dict[str, dict] = {}
    for p in done:
        for seat, member in enumerate(p.seats):
            row = rows.setdefault(member, {"player": names.get(member, member), "member": member, "games": 0,
                                           "won": 0, "result": 0, "hands_won": 0})
            row["games"] += 1
            row["won"] += p.summary.won_by(seat)
            row["result"] += margin(p.summary, seat)
            row["hands_won"] += sum(1 for d in p.summary.deals if d.winner == seat)
    return sorted(rows.values(), key=lambda r: (-r["won"], -r["result"], r["player"].casefold()))


STANDINGS = {"balance": balance_standings, "penalty": penalty_standings, "points": points_standings}  # by scoring
COLUMNS = {"balance": ("player", "member", "sessions", "won", "balance"),  # a standings row's fields, by scoring
           "penalty": ("player", "member", "games", "won", "average_total", "rounds_won"),
           "points": ("player", "member", "games", "won", "result", "hands_won")}


def rulings(played: list[Played], names: dict[str, str]) -> list[dict]:
    """The E-5 rulings the standings count (finished tables), oldest first: the table, its game, the entry, the
    points by player's name, and the reason."""
    out = []
    for p in sorted((p for p in played if p.summary.status == "finished"), key=lambda p: (p.created_at, p.table_id)):
        s = p.summary
        for a in s.adjustments:
            out.append({"table": p.table_id, "game": s.game, "seq": a.seq, "reason": a.reason,
                        "scores": [{"player": names.get(p.seats[seat], s.players[seat]), "member": p.seats[seat],
                                    "points": points} for seat, points in sorted(a.points.items())]})
    return out


def figures(played: list[Played], member: str, game: str) -> dict:
    """A member's figures at one game: each a count, an average where it has values, and its entries.

    A figure of the game's `BY_RULE` (Continental's `invalid_exits`) also gives `rules`: each rule broken,
    most often first, with its own entries.
    """
    stats = games.get(game).stats
    counted: dict[str, list[tuple[str, int, object]]] = {name: [] for name in stats.FIGURES}
    sessions = 0
    for p in sorted(played, key=lambda p: (p.created_at, p.table_id)):  # entries oldest first
        if p.summary.game != game or member not in p.seats:
            continue
        sessions += 1
        for seat, who in enumerate(p.seats):
            if who != member:
                continue
            for name, items in p.summary.figures[seat].items():
                counted[name].extend((p.table_id, seq, value) for seq, value in items)
    out: dict = {"tables": sessions}
    for name, found in counted.items():
        values = [v for _, _, v in found if isinstance(v, (int, float))]
        out[name] = {"count": len(found), "average": round(sum(values) / len(values), 1) if values else None,
                     "entries": [{"table": t, "seq": s} for t, s, _ in found]}
    for name in stats.BY_RULE:
        rules: dict[str, list[dict]] = {}
        for table_id, seq, broken in counted[name]:
            for rule in broken if isinstance(broken, (list, tuple)) else ():  # the rules, a list once cached
                rules.setdefault(rule, []).append({"table": table_id, "seq": seq})
        out[name]["rules"] = [{"rule": r, "count": len(e), "entries": e}
                              for r, e in sorted(rules.items(), key=lambda kv: (-len(kv[1]), kv[0]))]
    return out


def form(played: list[Played], member: str, game: str, last: int = 10) -> list[dict]:
    """The member's last `last` finished sessions (or games) of the game, oldest first: score and outcome."""
    out = []
    for p in finished(played, game):
        for seat, who in enumerate(p.seats):
            if who == member:
                out.append({"table": p.table_id, "created_at": p.created_at, "score": p.summary.scores[seat],
                            "won": p.summary.won_by(seat)})
    return out[-last:]


def over_time(played: list[Played], game: str, names: dict[str, str]) -> dict:
    """Standings after each finished table of the game, oldest first: the summed balance (balance scoring)
    or the games won (penalty and points scoring). `{"tables": [ids], "players": [{"member", "player", "values":
    [...]}]}`."""
    balance = games.get(game).signed
    done = finished(played, game)
    members = list(dict.fromkeys(m for p in done for m in p.seats))
    running = {m: 0 for m in members}
    values: dict[str, list[int]] = {m: [0] for m in members}
    for p in done:
        for seat, member in enumerate(p.seats):
            if balance:
                running[member] += p.summary.scores[seat]
            else:
                running[member] += p.summary.won_by(seat)
        for member in members:
            values[member].append(running[member])
    return {"tables": [p.table_id for p in done],
            "players": [{"member": m, "player": names.get(m, m), "values": values[m]} for m in members]}
