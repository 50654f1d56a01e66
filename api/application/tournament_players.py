"""A late arrival and a leaver (API.md, "Running the evening"): the director changes who plays the next rounds.

Each writes the tournament's settings under its lock, so that it never races a round being seated (a round drawn
on the players as they were is drawn again: `events.RosterMoved`). Who is present for which round, and the byes
that follow: `tournament_roster`.
"""

from __future__ import annotations

from api.application import audit, context, tournaments
from api.application.errors import Conflict, NotFound
from api.application.tournament_roster import here, spans
from events.names import name_key
from referee.violations import N_


def _find(settings: dict, name: str) -> int | None:
    key = name_key(name)
    return next((i for i, p in enumerate(settings["players"]) if name_key(p) == key), None)


def arrive(tournament_id: str, token: str | None, name: str) -> dict:
    """A late arrival (a member of the group by name, or a new one): seated from the next round. 409 when she is in
    the evening already, or when no round is left to seat her."""
    found = tournaments.director(tournament_id, token)

    def change(settings: dict, current: int) -> dict:
        if current >= settings["rounds"]:
            raise Conflict(N_("No round left"), N_("every round of the evening is seated: no round is left to seat "
                                                   "%(name)s"), {"name": name}, said=True)
        kept, found = spans(settings), _find(settings, name)
        if found is not None and here(kept[found], current + 1):
            raise Conflict(N_("Already playing"), N_("%(name)s is already in the evening"),
                           {"name": settings["players"][found]}, said=True)
        if found is None:
            settings["players"].append(name)
            kept.append([])
            found = len(kept) - 1
        span = kept[found]
        if span and span[-1][1] == current + 1:
            span[-1][1] = None  # she left for the next round and comes back before it: as if she never left
        else:
            span.append([current + 1, None])
        settings["spans"] = kept
        return settings

    settings = context.current().tournaments.change_settings(tournament_id, change)
    context.touched("tournament", tournament_id)
    i = _find(settings, name)
    assert i is not None
    _audit(found.group_id, audit.LATE_ARRIVAL, tournament_id, settings["players"][i])
    return {"name": settings["players"][i], "round": spans(settings)[i][-1][0]}


def _audit(group_id: str, action: str, tournament_id: str, name: str) -> None:
    """The group's audit: who arrived or left, by her member's id (never her name)."""
    member = context.current().tournaments.member_ids(group_id, [name]).get(name)
    audit.record(group_id, action, audit.DIRECTOR, tournament=tournament_id,
                 **({"member": member} if member else {}))


def leave(tournament_id: str, token: str | None, name: str) -> None:
    """She leaves: seated in no round after the current one, her results so far kept. 404 for a name not in the
    evening, 409 when she has left already or the evening is over."""
    found = tournaments.director(tournament_id, token)
    if _find(found.settings, name) is None:
        raise NotFound("Unknown player", N_("%(name)s does not play in this tournament"), {"name": name}, said=True)
    if tournaments.read(tournament_id)["status"] == "finished":
        raise Conflict(N_("Evening over"), N_("the evening is over: nobody leaves it now"), said=True)

    def change(settings: dict, current: int) -> dict:
        kept, i = spans(settings), _find(settings, name)
        assert i is not None
        if not here(kept[i], current + 1):
            raise Conflict(N_("Already left"), N_("%(name)s has already left the evening"),
                           {"name": settings["players"][i]}, said=True)
        span = kept[i]
        span[-1][1] = current + 1
        if span[-1][0] >= current + 1:  # she had not played yet since she came: that span is nothing
            span.pop()
        settings["spans"] = kept
        return settings

    settings = context.current().tournaments.change_settings(tournament_id, change)
    context.touched("tournament", tournament_id)
    i = _find(settings, name)
    _audit(found.group_id, audit.WITHDRAWAL, tournament_id, settings["players"][i] if i is not None else name)
