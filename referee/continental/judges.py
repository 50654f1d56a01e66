"""Continental's stateless judges (API.md, "Stateless referee"): an exit judged and settled, 15 cards arranged.

Each reads card texts and plain values and answers as the API writes it (a bad card raises `CardError`, K-1).
The JSON API and the pages' exit check reach them through the game (`referee.game.Game.judges`).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import parse_bare
from referee.continental.exit import judge_exit, parse_exit
from referee.continental.solver import arrange
from referee.game import Judge


def exit_verdict(runs: object, players: int = 4, timing: str = "later") -> dict:
    """A declared exit, one run a list of cards, judged and settled (C-6..C-10, K-2, C-12):
    `{"valid", "violations", "settlement"}`."""
    return judge_exit(parse_exit(runs), players, timing).to_dict()


def arrangement(cards: Sequence[object], players: int = 4, timing: str = "later") -> dict:
    """The valid exit of these 15 cards with the best settlement, `{"runs", "settlement"}`, both None when there is
    none (C-6..C-12)."""
    found = arrange(parse_bare(cards), players, timing)
    if found is None:
        return {"runs": None, "settlement": None}
    runs, settlement = found
    return {"runs": [[p.text for p in run] for run in runs], "settlement": settlement.to_dict()}


JUDGES = {
    "exit": Judge(exit_verdict, "Judge a declared Continental exit and settle it", "ExitRequest", "ExitVerdict"),
    "arrange": Judge(arrangement, "Arrange 15 cards into the best valid exit, if any", "ArrangeRequest",
                     "Arrangement"),
}
