"""Play again: a finished table's one next table, whichever phone of the table asks, however many times.

The next table's id and tokens are derived from the finished table's id under the server's secret (an HMAC),
never drawn: two phones asking at once (two workers, two hosts) name the same table, and the database's
primary key lets only one of them write it (SQLite and PostgreSQL alike); the other finds it written. A phone
that held the finished table's host token is given the next table's host token, a phone that held seat N's
token seat N's: the tokens need no storing, and nobody without the secret can work them out. The next table
joins the group of the one it follows.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

import sqlalchemy as sa

from api.application import context, service
from api.application.commands import CreateTable

PREFIX = "next-table:"


def _derived(*parts: object, size: int) -> str:
    text = PREFIX + ":".join(str(p) for p in parts)
    digest = hmac.new(context.current().secret.encode(), text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:size]).decode().rstrip("=")


def next_id(table_id: str) -> str:
    """The id the table after `table_id` has (or will have): 12 characters, like a drawn one."""
    return _derived(table_id, size=9)


def host_token(table_id: str) -> str:
    """The host token of the table after `table_id`."""
    return _derived(next_id(table_id), "host", size=24)


def seat_token(table_id: str, seat: int) -> str:
    """Seat `seat`'s token at the table after `table_id`."""
    return _derived(next_id(table_id), "seat", seat, size=24)


def existing(table_id: str) -> str | None:
    """The id of the table after `table_id`, if it is open."""
    found = next_id(table_id)
    return found if context.current().store.table(found) is not None else None


def open_next(table_id: str, command: CreateTable) -> tuple[str, bool]:
    """Open the table after `table_id` with `command` (service.create_table's), unless it is open already:
    `(its id, whether this call opened it)`. Only the call that opens it puts it in the group."""
    store = context.current().store
    found = next_id(table_id)
    if store.table(found) is not None:
        return found, False
    seats = len(command.players)
    tokens = (found, host_token(table_id), [seat_token(table_id, s) for s in range(seats)])
    try:
        created = service.create_table(command, tokens=tokens)
    except sa.exc.IntegrityError:  # another phone's request wrote it first: the same table
        return found, False
    groups = context.current().groups
    group = groups.group_of(table_id)
    if group is not None:
        # the same members as the table before, by seat, under the group's lock: one forgotten since her name was
        # read is not made again from it
        groups.add_group_table(group[0], found, [s["name"] for s in created["seats"]],
                               group[1] if len(group[1]) == seats else None)
    return found, True
