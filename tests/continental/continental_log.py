"""A continental log built entry by entry, the way a table would enter it (helpers for the tests)."""

from __future__ import annotations

from datetime import UTC, datetime

from referee.continental import table as game
from referee.log import Entry, append, replay

AT = datetime(2026, 11, 29, 15, 0, tzinfo=UTC)

# Five runs of three, no wild: 1 + 10 = 11 from each opponent (the seed's example, C-12).
PLAIN_EXIT = [["3C", "4C", "5C"], ["6D", "7D", "8D"], ["9H", "10H", "JH"], ["QS", "KS", "AS"], ["4H", "5H", "6H"]]
# Fillers the tests discard when the card does not matter: no 2, none of PLAIN_EXIT; each once a cycle.
FILLERS = [f"{rank}{suit}" for suit in "SDCH" for rank in ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
           if not any(f"{rank}{suit}" in run for run in PLAIN_EXIT)]


class Play:
    """A table's log, replayed as it grows: `enter` appends like the API does (or raises)."""

    def __init__(self, players: int = 4, tracking: str = "full"):
        names = ["Ana", "Ben", "Chloé", "Dan", "Eve"][:players]
        create = Entry(1, "create", None, AT, {"game": "continental", "players": names, "options": {},
                                               "tracking": tracking})
        self.entries = [create]
        self.replay = replay(self.entries)
        self._filler = 0

    def enter(self, type: str, seat: int | None = None, **data) -> dict | None:
        """Append one entry; return its verdict (an exit's), or raise the refusal."""
        if "from_" in data:
            data["from"] = data.pop("from_")
        entry = Entry(len(self.entries) + 1, type, seat, AT, data)
        self.replay = append(self.entries, self.replay, entry)
        self.entries.append(entry)
        return self.replay.verdicts.get(entry.seq)

    def deal(self, dealer: int = 0, upcard: str = "2D") -> None:
        self.enter("deal", dealer=dealer, upcard=upcard)

    def turn(self, seat: int, card: str | None = None, source: str = "stock") -> None:
        """A whole turn: take (stock by default), discard `card` (a filler by default)."""
        self.enter("draw", seat, from_=source)
        self.enter("discard", seat, card=card or self.filler())

    def filler(self) -> str:
        card = FILLERS[self._filler % len(FILLERS)]
        self._filler += 1
        return card

    def round(self, first: int = 1) -> None:
        """Every seat plays one turn from `first`, discarding fillers."""
        n = len(self.players)
        for i in range(n):
            self.turn((first + i) % n)

    def exit(self, seat: int, runs=None, **data) -> dict:
        return self.enter("exit", seat, runs=PLAIN_EXIT if runs is None else runs, **data)

    @property
    def players(self) -> list[str]:
        return self.entries[0].data["players"]

    @property
    def view(self) -> dict:
        return game.view(self.replay.state)

    @property
    def deal_view(self) -> dict:
        return self.view["deal"]

    def balances(self) -> list[int]:
        return [p["score"] for p in self.view["players"]]


def rules_of(refusal) -> list[str]:
    return [v.rule for v in refusal.violations]


def verdict_rules(verdict: dict) -> set[str]:
    return {v["rule"] for v in verdict["violations"]}
