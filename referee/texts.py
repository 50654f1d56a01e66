"""Card texts from a table and violations built without the dataclass `__init__`.

Both are for the hot paths of the judges (`referee.runs`, `referee.continental.exit_faults`),
which name many cards and build many violations per call: a violation made here is equal in
every way to the one `Violation(...)` makes, only several times faster to build.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from referee.cards import SUITS, Card, full_deck
from referee.violations import N_, SUIT_NAMES, Violation  # noqa: F401 - SUIT_NAMES: the English fill's

# The keys the run check (`referee.runs`) and the exit judge (`continental/exit_faults.py`) share: the same words.
MIX = N_("a run is of one suit; these cards mix %(suits)s: %(cards)s")
OTHER_SUIT = N_("%(card)s: this run is in %(suit)s, a wild in it stands for one of its %(suit)s, e.g. %(example)s")
NOT_OWN_PLACE = N_("%(card)s is not at its own place in a run of %(suit)s; announce the card it stands for, "
                   "e.g. %(example)s")
NEEDS_ANNOUNCED = N_("%(card)s is wild and needs an announced card, e.g. %(example)s")
LOST = N_("%(card)s is wild and needs an announced card")
TWICE = N_("%(card)s twice: identical cards cannot stand in one run")
WRAPS = N_("K-A-2 wraps around the ace: an ace is low (A-2-3) or high (Q-K-A), never both")
NOT_CONSECUTIVE = N_("these cards are not consecutive: %(cards)s")
NO_NATURAL = N_("this run has no natural card: a 2 or a joker never counts as the natural a run needs")

Make = Callable[..., Violation]  # (rule, key, card, params=None) -> a violation where it stands

_new = object.__new__
if (tuple(f.name for f in fields(Violation)) == ("rule", "key", "params", "run", "meld", "card", "entry")
        and "__slots__" not in vars(Violation) and not hasattr(Violation, "__post_init__")):
    def violation(rule: str, key: str, card: str | None = None, run: int | None = None,
                  meld: int | None = None, entry: int | None = None, params: dict | None = None) -> Violation:
        """Build `Violation(rule, key, params, run, meld, card, entry)`, equal in every way, several times faster."""
        v = _new(Violation)
        v.__dict__.update(rule=rule, key=key, params=params, run=run, meld=meld, card=card, entry=entry)
        return v
else:  # pragma: no cover - Violation changed shape: take its own constructor
    def violation(rule: str, key: str, card: str | None = None, run: int | None = None,
                  meld: int | None = None, entry: int | None = None, params: dict | None = None) -> Violation:
        return Violation(rule, key, params, run=run, meld=meld, card=card, entry=entry)


def maker(where: dict | None) -> Make:
    """Build violations at `where` (e.g. `{"run": 2}`), as `Violation(rule, key, params, card=card, **where)` does."""
    if not where:
        return violation
    if where.keys() <= {"run", "meld", "entry"}:
        run, meld, entry = where.get("run"), where.get("meld"), where.get("entry")
        return lambda rule, key, card, params=None: violation(rule, key, card, run, meld, entry, params)
    return lambda rule, key, card, params=None: Violation(rule, key, params, card=card, **where)


_CARD_TEXT: dict = {}  # Card or Placed -> canonical text; every real card, wilds' announcements included
for _card in full_deck(jokers=1):
    _CARD_TEXT[_card] = _CARD_TEXT[(_card, None)] = _card.text
for _wild in [c for c in _CARD_TEXT if type(c) is Card and c.rank in (0, 2)]:
    for _card in [c for c in _CARD_TEXT if type(c) is Card and c.rank]:
        _CARD_TEXT[(_wild, _card)] = f"{_wild.text}={_card.text}"
_get_text = _CARD_TEXT.get
# (position in a run, suit) -> text of the card there: (14, "H") -> "AH"
PLACE_TEXT = {(14 if c.rank == 1 else c.rank, c.suit): c.text for c in _CARD_TEXT if type(c) is Card and c.rank}
PLACE_TEXT.update({(1, c.suit): c.text for c in _CARD_TEXT if type(c) is Card and c.rank == 1})
MIXED_SUITS = {}  # frozenset of suits -> the suits in their order, e.g. ("C", "H")
for _mask in range(1, 16):
    _suits = [s for i, s in enumerate(SUITS) if _mask >> i & 1]
    MIXED_SUITS[frozenset(_suits)] = tuple(_suits)


def text(item) -> str:
    """Canonical text of a card or a placed card (`7H`, `JK=7H`)."""
    found = _get_text(item)
    if found is None:
        found = item.text if len(item) == 2 and isinstance(item[1], str) else item[0].text if item[1] is None \
            else f"{item[0].text}={item[1].text}"
        if len(_CARD_TEXT) < 8192:
            _CARD_TEXT[item] = found
    return found


def place_text(position: int, suit: str) -> str:
    """Text of the card at `position` (1..14) of a run of `suit`."""
    return PLACE_TEXT.get((position, suit)) or text(Card(1 if position == 14 else position, suit))
