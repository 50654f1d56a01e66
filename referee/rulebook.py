"""The check/fold/apply of a table's entries and who may write them (E-2), the same for every game.

A game gives its rule book: each entry type's (check, fold), its field check, the seat that writes an entry of
a type, and the types only the host corrects. The `Rulebook` then gives the game's `check`, `fold`, `apply` and
`actor` (`referee.game.Rules`). The check reads the table and raises the refusal or gives the facts; the fold
enters those facts and never refuses, so a refused entry has changed nothing, whatever the check found first.
Each folded entry records the seat that may correct it (`state.actors`, `referee.actors`): the seat that wrote
it, as the table stood when it was written, or None (the host only).

Every game's book also holds the server's `close` (E-7, `referee.closing`), and every entry is first asked
whether the table is closed: after a close no seat writes (409), whatever the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from referee import closing, scorekeeping
from referee.entry import CORRECTIONS, Entry

Check = Callable[[Any, Entry], Any]
Fold = Callable[[Any, Entry, Any], "dict | None"]
SeatOf = Callable[[Any, object, object, dict], "int | None"]  # (state, type, seat, data) -> the writing seat


class Rulebook:
    """One game's entry types with their (check, fold), applied the one way every game applies them.

    `fields(entry, tracking)` refuses a field the entry's type does not take (400); `seat_of(state, type, seat,
    data)` is the seat whose token writes such an entry (None: the host only); `unknown(entry)` raises the
    refusal of a type the game does not know; `host_corrects` are the types only the host voids or replaces.
    """

    __slots__ = ("rules", "fields", "seat_of", "unknown", "host_corrects", "apply")

    def __init__(self, rules: Mapping[str, tuple[Check, Fold]], fields: Callable[[Entry, str], None],
                 seat_of: SeatOf, unknown: Callable[[Entry], NoReturn], host_corrects: frozenset[str] = frozenset()):
        self.rules = {**rules, closing.TYPE: (closing.check, closing.fold)}  # E-7, the same for every game
        self.fields, self.seat_of, self.unknown = fields, seat_of, unknown
        self.host_corrects = host_corrects
        self.apply = _applier(self)

    def rule(self, entry: Entry) -> tuple[Check, Fold]:
        """The (check, fold) of the entry's type; an unknown type is refused."""
        return self.rules.get(entry.type) or self.unknown(entry)

    def corrector(self, state, entry: Entry) -> int | None:
        """The seat that may void or replace `entry` (None: the host only), as the table stands before it."""
        if entry.type in self.host_corrects:
            return None
        return self.seat_of(state, entry.type, entry.seat, entry.data)

    def check(self, state, entry: Entry) -> tuple[int | None, Any]:
        """Check `entry` against the table, changing nothing: raise the refusal (naming the rule), or give what
        `fold` enters: the seat that may correct it (E-2) and the facts of its rule."""
        checker, _ = self.rule(entry)
        closing.guard(state, entry)  # E-7: a closed table takes no seat's entry (409)
        if entry.type != closing.TYPE:  # the close reads its own fields
            self.fields(entry, state.tracking)
            scorekeeping.check(state, entry)  # `by`: the seat whose phone wrote a result for the table
        return self.corrector(state, entry), checker(state, entry)

    def fold(self, state, entry: Entry, checked: tuple[int | None, Any]) -> dict | None:
        """Enter a checked entry into the table; give its verdict, if it has one."""
        _, folder = self.rule(entry)
        seat, facts = checked
        verdict = folder(state, entry, facts)
        state.actors[entry.seq] = seat
        return verdict

    def actor(self, state, entry: Entry) -> int | None:
        """The seat whose token may write `entry` (None: the host only).

        A correction is the seat's that wrote its target (a replacement acting for that same seat too); any other
        correction is the host's (E-2).
        """
        if entry.type in CORRECTIONS:
            target = entry.data.get("target")
            seat = state.actors.get(target) if isinstance(target, int) and not isinstance(target, bool) else None
            if entry.type == "replace":
                body = entry.data.get("entry")
                if not isinstance(body, dict) or self.seat_of(state, body.get("type"), body.get("seat"), body) != seat:
                    return None  # a replacement acting for another seat is the host's to write
            return seat
        return self.seat_of(state, entry.type, entry.seat, entry.data)


def _applier(book: Rulebook) -> Callable[[Any, Entry], dict | None]:
    """`book.fold(state, entry, book.check(state, entry))` in one step, the replay's path: what it reads is held in
    the closure, as a replay calls it once an entry."""
    rules, fields, seat_of, unknown, host_corrects = book.rules, book.fields, book.seat_of, book.unknown, \
        book.host_corrects

    def apply(state, entry: Entry) -> dict | None:
        """Check the entry, then fold it into the table; its verdict, if it has one."""
        type_ = entry.type
        try:
            checker, folder = rules[type_]
        except KeyError:
            unknown(entry)
        if state.closed is not None:
            closing.guard(state, entry)  # E-7: a closed table takes no seat's entry (409)
        if type_ != closing.TYPE:  # the close reads its own fields
            fields(entry, state.tracking)
            if "by" in entry.data:
                scorekeeping.check(state, entry)
        seat = None if type_ in host_corrects else seat_of(state, type_, entry.seat, entry.data)  # as it stood
        facts = checker(state, entry)  # a refusal leaves here: nothing has changed
        verdict = folder(state, entry, facts)
        state.actors[entry.seq] = seat
        return verdict

    return apply
