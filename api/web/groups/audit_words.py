"""The audit's actions (api/application/audit_view.py) in the reader's language: what was done, where, by whom.

Names come with the action as the group calls its members now (a forgotten member as her label, which the page's
language then says); `by` is a role and phone, worded here, never a name. A table is named as a person finds it
(its game and day, or its round and number at an evening), its id only in its link.
"""

from __future__ import annotations

import re
from datetime import datetime

from flask_babel import format_datetime

from api.web.gameview import game_titles
from api.web.words.i18n import gettext as _

HOST = re.compile(r"host of table (\S+)$")
SEAT = re.compile(r"seat (\d+) of table (\S+)$")


def who(by: str, table: str | None) -> str:
    """`by` in words: the admin, the director, the table's host, a seat of the table (numbered from 1, as the pages
    number seats); a table other than the action's is named by its id."""
    if by == "admin":
        return _("the group's admin")
    if by == "director":
        return _("the director")
    if found := HOST.match(by):
        return _("the table's host") if found.group(1) == table else \
            _("the host of table %(table)s", table=found.group(1))
    if found := SEAT.match(by):
        seat = int(found.group(1)) + 1
        return _("seat %(seat)s of the table", seat=seat) if found.group(2) == table else \
            _("seat %(seat)s of table %(table)s", seat=seat, table=found.group(2))
    return by


def _names(target: dict) -> str:
    named = [target["name"]] if target.get("name") else []
    named += [n for n in target.get("names", []) if n]
    return ", ".join(named) or "—"


def _shown(seat: object) -> object:
    """A seat as the pages number it, from 1 (the API's seats count from 0)."""
    return seat + 1 if isinstance(seat, int) else seat


def what(action: str, target: dict) -> str:
    """The action and its target in a sentence of the reader's language (the table is said apart: `where`)."""
    names, n = _names(target), target.get("entry")
    said = {
        "forget": lambda: _("Player forgotten: %(names)s", names=names),
        "rename": lambda: _("Player renamed: %(names)s", names=names),
        "rename_group": lambda: _("The group renamed"),
        "adjust": lambda: _("Ruling, entry %(n)s: %(names)s", n=n, names=names),
        "void": lambda: _("Entry %(n)s voided", n=target.get("corrects")),
        "replace": lambda: _("Entry %(n)s corrected", n=target.get("corrects")),
        "close": lambda: _("Table closed"),
        "swap": lambda: _("Seats swapped, round %(round)s: %(names)s", round=target.get("round"), names=names),
        "released_seat": lambda: _("Seat %(seat)s released: %(names)s", seat=_shown(target.get("seat")), names=names),
        "late_arrival": lambda: _("Late arrival: %(names)s", names=names),
        "withdrawal": lambda: _("Withdrawal: %(names)s", names=names),
    }
    return said[action]() if action in said else action


def where(table: str | None, places: dict[str, dict], titles: dict[str, str]) -> str | None:
    """The table as a person finds it: "Round 2, table 3" at an evening, else its game and day."""
    if table is None:
        return None
    place = places.get(table)
    if place is None:
        return _("table %(table)s", table=table)
    if "round" in place:
        return _("Round %(round)s, table %(number)s", round=place["round"], number=place["number"])
    return f"{titles.get(place['game'], place['game'])} · {format_datetime(place['created_at'], 'd MMM yyyy')}"


def when(at: str) -> str:
    """The time in UTC, 24-hour, day first (the page's script writes it again in the phone's time zone)."""
    value = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return format_datetime(value, "d MMM yyyy, HH:mm") + " UTC"


def rows(actions: list[dict], places: dict[str, dict]) -> list[dict]:
    """Each action as the page lists it: when, what, where (a link to the table), by whom."""
    titles = game_titles()
    return [{"at": a["at"], "when": when(a["at"]), "what": what(a["action"], a["target"]),
             "table": a["target"].get("table"), "where": where(a["target"].get("table"), places, titles),
             "who": who(a["by"], a["target"].get("table"))} for a in actions]
