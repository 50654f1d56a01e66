"""Undo last (E-2): what each hand at the table is offered to void in one tap.

A seat is offered its own newest entry while nothing by another hand (another seat, the table, the clock)
stands after it: voiding an entry others have played on would not replay, so that one is History's to correct.
The host is offered the table's newest entry, and each seat's newest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.entry import Entry

NEVER = ("create", "void", "replace", "timeout")  # never offered: not a phone's own entry, or a correction
CLOCK = "clock"  # the hand of the server's timeouts


def hand_of(entry: Entry, actors) -> int | str | None:
    """Whose entry it is: its seat (an exit too, though only the host may void it, E-2), else the seat that
    may correct it (a deal: its dealer), else None (the table); the server's timeouts are the clock's."""
    if entry.type == "timeout":
        return CLOCK
    return entry.seat if entry.seat is not None else actors.get(entry.seq)


def offered_to(entry: Entry, actors, seat: int | None) -> bool:
    """Whether `seat` (None: the host) is offered to undo `entry`: the host any entry, a seat only what the
    referee lets it void (`actors`, the seat that may correct each entry): its own, never an exit (E-2
    *Reading*), so a phone is never offered what the rules refuse it."""
    return entry.type not in NEVER and (seat is None or actors.get(entry.seq) == seat)


@dataclass
class Undoable:
    """What one hand may undo now: `last` in one tap; for the host also `seats`, each seat's newest entry."""

    last: Entry | None = None
    seats: dict[int, Entry] = field(default_factory=dict)


def undoable(reading, seat: int | None) -> Undoable:
    """What `seat` (None: the host) may undo now, in the log as corrected."""
    kept, state = reading.kept, reading.replay.state
    actors = getattr(state, "actors", {})
    newest = kept[-1] if kept else None  # only the newest entry can be undone in one tap
    out = Undoable(newest if newest and offered_to(newest, actors, seat) else None)
    if seat is None:
        for entry in reversed(kept):
            hand = hand_of(entry, actors)
            if entry.type not in NEVER and isinstance(hand, int) and hand not in out.seats:
                out.seats[hand] = entry
            if len(out.seats) == len(state.players):
                break
        out.seats = {h: e for h, e in sorted(out.seats.items()) if out.last is None or e.seq != out.last.seq}
    return out


def recent(reading, seat: int | None, back: int = 3) -> list[Entry]:
    """The table's `back` newest entries (as corrected, newest first) that `seat` (None: the host) may correct:
    the table page offers each in one tap (a correction up to 3 back in 3 taps, issue 18 §7)."""
    actors = getattr(reading.replay.state, "actors", {})
    newest = [e for e in reversed(reading.kept) if e.type not in NEVER][:back]
    return [e for e in newest if offered_to(e, actors, seat)]


def as_they_stand(entries: Iterable[Entry]) -> dict[int, Entry]:
    """Every entry but the corrections by seq, as it stands: a replacement in its target's place (E-2),
    voided entries too (a page says what was undone)."""
    out: dict[int, Entry] = {}
    for entry in entries:
        if entry.type == "replace" and isinstance(entry.data.get("entry"), dict):
            body = dict(entry.data["entry"])
            target = entry.data["target"]
            out[target] = Entry(target, body.pop("type"), body.pop("seat", None), entry.at, body)
        elif entry.type != "void":
            out[entry.seq] = entry
    return out
