"""An entry as a client sends it (`type`, `seat` and its fields: the API's body or a page's form) read into its
command, `PostEntry`: what a client may write is the application's to say, not each edge's.

A client writes no server type (`create`, `timeout`, `close`: E-7), no field the server writes (`seq`, `hash`,
`by`...), a seat number from 0, and a quick score's numbers (api.application.quick_scores); each refusal is a 400
whose message is a key with its parameters, naming the field (the pages say it in French).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from api.application.commands import PostEntry
from api.application.errors import FieldErrors
from api.application.quick_scores import check_quick
from referee.canonical import shown
from referee.violations import N_, Malformed

T = TypeVar("T")

SERVER_FIELDS = ("seq", "at", "hash", "seal")  # an entry's fields that only the server writes (or its exports)
WRITER_FIELDS = ("by",)  # who wrote it: a correction's token, seat or host (E-2 *Reading*); the seat whose phone
# wrote a scorekeeping table's deal or result for the table (referee.scorekeeping)
MAX_PLAYERS = 10
SERVER_TYPES = ("create", "timeout", "close")  # entries that only the server writes (close: E-7)
NOT_A_VERSION = N_("`expected_version` is the version of the log the entry was entered on, a whole number from 1, "
                   "not %(value)s")


def post_entry(table_id: str, token: str | None, expected_version: object, fields: dict,
               key: str | None = None) -> PostEntry:
    """The entry `fields` (with its `type` and `seat`), written on `expected_version`, as its command."""
    if not isinstance(expected_version, int) or isinstance(expected_version, bool) or expected_version < 1:
        raise Malformed(NOT_A_VERSION, value=shown(expected_version))
    entry = dict(fields)
    type_ = entry.pop("type", None)
    if not isinstance(type_, str) or not type_:
        raise Malformed(N_("the entry needs `type`, a text such as draw, discard or exit"))
    if type_ in SERVER_TYPES:
        raise Malformed(N_("%(type)s entries are written by the server only"), type=type_)
    seat = entry.pop("seat", None)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_PLAYERS):
        raise Malformed(N_("`seat` is a seat number, 0 to %(last)s, not %(value)s"), last=MAX_PLAYERS - 1,
                        value=shown(seat))
    taken = [name for name in SERVER_FIELDS + WRITER_FIELDS if name in entry]
    if taken:
        raise Malformed(N_("%(fields)s: written by the server, not sent with the entry"),
                        fields=", ".join(f"`{name}`" for name in taken))
    check_quick(type_, entry)
    return PostEntry(table_id, token, expected_version, type_, seat, entry, key)


UNREADABLE = (Malformed, FieldErrors)  # what reading a command raises


def command(read: Callable[[], T], who: Callable[[], object]) -> T:
    """`read()`'s command; if what was sent is unreadable (400), `who()` raises first when it would (API.md's
    order: an unknown table is a 404, a token it does not know a 401 or 403, before a bad body's 400)."""
    try:
        return read()
    except UNREADABLE:
        who()
        raise
