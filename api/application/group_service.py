"""Groups: the event store's group records and the statistics fold composed, for the JSON API and pages."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from datetime import UTC, datetime

from api.application import audit, context, group_rating, group_summaries, service
from api.application.commands import CreateGroup, CreateTable, RenameGroup, RenameMember
from api.application.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from events import GroupRecord, MemberForgotten, NameTaken
from events.names import name_key
from events.repositories.groups import ADMIN_ROLE as ADMIN
from events.repositories.groups import MEMBERS_ROLE as MEMBERS
from referee import games
from referee.stats import group as stats
from referee.violations import N_, Malformed

PERIODS = ("all", "year", "month")
NO_MEMBER = N_("group %(group)s has no player %(member)s")
MAX_NAME = 80  # characters of a group's name
MAX_MEMBER_NAME = 40  # of a member's


NOT_ADMIN = N_("this is the members' token of group %(value)s: only its admin token forgets or renames a player, "
               "renames the group, downloads a player's copy and reads the audit")


def members_token(group_id: str, admin_token: str) -> str:
    """The group's members' token, derived from its admin token (an HMAC keyed by it): the admin's phone can always
    show the members' link, while the members' token tells nothing of the admin's, and neither is stored."""
    digest = hmac.new(admin_token.encode(), f"members:{group_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]


def page(group_id: str, token: str) -> str:
    """The group page's secret link for a token (opening it keeps the token on the phone)."""
    return f"/g/{group_id}/k/{token}"


def create_group(command: CreateGroup) -> dict:
    """Open a group: its id, its two secret tokens (shown once: the members' and the admin's), and the links of
    its page that carry each."""
    name = command.name
    group_id, admin = secrets.token_urlsafe(9), secrets.token_urlsafe(24)
    token = members_token(group_id, admin)
    context.current().groups.create_group(group_id, name, admin, token)
    return {"id": group_id, "name": name, "token": token, "admin_token": admin, "page": page(group_id, token),
            "admin_page": page(group_id, admin)}


def group(group_id: str, token: str | None) -> GroupRecord:
    """The group this token opens (the members' or the admin's): 401 without a token, 404 for an unknown group, 403
    for another's token."""
    if not token:
        raise Unauthorized("No group token", N_("send `X-Group-Token: <token>`, the group's token"))
    record = context.current().groups.group(group_id)
    if record is None:
        raise NotFound("Unknown group", N_("no group %(value)s"), {"value": repr(group_id)})
    if not record.admits(token):
        raise Forbidden("Not this group's token", N_("this token does not open group %(value)s"),
                        {"value": repr(group_id)})
    return record


def admin(group_id: str, token: str | None) -> GroupRecord:
    """The group whose admin token this is: as `group`, and the members' token is 403 naming why."""
    record = group(group_id, token)
    if record.role(token or "") != ADMIN:
        raise Forbidden("Not the admin token", NOT_ADMIN, {"value": repr(group_id)})
    return record


def is_admin(record: GroupRecord, token: str | None) -> bool:
    return bool(token) and record.role(token or "") == ADMIN


def sharing(record: GroupRecord, token: str) -> dict:
    """What the admin's phone shares: the members' token and link (a group older than migration 0014 gets its
    members' token now, its hash kept)."""
    shared = members_token(record.id, token)
    if record.members_hash is None:
        context.current().groups.keep_members_token(record.id, shared)
    return {"members_token": shared, "members_page": page(record.id, shared)}


def role(record: GroupRecord, token: str | None) -> str:
    """`"admin"` or `"members"`: which of the group's links this token is (it opened the group)."""
    return ADMIN if is_admin(record, token) else MEMBERS


def start(period: str | None, now: datetime | None = None) -> datetime | None:
    """When a period begins: this month, this year, or None for all time (UTC)."""
    period = period or "all"
    if period not in PERIODS:
        raise BadRequest("Bad query", N_("`period` is all, year or month, not %(value)s"), {"value": repr(period)})
    now = now or datetime.now(UTC)
    if period == "month":
        return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    if period == "year":
        return now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    return None


def played(group_id: str) -> list[stats.Played]:
    """Every table of the group with its current summary (folded only where its log moved on)."""
    store = context.current().store
    heads = context.current().groups.group_tables(group_id)
    summaries = group_summaries.of_tables(store, heads)
    return [stats.Played(h.table_id, h.created_at, h.seats, summaries[h.table_id]) for h in heads]


def read_group(group_id: str, token: str | None, period: str | None = None) -> dict:
    """The group's tables, newest first, and its standings over the period (API.md "Groups")."""
    return overview(group_id, token, period)[0]


def overview(group_id: str, token: str | None, period: str | None = None) -> tuple[dict, list[stats.Played]]:
    """The group's JSON (`read_group`), and its tables of the period with their summaries (for charts)."""
    record = group(group_id, token)
    begin = start(period)
    names = context.current().groups.members(group_id)
    every = played(group_id)
    tables = stats.since(every, begin)
    shared = sharing(record, token or "") if is_admin(record, token) else {}
    return {"id": record.id, "name": record.name, "period": period or "all", "role": role(record, token), **shared,
            "tables": [{**t, "created_at": _iso(t["created_at"])} for t in stats.tables(tables, names)],
            "standings": stats.standings(tables, names),
            "rulings": stats.rulings(tables, names),
            "rating": group_rating.board(group_id, every, names),  # across every evening, whatever the period
            "members": [{"id": m, "name": n} for m, n in names.items()]}, tables


def player(group_id: str, token: str | None, member: str, period: str | None = None, last: int = 10) -> dict:
    """A member's figures per game, each with the entries it counts, and her form over her last sessions."""
    group(group_id, token)
    names = context.current().groups.members(group_id)
    if member not in names:
        raise NotFound("Unknown player", NO_MEMBER, {"group": repr(group_id), "member": repr(member)})
    every = played(group_id)
    tables = stats.since(every, start(period))
    out = {"id": member, "name": names[member], "period": period or "all",
           "rating": next((r for r in group_rating.board(group_id, every, names)["rows"] if r["member"] == member), None)}
    for game in games.NAMES:
        out[game] = {**stats.figures(tables, member, game),
                     "form": [{**f, "created_at": _iso(f["created_at"])} for f in stats.form(tables, member, game, last)]}
    return out


def is_forgotten(group_id: str, member: str) -> bool:
    """Whether this member of the group was forgotten (her page offers no rename)."""
    return member in context.current().groups.forgotten_members(group_id)


FORGOTTEN_NOT_RENAMED = N_("a forgotten player is not renamed: her name was erased, and stays so")


def rename(command: RenameMember) -> dict:
    """Call a member by a new name; her history stays hers, and her old name still finds her."""
    group_id, member, name = command.group_id, command.member, command.name
    admin(group_id, command.token)
    try:
        found = context.current().groups.rename_member(group_id, member, name)
    except NameTaken:
        raise Conflict("Name taken", N_("another player of this group is called %(value)s"),
                       {"value": repr(name)}) from None
    except MemberForgotten:  # a name over her label would put a name back over all her forgotten history
        raise Conflict("Forgotten player", FORGOTTEN_NOT_RENAMED, {}) from None
    if not found:
        raise NotFound("Unknown player", NO_MEMBER, {"group": repr(group_id), "member": repr(member)})
    audit.record(group_id, audit.RENAME, audit.ADMIN, member=member)
    return {"id": member, "name": name}


def rename_group(command: RenameGroup) -> dict:
    """Call the group by a new name (the admin token)."""
    admin(command.group_id, command.token)
    context.current().groups.rename_group(command.group_id, command.name)
    audit.record(command.group_id, audit.RENAME_GROUP, audit.ADMIN)
    return {"id": command.group_id, "name": command.name}


def distinct(players: object) -> None:
    """Two seats of a group's table are two players: names that compare alike are refused (400)."""
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        keys = [name_key(p) for p in players]
        twice = sorted({p for p, k in zip(players, keys, strict=True) if keys.count(k) > 1})
        if twice:
            raise Malformed(N_("two seats cannot be the same player of the group: %(names)s"), names=twice)


def admits_table(group_id: str, token: str | None, players: object) -> None:
    """What a group's new table is checked for before its own checks: the group's token, then players who are not
    the same member twice."""
    group(group_id, token)
    distinct(players)


def create_table(group_id: str, token: str | None, command: CreateTable) -> dict:
    """Open a table in a group: the group's token first, then the table, then its seats become members."""
    admits_table(group_id, token, list(command.players))
    created = service.create_table(command)
    names = [s["name"] for s in created["seats"]]
    members = context.current().groups.add_group_table(group_id, created["id"], names)
    return {**created, "group": group_id, "members": members}


def _iso(at: datetime) -> str:
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")
