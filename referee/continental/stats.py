"""Rami continental figures, per seat: exits valid and invalid (with the rules broken), their timing and
suit (C-4, C-5, C-12), and the transfers received and paid (C-12)."""

from __future__ import annotations

FIGURES = ("exits", "invalid_exits", "first_turn", "without_drawing", "one_suit", "received", "paid")
BY_RULE = ("invalid_exits",)  # counted rule by rule too: its values are the rules broken
FIRST_TURN, WITHOUT_DRAWING = 7, 10  # C-12: what the timing adds per opponent


class Watcher:
    """Counts, while the log replays, what each seat's exits were."""

    def __init__(self, summary):
        self.summary = summary

    def entry(self, entry, verdict, state) -> None:
        if entry.type != "exit" or verdict is None:
            return
        seat = entry.seat
        if not verdict.get("valid"):
            rules = tuple(dict.fromkeys(v["rule"] for v in verdict.get("violations", []) if v.get("rule")))
            self.summary.count(seat, "invalid_exits", entry.seq, rules)
            return
        settlement = verdict["settlement"]
        parts = settlement["parts"]
        self.summary.count(seat, "exits", entry.seq)
        if parts.get("first_turn") == FIRST_TURN:
            self.summary.count(seat, "first_turn", entry.seq)
        elif parts.get("first_turn") == WITHOUT_DRAWING:
            self.summary.count(seat, "without_drawing", entry.seq)
        if parts.get("one_suit"):
            self.summary.count(seat, "one_suit", entry.seq)

    def ended(self, entry, result, points) -> None:
        """A deal ended: the winner received, each other seat paid (a null deal moves nothing, C-14)."""
        winner = result["winner"]
        if winner is None:
            return
        for seat, delta in enumerate(points):
            if seat == winner:
                self.summary.count(seat, "received", entry.seq, delta)
            else:
                self.summary.count(seat, "paid", entry.seq, -delta)


def final(table) -> tuple[str, list[int] | None, list[int]]:
    """Status, winners and balances (C-15)."""
    return ("finished" if table.finished else "playing",
            None if table.winners is None else list(table.winners), list(table.balances))
