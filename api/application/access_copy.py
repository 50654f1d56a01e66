"""A player's copy of her data (GDPR art. 15, the right of access): every figure and entry the group holds about her.

Her member record and the names the group calls her by, her statistics as the player API gives them (every
period), and each table of the group she sat at: her seat, the name the table calls her, and its whole log as the
chain holds it (the other players appear as seat numbers, never by name: their names are theirs). A text someone
typed (a ruling's reason, the group's name) that names another member says "another player" in her copy.
"""

from __future__ import annotations

from api.application import context, group_service
from api.application.context import now
from api.application.errors import NotFound
from events.chain import iso
from events.free_texts import rewrite
from events.names import name_key

ANOTHER = "another player"  # another member's name, where a text of her copy was typed with it


def _others_unnamed(value, others: set[str], hers: set[str]):
    """Every text of her copy (not its keys) with the other members' names written as ANOTHER."""
    if isinstance(value, str):
        return rewrite(value, others, ANOTHER, hers)
    if isinstance(value, list):
        return [_others_unnamed(item, others, hers) for item in value]
    if isinstance(value, dict):
        return {key: _others_unnamed(item, others, hers) for key, item in value.items()}
    return value


def copy(group_id: str, token: str | None, member: str) -> dict:
    """Her copy, as one JSON document."""
    found = group_service.admin(group_id, token)
    store = context.current().store
    members = context.current().groups.members(group_id)
    if member not in members:
        raise NotFound("Unknown player", group_service.NO_MEMBER, {"group": repr(group_id), "member": repr(member)})
    tables = []
    for table in reversed(context.current().groups.group_tables(group_id)):  # oldest first
        if member not in table.seats:
            continue
        seat = table.seats.index(member)
        names = context.current().names.seat_names(table.table_id)
        tables.append({"id": table.table_id, "game": table.game, "created_at": iso(table.created_at), "seat": seat,
                       "name": names[seat].shown if seat < len(names) else None,
                       "entries": [e.to_json() for e in store.entries(table.table_id)]})
    keys = context.current().groups.name_keys(group_id)
    hers = {key for key, owner in keys.items() if owner == member} | {name_key(members[member])}
    others = {key for key, owner in keys.items() if owner != member} | {
        name_key(name) for other, name in members.items() if other != member}
    return _others_unnamed({"made_at": iso(now()), "group": {"id": group_id, "name": found.name},
                            "player": {"id": member, "name": members[member]},
                            "figures": group_service.player(group_id, token, member, "all", last=100),
                            "tables": tables}, others - hers, hers)
