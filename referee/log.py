"""Replay of a table's log (E-1, E-2): corrections first, then a fold through the game.

The game is the one entry 1 names (`referee.games`); what it gives the fold is `referee.game.Rules`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from referee import closing, games
from referee.entry import CORRECTIONS, Entry, effective
from referee.game import Game
from referee.violations import N_, Malformed, Refusal, Violation


def game_of(entries: list[Entry]) -> Game:
    """The game a log is played at: the one its entry 1 names."""
    return games.get(entries[0].data["game"])


@dataclass
class Replay:
    """The state a log replays to, with the verdict of every judged entry by seq."""

    state: Any
    verdicts: dict[int, dict] = field(default_factory=dict)
    voided: set[int] = field(default_factory=set)
    replaced: dict[int, int] = field(default_factory=dict)  # target seq -> seq of the replace entry


def _untold(state, at) -> None:
    """A game without a clock is not told of corrections."""


def _unheard(state, entry, correction) -> None:
    """A game that keeps nothing of a corrected entry is not told of it."""


def withdrawals(entries: list[Entry]) -> list[tuple[Entry, Entry]]:
    """Each correction with the entry it takes back, as that entry stood then, in the order of their targets
    (then of the corrections): `(entry, correction)`. The log is one `effective` has read (its corrections
    are sound)."""
    standing = {e.seq: e for e in entries if e.type not in CORRECTIONS}
    out = []
    for correction in entries:
        if correction.type not in CORRECTIONS:
            continue
        target = standing[correction.data["target"]]
        out.append((target, correction))
        if correction.type == "replace":
            body = dict(correction.data["entry"])
            standing[target.seq] = Entry(target.seq, body.pop("type"), body.pop("seat", None), target.at, body)
    return sorted(out, key=lambda pair: pair[0].seq)  # stable: a target's corrections stay in log order


def replay(entries: Iterable[Entry], observe=None) -> Replay:
    """Fold the whole log (already accepted) into its state.

    `observe(entry, verdict, state)`, when given, is called after each effective entry folds (a replacement
    in its target's place, voided entries and corrections left out): a fold of its own (statistics) rides
    along the replay instead of replaying again.
    """
    entries = list(entries)
    if not entries or entries[0].type != "create":
        raise Malformed("a log starts with its `create` entry")
    game = game_of(entries).rules
    effective_entries, voided, replaced = effective(entries)
    state = game.start(effective_entries[0])
    out = Replay(state, voided=voided, replaced=replaced)
    corrected = getattr(game, "corrected", _untold)
    marks = [(e.seq, e.at) for e in entries if e.type in CORRECTIONS] if corrected is not _untold else []
    told, marked = 0, len(marks)  # corrections told to the game so far, in log order
    withdrawn = getattr(game, "withdrawn", _unheard)
    taken = withdrawals(entries) if withdrawn is not _unheard and (voided or replaced) else []
    heard, back = 0, len(taken)  # corrected entries told to the game so far, at their place in the fold
    for entry in effective_entries[1:]:
        while heard < back and taken[heard][0].seq <= entry.seq:
            withdrawn(state, *taken[heard])
            heard += 1
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
    for pair in taken[heard:]:
        withdrawn(state, *pair)
    if told < marked:
        corrected(state, marks[-1][1])
    return out


def append(entries: list[Entry], current: Replay, entry: Entry) -> Replay:
    """Check `entry` against the replayed log and fold it in (raises Refusal / Malformed).

    `current` is the replay of `entries` and is not changed. A correction replays
    the whole corrected log: the first entry that no longer replays is named.
    """
    game = game_of(entries).rules
    if entry.type in CORRECTIONS:
        closing.guard_correction(current.state, entry)  # E-7: at a closed table, the host's alone
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
