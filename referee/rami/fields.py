"""Reading an entry's fields: a missing or wrong-typed field is Malformed (400), a bad card K-1."""

from __future__ import annotations

from typing import TypeGuard

from referee import canonical
from referee.cards import Card, CardError, parse_card
from referee.entry import Entry
from referee.melds import Placed, parse_placed
from referee.violations import Malformed

# The fields each entry type takes besides `type` and `seat` (API.md); any other is malformed.
FIELDS = {
    "deal": frozenset({"dealer", "by"}),  # by: the seat whose phone wrote it (referee.scorekeeping)
    "draw": frozenset({"from"}),
    "discard": frozenset({"card"}),
    "meld": frozenset({"melds"}),
    "lay_off": frozenset({"meld", "cards"}),
    "retrieve_joker": frozenset({"meld", "card"}),
    "hand": frozenset({"cards"}),
    "round": frozenset({"winner", "hands", "points", "by"}),  # points: a quick score (referee.rami.quick)
    "timeout": frozenset({"for_seat"}),
    "adjust": frozenset({"scores", "reason"}),  # E-5, referee.adjust
    "confirm": frozenset({"target"}),  # E-6, referee.confirmations
    "dispute": frozenset({"target"}),
}

# The fields that hold cards, by entry type, and how they are written (referee.canonical): a hand's `cards` are plain
# cards, a lay-off's are laid (a wild with its announcement).
CARDS: dict[str, dict[str, canonical.Reader]] = {
    "discard": {"card": canonical.card},
    "retrieve_joker": {"card": canonical.card},
    "meld": {"melds": canonical.melds},
    "lay_off": {"cards": canonical.laid},
    "hand": {"cards": canonical.cards},
    "round": {"hands": canonical.hands},
}


def canonical_cards(type_: object, data: dict) -> dict:
    """An entry's fields with their cards as canonical text, by CARDS (the game's `Game.canonical`)."""
    return canonical.canonical(CARDS, type_, data)


def check_fields(entry: Entry) -> None:
    """Refuse a field that this entry type does not take (400), naming it; missing fields are the handler's."""
    data = entry.data
    if not isinstance(data, dict):
        raise Malformed("%(type)s: the entry's fields must be a JSON object", type=entry.type)
    takes = FIELDS[entry.type]
    if data.keys() <= takes:
        return  # the common case, checked cheaply
    extra = data.keys() - takes
    if "seat" in extra and data["seat"] == entry.seat:
        extra.discard("seat")  # the acting seat, said twice alike
        if not extra:
            return
    allowed = " and ".join(f"`{name}`" for name in sorted(takes))
    raise Malformed("%(type)s does not take %(names)s: it takes %(allowed)s", type=entry.type,
                    names=sorted(map(str, extra)), allowed=allowed)


def whole(value: object) -> TypeGuard[int]:
    """A whole number, not a bool (JSON's true is no seat)."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat_field(entry: Entry, players: int) -> int:
    """The acting seat of `entry`: a seat number of this table."""
    seat = entry.seat
    if not whole(seat) or not 0 <= seat < players:
        raise Malformed("%(type)s needs `seat`, a seat number from 0 to %(last)s", type=entry.type, last=players - 1)
    return seat


def int_field(entry: Entry, name: str, key: str, **params) -> int:
    """The whole number in field `name`; else Malformed with `key` (`%(type)s needs `dealer`...`)."""
    value = entry.data.get(name)
    if not whole(value):
        raise Malformed(key, type=entry.type, **params)
    return value


def card_field(entry: Entry, name: str = "card") -> Card:
    if name not in entry.data:
        raise Malformed("%(type)s needs `%(field)s`, a card like 7H", type=entry.type, field=name)
    try:
        return parse_card(entry.data[name])
    except CardError as exc:
        raise Malformed("`%(field)s`: %(cause)s", rule="K-1", field=name, cause=exc.cause()) from None


def cards_of(value: object, name: str, entry_type: str, empty: bool = False) -> list[Card]:
    if not isinstance(value, list) or (not value and not empty):
        raise Malformed("%(type)s needs `%(field)s`, a list of cards like [\"7H\", \"8H\"]", type=entry_type,
                        field=name)
    try:
        return [parse_card(t) for t in value]
    except CardError as exc:
        raise Malformed("`%(field)s`: %(cause)s", rule="K-1", field=name, cause=exc.cause()) from None


def placed_of(value: object, name: str, entry_type: str) -> list[Placed]:
    if not isinstance(value, list) or not value:
        raise Malformed("%(type)s needs `%(field)s`, a list of cards like [\"JK=7H\", \"8H\", \"9H\"]",
                        type=entry_type, field=name)
    try:
        return [parse_placed(t) for t in value]
    except CardError as exc:
        raise Malformed("`%(field)s`: %(cause)s", rule="K-1", field=name, cause=exc.cause()) from None


def seat_key(key: object, players: int) -> int:
    """A seat written as a JSON object key (`"2"`), or as an int."""
    if isinstance(key, str) and key.isdigit():
        key = int(key)
    if not whole(key) or not 0 <= key < players:
        raise Malformed("`hands` is keyed by seat numbers from 0 to %(last)s, not %(value)s", last=players - 1,
                        value=repr(key))
    return key
