"""Forgetting a player (GDPR art. 17): a member of a group everywhere the group knows her, or a seat's name at a
table outside any group. Her name leaves every row beside the log (events/repositories/names.py); the logs hold none
(events/names.py), so every chain still verifies and every export imports. She is "Forgotten player N"."""

from __future__ import annotations

from api.application import audit, context, group_service, service
from api.application.errors import Conflict, Forbidden, NotFound, Unauthorized
from referee.violations import N_


def _forget_here(table_ids: list[str] | None = None) -> None:
    """This process's caches that folded names, and the heads its store noted with their names' revision (the
    others see each table's names_rev move)."""
    context.current().store.heads.drop()
    caches = context.current().caches
    for name in ("groups.summaries", "tournaments.views", "tables.replays"):
        held = caches.get(name)
        if held is not None:
            with held[1]:
                held[0].clear()


def forget_member(group_id: str, token: str | None, member: str) -> None:
    """Forget a member of the group: her names, and her seat's name at each of its tables and tournaments."""
    group_service.admin(group_id, token)
    if context.current().names.forget_member(group_id, member) is None:
        raise NotFound("Unknown player", group_service.NO_MEMBER, {"group": repr(group_id), "member": repr(member)})
    _forget_here()
    audit.record(group_id, audit.FORGET, audit.ADMIN, member=member)
    for tournament in context.current().tournaments.tournaments_of(group_id):  # its name, message, players moved
        context.touched("tournament", tournament.id)


def forget_seat(table_id: str, token: str | None, seat: int) -> None:
    """Forget the name at a seat of a table outside any group (the host's token)."""
    store = context.current().store
    record = service.table_record(store, table_id)
    holder = record.holder(token) if token else None
    if holder is None:
        raise Unauthorized("Unknown token", N_("send `Authorization: Bearer <token>` with the host token of this table"))
    if holder != "host":
        raise Forbidden("Not the host", N_("only the host token forgets a player's name"))
    if context.current().groups.group_of(table_id) is not None:
        raise Conflict("A table of a group", N_("this table belongs to a group: forget the player from the group"),
                       detail="this table belongs to a group: forget the player from the group "
                              "(DELETE /api/v1/groups/{id}/players/{member})", said=True)
    if context.current().names.forget_seat(table_id, seat) is None:
        raise NotFound("Unknown seat", N_("table %(table)s has no seat %(number)s"),
                       {"table": repr(table_id), "number": seat})
    _forget_here()
