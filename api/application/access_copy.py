"""A player's copy of her data (GDPR art. 15, the right of access): every figure and entry the group holds about her.

Her member record and the names the group calls her by, her statistics as the player API gives them (every
period), and each table of the group she sat at: her seat, the name the table calls her, and its whole log as the
chain holds it (the other players appear as seat numbers, never by name: their names are theirs).
"""

from __future__ import annotations

from api.application import context, group_service
from api.application.context import now
from api.application.errors import ApiError
from events.chain import iso


def copy(group_id: str, token: str | None, member: str) -> dict:
    """Her copy, as one JSON document."""
    found = group_service.group(group_id, token)
    store = context.current().store
    members = store.members(group_id)
    if member not in members:
        raise ApiError(404, "Unknown player", f"group {group_id!r} has no player {member!r}")
    tables = []
    for table in reversed(store.group_tables(group_id)):  # oldest first
        if member not in table.seats:
            continue
        seat = table.seats.index(member)
        names = store.seat_names(table.table_id)
        tables.append({"id": table.table_id, "game": table.game, "created_at": iso(table.created_at), "seat": seat,
                       "name": names[seat].shown if seat < len(names) else None,
                       "entries": [e.to_json() for e in store.entries(table.table_id)]})
    return {"made_at": iso(now()), "group": {"id": group_id, "name": found.name},
            "player": {"id": member, "name": members[member]},
            "figures": group_service.player(group_id, token, member, "all", last=100), "tables": tables}
