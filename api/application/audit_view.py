"""A group's audit as its admin reads it (API.md "Groups: who may do what, and who did it"): the recorded actions
(api/application/audit.py) and the rulings (E-5), corrections by the host or director (E-2) and closes (E-7) of
its tables' logs, newest first.

Why rulings, corrections and closes are read from the logs rather than recorded twice: the log is already the
hash-chained truth of each of them, with its time and who wrote it (a correction's `by`; a ruling and a close are
the host's, or the director's at a tournament's table), so a second copy could only drift from it (an imported
or a migrated table, a write that landed while its record did not), and the appends stay as fast as they were.
"""

from __future__ import annotations

from api.application import context, group_service
from api.application.audit import CLOSE, DIRECTOR, REPLACE, RULING, VOID, host

LOGGED = (RULING, VOID, REPLACE, CLOSE)


def actions(group_id: str, token: str | None) -> dict:
    """The group's audit (the admin token): every recorded action and every ruling, correction by the host or
    director and close in its tables' logs, newest first, members named as the group calls them now (a forgotten
    member by her label: the records hold ids only)."""
    group_service.admin(group_id, token)
    found = context.current()
    names = found.groups.members(group_id)
    seats = {t.table_id: t.seats for t in found.groups.group_tables(group_id)}
    listed = [(a.at, a.action, a.by, _seated(dict(a.target), seats))
              for a in found.audit.actions(group_id)]
    listed += [item for item in map(_from_log, found.audit.logged(group_id, LOGGED)) if item is not None]
    listed = [(at, action, by, _named(target, names)) for at, action, by, target in listed]
    listed.sort(key=lambda item: item[0], reverse=True)  # stable: among equal times, as written
    return {"actions": [{"at": _iso(at), "action": action, "by": by, "target": target}
                        for at, action, by, target in listed]}


def _from_log(entry) -> tuple | None:
    """A logged entry as an action, or None (a seat's correction of its own entry is not the host's)."""
    by = DIRECTOR if entry.tournament else host(entry.table_id)
    target: dict = {"table": entry.table_id, "entry": entry.seq}
    if entry.tournament:
        target["tournament"] = entry.tournament
    if entry.type == RULING:
        seats = sorted(int(s) for s in entry.data.get("scores", {}) if str(s).isdigit())
        target["members"] = [entry.seats[s] for s in seats if s < len(entry.seats)]
    elif entry.type in (VOID, REPLACE):
        if entry.data.get("by", "host") != "host":
            return None
        target["corrects"] = entry.data.get("target")
    elif entry.type == CLOSE:
        target["round"] = entry.data.get("round")
    return entry.at, entry.type, by, target


def _seated(target: dict, seats: dict[str, tuple[str, ...]]) -> dict:
    """A seat of a group's table also names the member at it."""
    table, number = target.get("table"), target.get("seat")
    if "member" not in target and table in seats and isinstance(number, int) and 0 <= number < len(seats[table]):
        target["member"] = seats[table][number]
    return target


def _named(target: dict, names: dict[str, str]) -> dict:
    """The target with the names its members read as now (`name`, `names`): never stored, so never stale."""
    if "member" in target:
        target["name"] = names.get(target["member"])
    if "members" in target:
        target["names"] = [names.get(m) for m in target["members"]]
    return target


def _iso(at) -> str:
    return at.isoformat().replace("+00:00", "Z")


def places(group_id: str) -> dict[str, dict]:
    """Each table of the group as a person finds it: its game and day, and its round and number at an evening (the
    audit's page names tables so rather than by id)."""
    found = context.current()
    out = {t.table_id: {"game": t.game, "created_at": t.created_at} for t in found.groups.group_tables(group_id)}
    for tournament in found.tournaments.tournaments_of(group_id):
        for table in found.tournaments.tournament_tables(tournament.id):
            if table.table_id in out:
                out[table.table_id].update(round=table.round, number=table.number)
    return out
