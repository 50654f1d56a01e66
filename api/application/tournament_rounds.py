"""A tournament's next round: close what must be closed, draw the seating, open the round's tables at once.

Each table is an ordinary table of the group (its `create` entry, its seats' tokens and join codes), whose host
is the director's token; the whole round is written in one transaction (`context.current().tournaments.add_round`).
"""

from __future__ import annotations

import hmac
import random
import secrets

from api.application import context, join_tokens, tournament_roster, tournament_standings, tournaments
from api.application.commands import StartRound
from api.application.errors import Conflict
from events import NewTable, RosterMoved, RoundTaken, Store, TournamentRecord, TournamentTable
from events.names import split_create
from referee import evening, games, seating
from referee.entry import Entry
from referee.violations import N_

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # as api/web/table/codes.py: no I, L, O, 0, 1
CODE_LENGTH = 8
_RANDOM = random.SystemRandom()
ROSTER_TRIES = 3


def _code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def start(command: StartRound) -> tuple[dict, bool]:
    """`_start`, drawn again when a late arrival or a leaver changed the players while the round was drawn."""
    for _ in range(ROSTER_TRIES - 1):
        try:
            return _start(command)
        except RosterMoved:
            continue
    return _start(command)


def _start(command: StartRound) -> tuple[dict, bool]:
    """Seat the next round (API.md), and whether a round was seated now (201, else 200): 409 while a table still plays (unless
    `close`), or after the last round. With `round`: a round already started is given as it stands (a double tap, a
    retry, two directors: one round), one past the next is 409, and `rounds + 1` with `close` closes the last
    round's tables and finishes the evening. Closing and seating are one transaction
    (`TournamentRepository.add_round`)."""
    tournament_id, token, close, asked = command.tournament_id, command.token, command.close, command.round
    found = tournaments.director(tournament_id, token)
    store, records = context.current().store, context.current().tournaments
    tables = records.tournament_tables(tournament_id)
    current = max((t.round for t in tables), default=0)
    rounds = found.settings["rounds"]
    if asked is not None and asked <= current:
        return as_started(store, tables, asked), False
    if asked is not None and asked > current + 1:
        raise Conflict(N_("Not the next round"), N_("round %(asked)s cannot start: the next round is %(next)s"),
                       {"asked": asked, "next": current + 1}, said=True)
    finishing = close and asked == rounds + 1 and current == rounds
    if current >= rounds and not finishing:
        raise Conflict(N_("Last round played"), N_("every round of the tournament has started (%(rounds)s in all)"),
                       {"rounds": rounds}, said=True)
    view = tournament_standings.view(found, tables)
    playing = [t for t, s in zip(tables, view["tables"], strict=True) if s["round"] == current
               and s["status"] == "playing"]
    if playing and not close:
        _still_playing(playing, current)
    if finishing:
        closed = close_tables(found, current + 1, token or "", [t.table_id for t in playing])
        if closed is None:
            return as_started(store, records.tournament_tables(tournament_id), current), False
        return {"round": current + 1, "tables": [], "closed": closed}, False  # 200: the evening ends, nothing seated
    return _seat(store, found, tables, view, current + 1, token or "", [t.table_id for t in playing])


def _still_playing(playing: list[TournamentTable], current: int) -> None:
    numbers = ", ".join(str(t.number) for t in playing)
    if len(playing) == 1:
        raise Conflict(N_("Tables still playing"), N_("table %(numbers)s of round %(round)s still plays: finish it, "
                                                      "or close it as it stands"),
                       {"numbers": numbers, "round": current}, said=True,
                       detail=f"table {numbers} of round {current} still plays: "
                              'finish it, or send {"close": true} to close it as it stands')
    raise Conflict(N_("Tables still playing"), N_("tables %(numbers)s of round %(round)s still play: finish them, "
                                                  "or close them as they stand"),
                   {"numbers": numbers, "round": current}, said=True,
                   detail=f"tables {numbers} of round {current} still play: "
                          'finish them, or send {"close": true} to close them as they stand')


def as_started(store: Store, tables: list[TournamentTable], round_: int) -> dict:
    """A round already started, as it stands: its tables with their seats (names, tokens, codes), as its 201 gave
    them; nothing is written."""
    out, codes = [], context.current().codes
    for t in (t for t in tables if t.round == round_):
        entries = store.log(t.table_id, upto=1)
        names = list(entries[0].data["players"]) if entries else []
        by_seat = codes.join_codes(t.table_id)
        seats = []
        for seat, name in enumerate(names):
            code = by_seat.get(seat)
            held = codes.join_code(code) if code else None
            seats.append({"seat": seat, "name": name, "token": join_tokens.token_of(held) if held else None,
                          "code": code})
        out.append({"id": t.table_id, "number": t.number, "page": f"/t/{t.table_id}", "seats": seats})
    return {"round": round_, "tables": out}


def close_tables(found: TournamentRecord, round_: int, director: str, closing: list[str]) -> list[str] | None:
    """Close these tables as they stand (E-7), seating nothing: the round before `round_` ends here."""
    return _add(context.current().store, found, round_, director, [], closing)


def _add(store: Store, found: TournamentRecord, round_: int, director: str, new: list[NewTable],
         closing: list[str]) -> list[str] | None:
    """Close and seat in one transaction; None when the round was started meanwhile (nothing written), RosterMoved
    when the players changed since `found` was read (a round is seated on the players it was drawn for)."""
    try:
        closed = context.current().tournaments.add_round(found.id, found.group_id, round_, director, new, closing,
                                                         context.now(), drawn_on=found.settings if new else None)
    except RoundTaken:
        return None
    context.touched("tournament", found.id)
    for table_id in closed:
        context.touched("table", table_id)
    return closed


def _draw(found: TournamentRecord, view: dict, round_: int, index: dict[str, int], seated: list[int],
          sizes: list[int], met: dict) -> list[list[int]]:
    """The round's tables: swiss, close standings together, round by round; random, the next round of the evening
    planned whole (no pair meets twice while a plan allows it), from a seed only this server knows."""
    settings = found.settings
    if settings["seating"] == "swiss":
        ranking = [index[s["player"]] for s in view["standings"] if index[s["player"]] in seated]
        return seating.draw(seated, sizes, met, _RANDOM, ranking)
    played = [[[index[name] for name in t["players"] if name in index] for t in view["tables"] if t["round"] == r]
              for r in range(1, round_)]
    drawn = evening.next_round(seated, sizes, played, settings["rounds"], _seed(found))
    for table in drawn:
        _RANDOM.shuffle(table)  # seat order at the table: drawn
    return drawn


def _seed(found: TournamentRecord) -> str:
    return hmac.new(context.current().secret.encode(), found.id.encode(), "sha256").hexdigest()


def _byes(found: TournamentRecord, view: dict, round_: int, present: list[int], out: int) -> list[int]:
    """Who sits round `round_` out: whoever has had the fewest byes, ties drawn (from the evening's seed, so a
    retry draws the same), so nobody has two before everyone present has had one (README, "Byes")."""
    players = found.settings["players"]
    had: dict[int, int] = {}
    for names in view["byes"]:
        for name in names:
            had[players.index(name)] = had.get(players.index(name), 0) + 1
    return seating.byes(present, out, had, random.Random(f"{_seed(found)}/byes/{round_}"))


def _seat(store: Store, found: TournamentRecord, tables: list[TournamentTable], view: dict, round_: int,
          director: str, closing: list[str]) -> tuple[dict, bool]:
    settings = found.settings
    players = settings["players"]
    game = games.get(settings["game"])
    index = {name: i for i, name in enumerate(players)}
    met = seating.met_pairs([[index[name] for name in t["players"] if name in index] for t in view["tables"]])
    present = tournament_roster.present(settings, round_)
    sizes = seating.seated_sizes(len(present), settings["table_size"], game.seats)
    if sizes is None:
        raise tournaments.unseatable(len(present), settings["table_size"], game)
    out = _byes(found, view, round_, present, len(present) - sum(sizes))
    drawn = _draw(found, view, round_, index, [p for p in present if p not in out], sizes, met)
    at = context.now()
    new = []
    for number, seated in enumerate(drawn, start=1):
        names = [players[i] for i in seated]
        data = {"game": game.name, "players": names, "options": settings["options"], "tracking": settings["tracking"],
                "confirmation": True}  # E-6: a tournament's results wait for another seat's confirmation
        game.rules.start(Entry(1, "create", None, at, data))
        tokens, codes_ = [secrets.token_urlsafe(24) for _ in names], [_code() for _ in names]
        new.append(NewTable(secrets.token_urlsafe(9), number, game.name, tokens,
                            Store.chain([("create", None, at, split_create(data)[0], None)]), names, codes_,
                            [join_tokens.seal(c, t) for c, t in zip(codes_, tokens, strict=True)]))
    if _add(store, found, round_, director, new, closing) is None:  # started meanwhile: as it stands
        return as_started(store, context.current().tournaments.tournament_tables(found.id), round_), False
    return {"round": round_, "tables": [
        {"id": t.table_id, "number": t.number, "page": f"/t/{t.table_id}",
         "seats": [{"seat": s, "name": name, "token": t.seat_tokens[s], "code": t.codes[s]}
                   for s, name in enumerate(t.names)]} for t in new], "byes": [players[i] for i in out]}, True
