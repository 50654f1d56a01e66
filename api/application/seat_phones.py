"""One phone, one seat (E-6): which tables hold their seats to a phone, a phone's tap, and the director's release.

A table holds its seats when a result there waits for another seat's confirmation: every table of a tournament,
and a table made with "each result confirmed on another player's phone". There a seat's phone is the one that
took it first (the players' page, the table card's code, the host's invitation link); a second phone is refused
("taken on another phone: ask the director"), and a phone holding one seat of the table is refused another, so
that no phone confirms its own result under another seat. The host (a tournament's director) releases a seat:
`DELETE /api/v1/tables/{id}/seats/{seat}/phone`, or one tap on the console or the invitation page. At a table
that asks for no confirmation a seat's link opens on any phone, as before: nobody's result waits on another
seat there, and a second browser on the same phone is not refused for nothing.
"""

from __future__ import annotations

from api.application import audit, context, service
from api.application.errors import Forbidden, NotFound, Unauthorized
from events import Claim, Taken
from referee.violations import N_


def tournament_of(table_id: str) -> str | None:
    placed = context.current().tournaments.tournament_of(table_id)
    return None if placed is None else placed[0]


def holds(table_id: str) -> bool:
    """Whether this table holds each seat to one phone: a tournament's table, or one that asks for confirmation."""
    if tournament_of(table_id) is not None:
        return True
    return service.read_table(table_id).get("confirmations") is not None


def claim_of(table_id: str, seat: int, names: list[str] | None = None) -> Claim | None:
    """The tournament's player at this seat (by her name: the players' page numbers the evening's players)."""
    tournament_id = tournament_of(table_id)
    if tournament_id is None:
        return None
    found = context.current().tournaments.tournament(tournament_id)
    if names is None:
        names = [p["name"] for p in service.read_table(table_id)["players"]]
    players = found.settings["players"] if found else []
    if not 0 <= seat < len(names) or names[seat] not in players:
        return None
    return Claim(tournament_id, players.index(names[seat]))


def take(table_id: str, seat: int, phone: str, names: list[str] | None = None) -> Taken | None:
    """This phone takes this seat: None at a table that does not hold its seats, else what the tap got."""
    if not holds(table_id):
        return None
    taken = context.current().phones.take(table_id, seat, phone, claim_of(table_id, seat, names), context.now())
    tournament_id = tournament_of(table_id)
    if taken.outcome != "held" and tournament_id is not None:
        context.touched("tournament", tournament_id)  # the console shows the ask, live
    return taken


def claim(tournament_id: str, player: int, phone: str) -> Taken:
    """Her name tapped before her round is seated: the seat she gets is kept for this phone."""
    return context.current().phones.claim(Claim(tournament_id, player), phone, context.now())


def lost(table_id: str, seat: int, phone: str | None) -> bool:
    """Whether this phone lost the seat its session keeps: another phone holds it, or the director released it."""
    return context.current().phones.lost(table_id, seat, phone)


def release(table_id: str, token: str | None, seat: int) -> bool:
    """Release a seat from its phone (the host's token; a tournament's director is the host of its tables):
    401 without a token this table knows, 403 a seat's, 404 an unknown table or seat. Whether a phone held it; if
    so, and the table is a group's, the group's audit records it (`released_seat`)."""
    record = service.table_record(context.current().store, table_id)
    holder = record.holder(token) if token else None
    if holder is None:
        raise Unauthorized("Unknown token", N_("send `Authorization: Bearer <token>` with the host token of this table"))
    if holder != "host":
        raise Forbidden("Not the host", N_("only the host or the director releases a seat's phone"))
    names = [p["name"] for p in service.read_table(table_id)["players"]]
    if not 0 <= seat < len(names):
        raise NotFound("Unknown seat", N_("table %(table)s has no seat %(number)s"),
                       {"table": repr(table_id), "number": seat})
    released = context.current().phones.release(table_id, seat, claim_of(table_id, seat, names))
    tournament_id = tournament_of(table_id)
    if tournament_id is not None:
        context.touched("tournament", tournament_id)
    grouped = context.current().groups.group_of(table_id)
    if released and grouped is not None:  # the group's audit: a released seat, by whom, ids only
        member = {"member": grouped[1][seat]} if seat < len(grouped[1]) else {}
        audit.record(grouped[0], audit.RELEASED_SEAT, audit.DIRECTOR if tournament_id else audit.host(table_id),
                     table=table_id, seat=seat, **member)
    return released
