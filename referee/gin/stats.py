"""Gin rami figures, per seat: hands won (G-9), gins and undercuts (G-9), knocks not valid (G-12) and void hands
(G-10), and the points won."""

from __future__ import annotations

FIGURES = ("hands_won", "gins", "undercuts", "invalid_knocks", "points_won")
BY_RULE: tuple[str, ...] = ()


class Watcher:
    """Counts, while the log replays, each seat's knocks and what its hands came to."""

    def __init__(self, summary):
        self.summary = summary

    def entry(self, entry, verdict, state) -> None:
        if entry.type == "knock" and verdict is not None and not verdict.get("valid"):
            self.summary.count(entry.seat, "invalid_knocks", entry.seq)

    def ended(self, entry, result, points) -> None:
        """A hand ended: its winner, and how (a void hand counts for nobody)."""
        winner = result["winner"]
        if winner is None:
            return
        self.summary.count(winner, "hands_won", entry.seq)
        self.summary.count(winner, "points_won", entry.seq, points[winner])
        if result.get("gin"):
            self.summary.count(winner, "gins", entry.seq)
        if result.get("undercut"):
            self.summary.count(winner, "undercuts", entry.seq)


def final(table) -> tuple[str, list[int] | None, list[int]]:
    """Status, winners and totals (G-11)."""
    return ("finished" if table.finished else "playing", None if table.winners is None else list(table.winners),
            table.totals())
