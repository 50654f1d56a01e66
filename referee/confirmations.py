"""Confirmation at the table (E-6): a result a seat shows is final once another seat, or the host, confirms it.

A table asks for it when its `create` entry says `"confirmation": true` (a tournament's tables always do). Each
game names the entries that are results shown to the table (`watch`: Continental's `exit` and a seat's
`null_deal`, Rami's `hand` and `round`) and whose they are. A result is the seat's whose phone showed it: the
seat it names (who went out, who won), or, at a table that keeps only the results, the seat whose phone entered
it for the table (`by`, `referee.scorekeeping`); that seat cannot confirm or dispute it. Such an entry counts in
the scores at once, marked as waiting; it is:

- `confirmed` by a `confirm` entry `{"target": seq}` of another seat (`seat`: hers) or of the host (no `seat`;
  the tournament's director is the host of its tables): from then on it is final;
- `disputed` by a `dispute` entry `{"target": seq}` of another seat: it still counts, and the host (or the
  director) settles it: a `confirm` of the host makes it final, a correction (E-2) changes or removes it.

A correction of the entry sets its confirmations and disputes aside (`referee.entry.effective`): a replacement
waits to be confirmed again. Everything is in the log; the fold keeps, per result, its status.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from referee import scorekeeping
from referee.entry import Entry
from referee.violations import Malformed, refuse

TYPES = ("confirm", "dispute")
WAITING, CONFIRMED, DISPUTED = "waiting", "confirmed", "disputed"
HOST = "host"  # `confirmed_by` of the host's (or the director's) confirmation


class Shown(NamedTuple):
    """A result shown to the table: its entry, whose it is, its deal, and where its confirmation stands."""

    seq: int
    type: str
    seat: int | None  # the seat it names: who went out, who won (None: a blocked round, a null deal)
    deal: int
    status: str = WAITING
    confirmed_by: int | str | None = None  # a seat, or HOST
    disputed_by: tuple[int, ...] = ()
    by: int | None = None  # the seat whose phone entered it for the table (results tracking), when not `seat`

    @property
    def owner(self) -> int | None:
        """Whose result it is, the seat that neither confirms nor disputes it: the phone's that entered it for the
        table, else the seat it names."""
        return self.seat if self.by is None else self.by

    def to_dict(self) -> dict:
        return {"seq": self.seq, "type": self.type, "seat": self.seat, "by": self.by, "owner": self.owner,
                "deal": self.deal, "status": self.status, "confirmed_by": self.confirmed_by,
                "disputed_by": list(self.disputed_by)}


def asked(create: Entry) -> bool:
    """Whether the table's entry 1 asks for confirmations (`"confirmation": true`; false when left out)."""
    value = create.data.get("confirmation", False)
    if not isinstance(value, bool):
        raise Malformed("`confirmation` is true or false, not %(value)s", value=repr(value))
    return value


def watch(rules: dict[str, tuple[Callable, Callable]], owners: dict[str, Callable[[Any, Entry], int | None]],
          by_seat_only: frozenset[str] = frozenset()) -> dict:
    """The game's `RULES` with its results watched: after the fold of an entry of `owners`, a table that asks
    for confirmations keeps it as waiting. `owners[type](table, entry)` is the seat the result names;
    `by_seat_only`: types watched only when a seat's phone wrote them for the table (`by`)."""
    out = dict(rules)
    for type_, owner in owners.items():
        check, fold = rules[type_]
        out[type_] = (check, _watched(fold, owner, type_ in by_seat_only))
    out["confirm"] = (check_confirm, confirm)
    out["dispute"] = (check_dispute, dispute)
    return out


def _watched(fold: Callable, owner: Callable, by_seat_only: bool) -> Callable:
    def folded(table, entry: Entry, checked):
        verdict = fold(table, entry, checked)
        if table.confirmations is not None:
            by = scorekeeping.by(entry)
            if by is None and by_seat_only:
                return verdict
            deal = table.deal.number if table.deal is not None else 0
            seat = owner(table, entry)
            table.confirmations[entry.seq] = Shown(entry.seq, entry.type, seat, deal, by=None if by == seat else by)
        return verdict
    folded.__doc__ = fold.__doc__
    return folded


def _target(table, entry: Entry) -> Shown:
    if table.confirmations is None:
        raise refuse("E-6", "this table does not ask for confirmations (it is switched on when the table is made)")
    target = entry.data.get("target")
    if not isinstance(target, int) or isinstance(target, bool):
        raise Malformed("%(type)s needs `target`, the seq of the result it is about", type=entry.type)
    shown = table.confirmations.get(target)
    if shown is None:
        raise refuse("E-6", "entry %(entry)s is not a result to confirm (an exit, a round's hands, a quick score)",
                     entry=target)
    seat = entry.seat
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.players):
            raise Malformed("%(type)s: `seat` is a seat of this table, from 0 to %(last)s", type=entry.type,
                            last=len(table.players) - 1)
        if seat == shown.owner and shown.by is not None:
            raise refuse("E-6", "%(player)s entered this result on their phone: another seat of the table confirms "
                                "or disputes it", player=seat, entry=target)
        if seat == shown.owner:
            raise refuse("E-6", "%(player)s cannot confirm or dispute their own result: another seat of the table "
                                "does", player=seat, entry=target)
    if shown.status == CONFIRMED:
        raise refuse("E-6", "entry %(entry)s is confirmed already: it is final (the host may still correct it, "
                            "E-2)", entry=target)
    return shown


def check_confirm(table, entry: Entry) -> Shown:
    """A seat other than the result's, or the host (no seat), says this is what was shown. A disputed result is
    the host's to confirm."""
    shown = _target(table, entry)
    if shown.status == DISPUTED and entry.seat is not None:
        raise refuse("E-6", "entry %(entry)s is disputed: the host (or the director) confirms it or corrects it",
                     entry=shown.seq)
    return shown


def confirm(table, entry: Entry, shown: Shown) -> None:
    by = HOST if entry.seat is None else entry.seat
    table.confirmations[shown.seq] = shown._replace(status=CONFIRMED, confirmed_by=by)


def check_dispute(table, entry: Entry) -> Shown:
    """A seat other than the result's says it is not what was shown."""
    if entry.seat is None:
        raise Malformed("dispute needs `seat`, the seat that disputes; the host confirms or corrects instead")
    shown = _target(table, entry)
    if entry.seat in shown.disputed_by:
        raise refuse("E-6", "%(player)s has disputed entry %(entry)s already", player=entry.seat, entry=shown.seq)
    return shown


def dispute(table, entry: Entry, shown: Shown) -> None:
    seat = entry.seat
    assert seat is not None  # checked: a dispute is a seat's
    table.confirmations[shown.seq] = shown._replace(status=DISPUTED, disputed_by=(*shown.disputed_by, seat))


def view(confirmations: dict[int, Shown] | None) -> list[dict] | None:
    """The table's results and where each one's confirmation stands, in log order (None: not asked)."""
    if confirmations is None:
        return None
    return [shown.to_dict() for _, shown in sorted(confirmations.items())]


def open_items(confirmations: dict[int, Shown] | None) -> list[Shown]:
    """The results still waiting or disputed, disputed first, then in log order."""
    if not confirmations:
        return []
    return sorted((s for s in confirmations.values() if s.status != CONFIRMED),
                  key=lambda s: (s.status != DISPUTED, s.seq))
