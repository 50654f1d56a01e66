"""Rami figures, per seat: openings and their value (R-9), lay-offs (R-11), jokers retrieved (R-12), rounds
won (R-13), the hand left when a round ends (R-14) and timeouts (R-17)."""

from __future__ import annotations

FIGURES = ("openings", "lay_offs", "jokers", "rounds_won", "hand_left", "timeouts")
BY_RULE: tuple[str, ...] = ()


class Watcher:
    """Counts, while the log replays, what each seat laid, retrieved and was left with."""

    def __init__(self, summary):
        self.summary = summary
        self.hand_entries: dict[int, int] = {}  # seat -> its `hand` entry in the round being scored
        self.won_at: int | None = None  # the discard that won the round being scored

    def entry(self, entry, verdict, state) -> None:
        kind, seat = entry.type, entry.seat
        if kind == "deal":
            self.hand_entries, self.won_at = {}, None
        elif kind == "meld" and verdict and verdict.get("opening"):
            self.summary.count(seat, "openings", entry.seq, verdict["value"])
        elif kind == "lay_off":
            self.summary.count(seat, "lay_offs", entry.seq, len(entry.data.get("cards") or ()))
        elif kind == "retrieve_joker":
            self.summary.count(seat, "jokers", entry.seq)
        elif kind == "timeout":
            self.summary.count(entry.data["for_seat"], "timeouts", entry.seq)
        elif kind == "hand":
            self.hand_entries[seat] = entry.seq
        elif kind == "discard" and verdict and verdict.get("winner") is not None:
            self.won_at = entry.seq

    def ended(self, entry, result, points) -> None:
        """A round was scored: its winner (unless blocked), and the hand each other seat was left with."""
        winner = result["winner"]
        if winner is not None:
            self.summary.count(winner, "rounds_won", self.won_at or entry.seq)
        for seat, value in enumerate(points):
            if seat != winner:
                self.summary.count(seat, "hand_left", self.hand_entries.get(seat, entry.seq), value)
        self.hand_entries, self.won_at = {}, None


def final(table) -> tuple[str, list[int] | None, list[int]]:
    """Status, winners and totals (R-16)."""
    return table.status, None if table.winners is None else list(table.winners), list(table.totals)
