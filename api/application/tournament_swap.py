"""Two players exchange seats before their tables start (API.md, "Running the evening": swap).

The director's mistake at the draw, or a request at the table ("seat me away from the door"): the two players'
names change seats beside the log (their tables' logs hold no names, `events/names.py`), while neither table
has an entry after its `create`; each seat keeps its code and its QR code, so the two tables' cards are
reprinted, and the phones that took the two seats are forgotten: each player's phone follows her through the
players' link to her new seat.
"""

from __future__ import annotations

from api.application import audit, context, tournament_standings, tournaments
from api.application.errors import Conflict, Refused
from referee.violations import N_


def swap(tournament_id: str, token: str | None, round_: int, players: tuple[str, str]) -> dict:
    """Swap the seats of two players of round `round_` (the current one); 409 naming the table that has started,
    or for a round that is not the current one; 422 for a player who sits at no table of it."""
    found = tournaments.director(tournament_id, token)
    view = tournament_standings.view(found)
    if round_ != view["round"]:
        raise Conflict(N_("Not the current round"), N_("round %(asked)s is not the round being played: seats are "
                                                       "swapped in round %(round)s only"),
                       {"asked": round_, "round": view["round"]}, said=True)
    tables = [t for t in view["tables"] if t["round"] == round_]
    where = []
    for name in players:
        seat = next(((t, t["players"].index(name)) for t in tables if name in t["players"]), None)
        if seat is None:
            raise Refused(N_("Not seated"), N_("%(name)s sits at no table of round %(round)s"),
                          {"name": name, "round": round_}, said=True)
        where.append(seat)
    (one, a), (other, b) = where
    busy = context.current().tournaments.swap_seats(found.id, (one["id"], a), (other["id"], b))
    if busy:
        numbers = ", ".join(str(t["number"]) for t in tables if t["id"] in busy)
        raise Conflict(N_("Table started"), N_("table %(numbers)s has started: its seats stay as they are"),
                       {"numbers": numbers}, said=True)
    context.touched("tournament", found.id)
    members = context.current().tournaments.member_ids(found.group_id, list(players))
    audit.record(found.group_id, audit.SWAP, audit.DIRECTOR, tournament=found.id, round=round_,
                 members=[members[name] for name in players if name in members])
    moved = {t["id"]: t for t in tournament_standings.view(tournaments.record(found.id))["tables"]}
    return {"round": round_, "tables": [{"id": t["id"], "number": t["number"], "players": moved[t["id"]]["players"]}
                                        for t in (one, other) if t is one or t["id"] != one["id"]]}
