"""One table's log folded into what the group's pages count: its deals, and each seat's figures.

The fold rides along `referee.log.replay` (its `observe` hook): every figure is what the corrected log
replays to (E-2), and each one names the entries it counts, by seq, so a page can link to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from referee import confirmations, games, log
from referee.entry import Entry


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal or round that ended: the entry that ended it, when, its winner and each seat's points. The hand that
    ends a game of points for (G-11) also gives the game's bonuses (`bonuses`, each seat's; none before): the
    result's `scores` hold both, `points` the hand's own, so a hand's figures leave the bonuses out and a CSV
    gives them a row of their own."""

    number: int
    seq: int
    at: datetime
    winner: int | None
    points: tuple[int, ...]
    bonuses: tuple[int, ...] = ()


@dataclass(slots=True)
class Summary:
    """A table as the group counts it. `figures[seat][name]` lists `(seq, value)`: the entries counted."""

    game: str
    players: list[str]
    tracking: str
    status: str = "playing"
    winners: list[int] | None = None
    scores: list[int] = field(default_factory=list)  # final balances or totals (the game's scoring)
    deals: list[Deal] = field(default_factory=list)
    adjustments: list = field(default_factory=list)  # E-5 rulings (referee.adjust.Adjustment), in log order
    waiting: list = field(default_factory=list)  # E-6: seqs of the results not yet confirmed (waiting or disputed)
    disputed: list = field(default_factory=list)  # E-6: those of them disputed (the host settles them)
    figures: list[dict[str, list[tuple[int, object]]]] = field(default_factory=list)

    def won_by(self, seat: int) -> bool:
        """Whether `seat` is among the winners (none while the table plays)."""
        return self.winners is not None and seat in self.winners

    def count(self, seat: int, name: str, seq: int, value: object = None) -> None:
        self.figures[seat].setdefault(name, []).append((seq, value))


def summarise(entries: list[Entry]) -> Summary:
    """Fold a whole log (already accepted) into its summary."""
    first = entries[0].data
    game = games.get(first["game"]).stats
    summary = Summary(first["game"], list(first["players"]), first.get("tracking", "full"))
    summary.figures = [{} for _ in summary.players]
    watch = game.Watcher(summary)

    def observe(entry: Entry, verdict: dict | None, state) -> None:
        watch.entry(entry, verdict, state)
        results = state.results
        if len(results) > len(summary.deals):
            result = results[-1]
            scores, seats = result["scores"], range(len(summary.players))
            given = (result.get("game") or {}).get("bonuses") or {}  # G-11: the game's end, in its last hand
            bonuses = tuple(int(given.get(str(seat), 0)) for seat in seats) if given else ()
            points = tuple(int(scores.get(str(seat), 0)) - (bonuses[seat] if bonuses else 0) for seat in seats)
            summary.deals.append(Deal(result["deal"], entry.seq, entry.at, result["winner"], points, bonuses))
            watch.ended(entry, result, points)

    replayed = log.replay(entries, observe=observe)
    view = game.final(replayed.state)
    summary.status, summary.winners, summary.scores = view
    if replayed.state.closed is not None and summary.status != "finished":
        summary.status = "closed"  # E-7: closed as it stood; it counts as its replay says
    summary.adjustments = list(replayed.state.adjustments)
    summary.waiting = [shown.seq for shown in confirmations.open_items(replayed.state.confirmations)]
    summary.disputed = [shown.seq for shown in confirmations.open_items(replayed.state.confirmations)
                        if shown.status == confirmations.DISPUTED]
    return summary
