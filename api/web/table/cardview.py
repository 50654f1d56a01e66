"""Helpers the templates share: the card picker's grid, seat names, times and signed numbers."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from flask_babel import format_decimal, format_time

from referee.cards import RANKS, SUITS

# The picker: two blocks of rank columns (A..7, 8..K) by suit rows; fits 360 px with 44 px keys.
BLOCKS = (RANKS[:7], RANKS[7:])


def picker_rows() -> list[list[str]]:
    """Rows of card texts for the picker: for each block, one row per suit."""
    return [[rank + suit for rank in block] for block in BLOCKS for suit in SUITS]


def seat_name(table: dict, seat) -> str:
    """The name of a seat at this table (`seat` may be a string key of a JSON object)."""
    try:
        return table["players"][int(seat)]["name"]
    except (TypeError, ValueError, IndexError, KeyError):
        return "—"


def when(value) -> str:
    """Show an ISO time in UTC as the reader's language writes it (the page's script moves it to the phone's zone)."""
    if not isinstance(value, datetime):
        try:
            value = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
        except ValueError:
            return str(value or "")
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return format_time(value, "medium")


def number(value) -> str:
    """Write a number as the reader's language does: 1,234 / 1 234, 15.2 / 15,2; a minus sign, not a hyphen; a
    dash for none (the average of no table). The templates' `number` filter."""
    if value is None:
        return "—"
    return ("−" if value < 0 else "") + format_decimal(abs(value))


def signed(value) -> str:
    """Write a score change with its sign: +33, −11, 0 (digits grouped as the reader's language does)."""
    try:
        n = int(value)
    except (TypeError, ValueError):
        return str(value)
    return ("+" if n > 0 else "") + number(n)


def hand_sizes(table: dict) -> list[tuple[str, int]]:
    """The number of cards in each hand, as `(name, count)`, from `deal.hand_sizes` (list or mapping)."""
    sizes = (table.get("deal") or {}).get("hand_sizes")
    if isinstance(sizes, dict):
        return [(seat_name(table, s), n) for s, n in sorted(sizes.items(), key=lambda kv: int(kv[0]))]
    return [(seat_name(table, s), n) for s, n in enumerate(sizes or [])]


CODES = re.compile(r"(?<![\w=])(?:JK|10|[2-9AJQK])[CDHS]?(?:=(?:JK|10|[2-9AJQK])[CDHS])?(?![\w=])")


def cardtext(message) -> str:
    """Show the card codes inside a message as players read them: `QH was just taken` -> `Q♥ was just taken`."""
    from api.web.words.i18n import card_label

    def one(match):
        token = match.group(0)
        if token != "JK" and not token.startswith("JK=") and token[-1] not in "CDHS":
            return token  # a bare rank or number ("15", "A"): not a card
        return card_label(token)

    return CODES.sub(one, str(message or ""))
