"""Groups: the event store's group records and the statistics fold composed, for the JSON API and pages."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from api.application import context, group_rating, group_summaries, service
from api.application.errors import ApiError
from api.application.printable import control_character
from events import NameTaken
from events.groups import GroupRecord, name_key
from referee import games
from referee.stats import group as stats
from referee.violations import Malformed

PERIODS = ("all", "year", "month")
MAX_NAME = 80


def _name(body: object, field: str, most: int) -> str:
    name = body.get(field) if isinstance(body, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise Malformed(f"the body is a JSON object with `{field}`, a name of 1 to {most} characters")
    name = " ".join(name.split())
    if control_character(name):
        raise Malformed(f"`{field}` holds {control_character(name)}, a control character: a name is for reading")
    if len(name) > most:
        raise Malformed(f"`{field}` has at most {most} characters, not {len(name)}")
    return name


def create_group(body: object) -> dict:
    """Open a group: its id, its secret token (shown once), and its page's link that carries the token."""
    name = _name(body, "name", MAX_NAME)
    if set(body) - {"name"}:
        raise Malformed(f"a group takes only `name`, not {', '.join(sorted(map(str, set(body) - {'name'})))}")
    group_id, token = secrets.token_urlsafe(9), secrets.token_urlsafe(24)
    context.current().store.create_group(group_id, name, token)
    return {"id": group_id, "name": name, "token": token, "page": f"/g/{group_id}/k/{token}"}


def group(group_id: str, token: str | None) -> GroupRecord:
    """The group this token opens: 401 without a token, 404 for an unknown group, 403 for another's token."""
    if not token:
        raise ApiError(401, "No group token", "send `X-Group-Token: <token>`, the group's token")
    record = context.current().store.group(group_id)
    if record is None:
        raise ApiError(404, "Unknown group", f"no group {group_id!r}")
    if not record.admits(token):
        raise ApiError(403, "Not this group's token", f"this token does not open group {group_id!r}")
    return record


def start(period: str | None, now: datetime | None = None) -> datetime | None:
    """When a period begins: this month, this year, or None for all time (UTC)."""
    period = period or "all"
    if period not in PERIODS:
        raise ApiError(400, "Bad query", f"`period` is all, year or month, not {period!r}")
    now = now or datetime.now(UTC)
    if period == "month":
        return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    if period == "year":
        return now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    return None


def played(group_id: str) -> list[stats.Played]:
    """Every table of the group with its current summary (folded only where its log moved on)."""
    store = context.current().store
    heads = store.group_tables(group_id)
    summaries = group_summaries.of_tables(store, heads)
    return [stats.Played(h.table_id, h.created_at, h.seats, summaries[h.table_id]) for h in heads]


def read_group(group_id: str, token: str | None, period: str | None = None) -> dict:
    """The group's tables, newest first, and its standings over the period (API.md "Groups")."""
    return overview(group_id, token, period)[0]


def overview(group_id: str, token: str | None, period: str | None = None) -> tuple[dict, list[stats.Played]]:
    """The group's JSON (`read_group`), and its tables of the period with their summaries (for charts)."""
    record = group(group_id, token)
    begin = start(period)
    names = context.current().store.members(group_id)
    every = played(group_id)
    tables = stats.since(every, begin)
    return {"id": record.id, "name": record.name, "period": period or "all",
            "tables": [{**t, "created_at": _iso(t["created_at"])} for t in stats.tables(tables, names)],
            "standings": stats.standings(tables, names),
            "rulings": stats.rulings(tables, names),
            "rating": group_rating.board(group_id, every, names),  # across every evening, whatever the period
            "members": [{"id": m, "name": n} for m, n in names.items()]}, tables


def player(group_id: str, token: str | None, member: str, period: str | None = None, last: int = 10) -> dict:
    """A member's figures per game, each with the entries it counts, and her form over her last sessions."""
    group(group_id, token)
    names = context.current().store.members(group_id)
    if member not in names:
        raise ApiError(404, "Unknown player", f"group {group_id!r} has no player {member!r}")
    every = played(group_id)
    tables = stats.since(every, start(period))
    out = {"id": member, "name": names[member], "period": period or "all",
           "rating": next((r for r in group_rating.board(group_id, every, names)["rows"] if r["member"] == member), None)}
    for game in games.NAMES:
        out[game] = {**stats.figures(tables, member, game),
                     "form": [{**f, "created_at": _iso(f["created_at"])} for f in stats.form(tables, member, game, last)]}
    return out


def rename(group_id: str, token: str | None, member: str, body: object) -> dict:
    """Call a member by a new name; her history stays hers, and her old name still finds her."""
    group(group_id, token)
    name = _name(body, "name", 40)
    try:
        found = context.current().store.rename_member(group_id, member, name)
    except NameTaken:
        raise ApiError(409, "Name taken", f"another player of this group is called {name!r}") from None
    if not found:
        raise ApiError(404, "Unknown player", f"group {group_id!r} has no player {member!r}")
    return {"id": member, "name": name}


def distinct(players: object) -> None:
    """Two seats of a group's table are two players: names that compare alike are refused (400)."""
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        keys = [name_key(p) for p in players]
        twice = sorted({p for p, k in zip(players, keys, strict=True) if keys.count(k) > 1})
        if twice:
            raise Malformed(f"two seats cannot be the same player of the group: {', '.join(twice)}")


def create_table(body: dict, token: str | None) -> dict:
    """Open a table in a group: the group's token first, then the table, then its seats become members."""
    body = dict(body)
    group_id = body.pop("group")
    if not isinstance(group_id, str):
        raise Malformed("`group` is the id of a group (send its token as X-Group-Token)")
    group(group_id, token)
    distinct(body.get("players"))
    created = service.create_table(body)
    names = [s["name"] for s in created["seats"]]
    members = context.current().store.add_group_table(group_id, created["id"], names)
    return {**created, "group": group_id, "members": members}


def _iso(at: datetime) -> str:
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")
