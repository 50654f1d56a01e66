"""Replay of a table's log (E-1, E-2): corrections first, then a fold through the game.

A game module (`referee.continental.table`, `referee.rami.table`) provides:

- `start(entry) -> state` from entry 1 (`create`);
- `apply(state, entry) -> verdict | None`: checks the entry against the state
  and raises `Refusal` (422) or `Malformed` (400) *before* changing anything,
  then folds it into the state in place; the verdict is a dict for entries
  that are judged (an exit), else None;
- `view(state) -> dict`: the table as the API shows it (players, deal, results,
  status, winners);
- `due(state, now) -> list[dict]`: entries the server must write by `now`
  (R-17 timeouts), each `{"type", "at", ...}`;
- `actor(state, entry) -> int | None`: the seat whose token may write the entry
  (None: the host only);
- `clone(state) -> state`;
- optionally `corrected(state, at)`: told, while the log folds, that a correction
  was entered at `at` (the latest of those written since the previous entry
  folded), at its place in the log: after every entry written before it, before
  any written after it; so a replay of the first N entries (`?at=N`) sees the
  same. Rami restarts the clock of the turn left open (R-17); a game without it
  is not told.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from referee.violations import N_, Malformed, Refusal, Violation, refuse

CORRECTIONS = ("void", "replace")


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


def game_module(game: str):
    if game == "continental":
        from referee.continental import table
    elif game == "rami":
        from referee.rami import table
    else:
        raise Malformed("unknown game %(value)s: continental or rami", value=repr(game))
    return table


@dataclass
class Replay:
    """The state a log replays to, with the verdict of every judged entry by seq."""

    state: Any
    verdicts: dict[int, dict] = field(default_factory=dict)
    voided: set[int] = field(default_factory=set)
    replaced: dict[int, int] = field(default_factory=dict)  # target seq -> seq of the replace entry


def effective(entries: Iterable[Entry]) -> tuple[list[Entry], set[int], dict[int, int]]:
    """Apply corrections: drop voided entries, put replacements in their target's place (E-2)."""
    entries = list(entries)
    by_seq = {e.seq: i for i, e in enumerate(entries)}
    current: list[Entry | None] = list(entries)
    voided: set[int] = set()
    replaced: dict[int, int] = {}
    for entry in entries:
        if entry.type not in CORRECTIONS:
            continue
        target = entry.data.get("target")
        check_correction(entry, target, by_seq, current, voided)
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


CORRECTION_FIELDS = {"void": {"target"}, "replace": {"target", "entry"}}


def check_correction(entry: Entry, target: Any, by_seq: dict, current: list, voided: set) -> None:
    if not isinstance(target, int) or isinstance(target, bool):
        raise Malformed("%(type)s needs `target`, the seq of the entry it corrects", type=entry.type)
    extra = set(entry.data) - CORRECTION_FIELDS[entry.type]
    if extra:
        key = "%(type)s takes only `target` and `entry`, not %(names)s" if entry.type == "replace" \
            else "%(type)s takes only `target`, not %(names)s"
        raise Malformed(key, type=entry.type, names=sorted(map(str, extra)))
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
        if body["type"] in CORRECTIONS or body["type"] == "create":
            raise Malformed("a %(type)s entry cannot be a replacement", type=body["type"])
        seat = body.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
            raise Malformed("the replacement for entry %(entry)s: `seat` is a seat number, not %(value)s",
                            entry=target, value=repr(seat))


def replay(entries: Iterable[Entry], observe=None) -> Replay:
    """Fold the whole log (already accepted) into its state.

    `observe(entry, verdict, state)`, when given, is called after each effective entry folds (a replacement
    in its target's place, voided entries and corrections left out): a fold of its own (statistics) rides
    along the replay instead of replaying again.
    """
    entries = list(entries)
    if not entries or entries[0].type != "create":
        raise Malformed("a log starts with its `create` entry")
    game = game_module(entries[0].data["game"])
    effective_entries, voided, replaced = effective(entries)
    state = game.start(effective_entries[0])
    out = Replay(state, voided=voided, replaced=replaced)
    corrected = getattr(game, "corrected", None)
    marks = [(e.seq, e.at) for e in entries if e.type in CORRECTIONS] if corrected is not None else []
    told, marked = 0, len(marks)  # corrections told to the game so far, in log order
    for entry in effective_entries[1:]:
        if told < marked and marks[told][0] < entry.seq:
            while told < marked and marks[told][0] < entry.seq:
                told += 1
            corrected(state, marks[told - 1][1])
        try:
            verdict = game.apply(state, entry)
        except Refusal as refusal:
            if isinstance(refusal, Malformed) and entry.seq in replaced:
                raise Malformed("the replacement for entry %(entry)s: %(cause)s",
                                next((v.rule for v in refusal.violations if v.rule), None),
                                entry=entry.seq, cause=refusal.cause()) from None
            raise _at_entry(refusal, entry) from None
        if verdict is not None:
            out.verdicts[entry.seq] = verdict
        if observe is not None:
            observe(entry, verdict, state)
    if told < marked:
        corrected(state, marks[-1][1])
    return out


def append(entries: list[Entry], current: Replay, entry: Entry) -> Replay:
    """Check `entry` against the replayed log and fold it in (raises Refusal / Malformed).

    `current` is the replay of `entries` and is not changed. A correction replays
    the whole corrected log: the first entry that no longer replays is named.
    """
    game = game_module(entries[0].data["game"])
    if entry.type in CORRECTIONS:
        return replay([*entries, entry])
    state = game.clone(current.state)
    verdict = game.apply(state, entry)
    out = Replay(state, dict(current.verdicts), set(current.voided), dict(current.replaced))
    if verdict is not None:
        out.verdicts[entry.seq] = verdict
    return out


def _at_entry(refusal: Refusal, entry: Entry) -> Refusal:
    """Name the entry that fails to replay (E-2)."""
    key = N_("entry %(entry)s (%(type)s) no longer replays: %(cause)s")
    violations = [
        Violation(v.rule, key, {"entry": entry.seq, "type": entry.type, "cause": {"key": v.key, "params": v.params}},
                  v.run, v.meld, v.card, entry.seq)
        for v in refusal.violations
    ] or [Violation("E-2", key, {"entry": entry.seq, "type": entry.type, "cause": refusal.cause()}, entry=entry.seq)]
    return Refusal(violations, title=N_("The corrected log no longer replays"))
