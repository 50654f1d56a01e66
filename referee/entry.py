"""An entry of a table's log, its corrections (E-2), and entry 1 read: what every game folds.

Imports no game: the games import it (`referee.log` folds the log through them, `referee.games` lists them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from referee.violations import N_, Malformed, Refusal, Violation, refuse

CORRECTIONS = ("void", "replace")
# Entries about another entry (its seq in `target`), not corrections: a confirmation or a dispute (E-6,
# referee.confirmations). A void or replace of their target sets them aside (they said it of what it was).
FOLLOWERS = ("confirm", "dispute")


@dataclass(frozen=True)
class Entry:
    """One entry of the log: numbered, time-stamped by the server, never changed."""

    seq: int
    type: str
    seat: int | None
    at: datetime
    data: dict = field(default_factory=dict)  # the entry's other fields


TRACKINGS = ("full", "results")


def read_create(entry: Entry, seats: range, rule: str, game: str) -> tuple[list[str], str]:
    """Read entry 1's players (refused under `rule` outside `seats`) and tracking level."""
    players = entry.data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Malformed("create needs `players`, a list of names")
    if len(players) not in seats:
        raise Refusal([Violation(rule, N_("%(game)s is played by %(least)s to %(most)s players, not %(n)s"),
                                 {"game": game, "least": seats.start, "most": seats.stop - 1, "n": len(players)})])
    tracking = entry.data.get("tracking", "full")
    if tracking not in TRACKINGS:
        raise Malformed("`tracking` is full or results, not %(value)s", value=repr(tracking))
    return list(players), tracking


def effective(entries: Iterable[Entry]) -> tuple[list[Entry], set[int], dict[int, int]]:
    """Apply corrections: drop voided entries, put replacements in their target's place (E-2)."""
    entries = list(entries)
    by_seq = {e.seq: i for i, e in enumerate(entries)}
    current: list[Entry | None] = list(entries)
    voided: set[int] = set()
    replaced: dict[int, int] = {}
    about: dict[object, list[int]] = {}  # seq -> indexes of the entries about it (FOLLOWERS) written so far
    for index, entry in enumerate(entries):
        if entry.type in FOLLOWERS:
            about.setdefault(entry.data.get("target"), []).append(index)
        if entry.type not in CORRECTIONS:
            continue
        target = check_correction(entry, entry.data.get("target"), by_seq, current, voided)
        for follower in about.pop(target, ()):  # what was said about the corrected entry is set aside
            if current[follower] is not None:
                current[follower] = None
                voided.add(entries[follower].seq)
        index = by_seq[target]
        if entry.type == "void":
            current[index] = None
            voided.add(target)
        else:
            original = entries[index]
            body = dict(entry.data["entry"])
            current[index] = Entry(original.seq, body.pop("type"), body.pop("seat", None), original.at, body)
            replaced[target] = entry.seq
        current[by_seq[entry.seq]] = None
    return [e for e in current if e is not None], voided, replaced


CORRECTION_FIELDS = {"void": {"target", "by"}, "replace": {"target", "entry", "by"}}
HOST = "host"  # `by` of a correction the host's token wrote


def written_by(correction: Entry) -> int | str | None:
    """Who wrote a correction: its seat, `HOST`, or None for a log written before the server kept `by` (such a
    correction reads as the host's did then: it reopens what it takes away, E-2)."""
    return correction.data.get("by")


def check_correction(entry: Entry, target: Any, by_seq: dict, current: list, voided: set) -> int:
    """Refuse a void or replace that targets no correctable entry, or carries fields it does not take (E-2);
    give the target's seq."""
    if not isinstance(target, int) or isinstance(target, bool):
        raise Malformed("%(type)s needs `target`, the seq of the entry it corrects", type=entry.type)
    extra = set(entry.data) - CORRECTION_FIELDS[entry.type]
    if extra:
        key = "%(type)s takes only `target` and `entry`, not %(names)s" if entry.type == "replace" \
            else "%(type)s takes only `target`, not %(names)s"
        raise Malformed(key, type=entry.type, names=sorted(map(str, extra)))
    by = entry.data.get("by", HOST)
    if by != HOST and (not isinstance(by, int) or isinstance(by, bool) or by < 0):
        raise Malformed("%(type)s: `by` is the seat that wrote it, or host, not %(value)s", type=entry.type,
                        value=repr(by))
    if target not in by_seq or target >= entry.seq:
        raise refuse("E-2", "entry %(entry)s is not an earlier entry of this log", entry=target)
    if target == 1:
        raise refuse("E-2", "the table's creation (entry 1) cannot be corrected", entry=1)
    if target in voided:
        raise refuse("E-2", "entry %(entry)s is already voided", entry=target)
    if current[by_seq[target]] is None:
        raise refuse("E-2", "entry %(entry)s is a correction; correct the entry it targets", entry=target)
    if entry.type == "replace":
        body = entry.data.get("entry")
        if not isinstance(body, dict) or not isinstance(body.get("type"), str):
            raise Malformed("replace needs `entry`, the entry to put in place of the target, with its `type`")
        if body["type"] in CORRECTIONS or body["type"] in ("create", "close"):  # close: the server's (E-7)
            raise Malformed("a %(type)s entry cannot be a replacement", type=body["type"])
        seat = body.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
            raise Malformed("the replacement for entry %(entry)s: `seat` is a seat number, not %(value)s",
                            entry=target, value=repr(seat))
    return target
