"""An entry's cards written as their canonical text (`10H`, `JK=7H`) before it is judged or written (K-1).

Each game's `fields.py` says which field of which of its entry types holds cards, and how (`CARDS`: a card, a
list of cards, of placed cards, a list of melds, the hands by seat); its `Game` canonicalises an entry with it
(`Game.canonical`). A card that is not one is a `CardError` (400, K-1); a field that is not the list it should
be is `Malformed` (400), naming the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from referee.cards import parse_card
from referee.melds import parse_placed
from referee.violations import N_, Malformed

Reader = Callable[[object, str], object]  # (the field's value, its name) -> the value, its cards canonical


def shown(value: object) -> str:
    """A value as a message shows it: its repr, cut at 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def card(value: object, name: str) -> str:
    """One card: `10h` is `10H`."""
    return parse_card(value).text


def placed(value: object, name: str) -> str:
    """One card as laid, its wild's announcement with it: `jk=7h` is `JK=7H`."""
    return parse_placed(value).text


def listed(read: Reader) -> Reader:
    """A list of what `read` reads."""
    def cards(value: object, name: str) -> list:
        if not isinstance(value, list):
            raise Malformed(N_("`%(field)s` is a list of cards, not %(value)s"), field=name, value=shown(value))
        return [read(v, name) for v in value]
    return cards


cards = listed(card)  # plain cards: a hand
laid = listed(placed)  # cards as laid: a lay-off


def melds(value: object, name: str) -> list:
    """A list of melds (or runs), each a list of cards as laid."""
    if not isinstance(value, list):
        raise Malformed(N_("`%(field)s` is a list of card lists, not %(value)s"), field=name, value=shown(value))
    return [laid(v, name) for v in value]


def hands(value: object, name: str) -> dict:
    """The cards left in each seat's hand: `{"1": [cards]}`."""
    if not isinstance(value, dict):
        raise Malformed(N_("`%(field)s` maps each seat to the cards left in its hand, not %(value)s"), field=name,
                        value=shown(value))
    return {seat: cards(held, f"{name}.{seat}") for seat, held in value.items()}


def canonical(readers: Mapping[str, Mapping[str, Reader]], type_: object, data: dict) -> dict:
    """`data` of an entry of `type_` with its cards canonical, by a game's `readers` (type -> field -> reader); a
    `replace` canonicalises the entry it holds, by that entry's type."""
    out = dict(data)
    for name, read in readers.get(type_, {}).items() if isinstance(type_, str) else ():
        if name in out:
            out[name] = read(out[name], name)
    inner = out.get("entry")
    if type_ == "replace" and isinstance(inner, dict):
        out["entry"] = canonical(readers, inner.get("type"), inner)
    return out
