"""Players' names beside the log, where they can be forgotten (GDPR art. 17): a "forgettable payload".

Entry 1 (`create`) names its seats by `seats`: ids that say nothing about anyone (`person`). Their names are
rows of `seat_names`, which the log never hashes: forgetting a player sets her row's name to NULL and gives
her a number, and every chain still verifies. A replay reads entry 1 with `players` filled from those rows (her
label once forgotten), so the referee and everything after it see names as before.

Logs written before (names inside entry 1, `players`) are moved to this form by migration 0008 or, for an
export made before it, by the import: `split_create` gives the new entry 1 and the names.
"""

from __future__ import annotations

import secrets
import unicodedata
from typing import NamedTuple

FORGOTTEN = "Forgotten player %(number)s"  # the label's key (the pages say it in the reader's language)


ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))  # shown as nothing: "Ana\u200b" looks "Ana"


def readable_name(name: str) -> str:
    """A name as it is kept and shown: without zero-width characters, Unicode-normalised (NFC), spaces collapsed.
    Tidied rather than refused: a name pasted from a message often carries one, and the person meant no other."""
    return " ".join(unicodedata.normalize("NFC", name.translate(ZERO_WIDTH)).split())


def name_key(name: str) -> str:
    """How two names are compared: tidied as `readable_name`, case folded ("chloé " is "Chloé", and "Ana" with a
    zero-width space is "Ana": never a second member who looks the same)."""
    return readable_name(name).casefold()


def forgotten_label(number: int) -> str:
    return FORGOTTEN % {"number": number}


def new_person() -> str:
    """An id for a seat's player that says nothing about her (12 hex digits)."""
    return secrets.token_hex(6)


class SeatName(NamedTuple):
    """A seat's player: her id in entry 1, her name (None once forgotten), her forgotten number."""

    seat: int
    person: str
    name: str | None
    forgotten: int | None = None

    @property
    def shown(self) -> str:
        return self.name if self.name is not None else forgotten_label(self.forgotten or 0)


def is_apart(data: dict) -> bool:
    """Whether entry 1's data names its seats by ids (`seats`), not by names (`players`, before migration 0008)."""
    return isinstance(data.get("seats"), list) and "players" not in data


def split_create(data: dict) -> tuple[dict, list[str]]:
    """An old entry 1 (`players`: names) as the new one (`seats`: new ids, in the same key order) and its names."""
    names = list(data["players"])
    out = {("seats" if key == "players" else key): ([new_person() for _ in names] if key == "players" else value)
           for key, value in data.items()}
    return out, names


def named_create(data: dict, seats: list[SeatName]) -> dict:
    """Entry 1's data as the referee reads it: `players`, each seat's name (or her label), in place of `seats`."""
    by_person = {s.person: s.shown for s in seats}
    return {("players" if key == "seats" else key): ([by_person.get(p, "?") for p in value] if key == "seats"
                                                      else value)
            for key, value in data.items()}


def resolved(entries: list, seats: list[SeatName]) -> list:
    """The log with entry 1 read with names (`referee.log.Entry` items); any other log as it is."""
    if not entries or entries[0].seq != 1 or not is_apart(entries[0].data):
        return entries
    first = entries[0]
    return [type(first)(first.seq, first.type, first.seat, first.at, named_create(first.data, seats)), *entries[1:]]
