"""Forgetting a player (GDPR art. 17): a member of a group everywhere the group knows her, or a seat's name at a
table outside any group. Her name leaves every row beside the log (events/name_records.py); the logs hold none
(events/names.py), so every chain still verifies and every export imports. She is "Forgotten player N"."""

from __future__ import annotations

from api.application import context, group_service, service
from api.application.errors import ApiError
from referee.violations import N_


def _forget_here(table_ids: list[str] | None = None) -> None:
    """This process's caches that folded names (the others see each table's names_rev move)."""
    caches = context.current().caches
    for name in ("groups.summaries", "tournaments.views", "tables.replays"):
        held = caches.get(name)
        if held is not None:
            with held[1]:
                held[0].clear()


def forget_member(group_id: str, token: str | None, member: str) -> None:
    """Forget a member of the group: her names, and her seat's name at each of its tables and tournaments."""
    group_service.group(group_id, token)
    if context.current().store.forget_member(group_id, member) is None:
        raise ApiError(404, "Unknown player", f"group {group_id!r} has no player {member!r}")
    _forget_here()


def forget_seat(table_id: str, token: str | None, seat: int) -> None:
    """Forget the name at a seat of a table outside any group (the host's token)."""
    store = context.current().store
    record = service.table_record(store, table_id)
    holder = record.holder(token) if token else None
    if holder is None:
        raise ApiError(401, "Unknown token", "send `Authorization: Bearer <token>` with the host token of this table")
    if holder != "host":
        raise ApiError(403, "Not the host", "only the host token forgets a player's name")
    if store.group_of(table_id) is not None:
        raise ApiError(409, "A table of a group", "this table belongs to a group: forget the player from the group "
                       "(DELETE /api/v1/groups/{id}/players/{member})",
                       key=N_("this table belongs to a group: forget the player from the group"))
    if store.forget_seat(table_id, seat) is None:
        raise ApiError(404, "Unknown seat", f"table {table_id!r} has no seat {seat}")
    _forget_here()
