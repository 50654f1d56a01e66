"""A tournament's next round: close what must be closed, draw the seating, open the round's tables at once.

Each table is an ordinary table of the group (its `create` entry, its seats' tokens and join codes), whose host
is the director's token; the whole round is written in one transaction (`events.Store.add_round`).
"""

from __future__ import annotations

import random
import secrets

from api.application import context, tournament_standings, tournaments
from api.application.errors import ApiError
from api.rest.schemas.tournaments import read_round
from events import NewTable, RoundTaken, Store, TournamentRecord, TournamentTable
from events.names import split_create
from referee import games, seating
from referee.entry import Entry
from referee.violations import N_

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # as api/web/codes.py: no I, L, O, 0, 1
CODE_LENGTH = 8
_RANDOM = random.SystemRandom()


def _code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def start(tournament_id: str, token: str | None, body: object) -> dict:
    """Seat the next round (API.md): 409 while a table still plays (unless `close`), or after the last round."""
    found = tournaments.director(tournament_id, token)
    close = read_round(body)
    store = context.current().store
    tables = store.tournament_tables(tournament_id)
    current = max((t.round for t in tables), default=0)
    if current >= found.settings["rounds"]:
        raise ApiError(409, N_("Last round played"), f"the tournament has {found.settings['rounds']} rounds, all started",
                       key=N_("the tournament has %(rounds)s rounds, all started"),
                       params={"rounds": found.settings["rounds"]})
    view = tournament_standings.view(found, tables)
    playing = [t for t, s in zip(tables, view["tables"], strict=True) if s["round"] == current
               and s["status"] == "playing"]
    if playing and not close:
        numbers = ", ".join(str(t.number) for t in playing)
        if len(playing) == 1:
            raise ApiError(409, N_("Tables still playing"), f"table {numbers} of round {current} still plays: "
                           'finish it, or send {"close": true} to close it as it stands',
                           key=N_("table %(numbers)s of round %(round)s still plays: finish it, or close it as "
                                  "it stands"), params={"numbers": numbers, "round": current})
        raise ApiError(409, N_("Tables still playing"), f"tables {numbers} of round {current} still play: "
                       'finish them, or send {"close": true} to close them as they stand',
                       key=N_("tables %(numbers)s of round %(round)s still play: finish them, or close them as "
                              "they stand"), params={"numbers": numbers, "round": current})
    if playing:
        store.close_tables([(t.table_id, t.version, t.hash) for t in playing])
        tables = store.tournament_tables(tournament_id)
        view = tournament_standings.view(found, tables)
    return _seat(store, found, tables, view, current + 1, token or "")


def _seat(store: Store, found: TournamentRecord, tables: list[TournamentTable], view: dict, round_: int,
          director: str) -> dict:
    settings = found.settings
    players = settings["players"]
    game = games.get(settings["game"])
    index = {name: i for i, name in enumerate(players)}
    met = seating.met_pairs([[index[name] for name in t["players"] if name in index] for t in view["tables"]])
    sizes = seating.table_sizes(len(players), settings["table_size"], game.seats)
    if sizes is None:
        raise tournaments.unseatable(len(players), settings["table_size"], game)
    ranking = ([index[s["player"]] for s in view["standings"]] if settings["seating"] == "swiss" else None)
    drawn = seating.draw(range(len(players)), sizes, met, _RANDOM, ranking)
    at = context.now()
    new = []
    for number, seated in enumerate(drawn, start=1):
        names = [players[i] for i in seated]
        data = {"game": game.name, "players": names, "options": settings["options"], "tracking": settings["tracking"],
                "confirmation": True}  # E-6: a tournament's results wait for another seat's confirmation
        game.rules.start(Entry(1, "create", None, at, data))
        new.append(NewTable(secrets.token_urlsafe(9), number, game.name, [secrets.token_urlsafe(24) for _ in names],
                            Store.chain([("create", None, at, split_create(data)[0], None)]), names,
                            [_code() for _ in names]))
    try:
        store.add_round(found.id, found.group_id, round_, director, new)
    except RoundTaken:
        raise ApiError(409, N_("Round already started"), f"round {round_} was started already",
                       key=N_("round %(round)s was started already"), params={"round": round_}) from None
    return {"round": round_, "tables": [
        {"id": t.table_id, "number": t.number, "page": f"/t/{t.table_id}",
         "seats": [{"seat": s, "name": name, "token": t.seat_tokens[s], "code": t.codes[s]}
                   for s, name in enumerate(t.names)]} for t in new]}
