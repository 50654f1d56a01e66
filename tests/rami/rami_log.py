"""A Rami table log built entry by entry through referee.log, as the API would write it."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from referee.cards import full_deck, parse_card
from referee.log import Entry, append, replay
from referee.rami import table as rami
from referee.violations import Refusal

T0 = datetime(2026, 11, 29, 15, 0, tzinfo=UTC)

# 14 cards that open well above 51: 3H..KH (95) and three sevens (21); the starter keeps a 15th.
LONG_RUN = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
SEVENS = ["7C", "7D", "7S"]


class Game:
    """A table's log and its replay; each helper appends one entry `step` seconds after the last."""

    def __init__(self, players: int = 2, tracking: str = "full", step: float = 5, **options):
        names = ["Ana", "Ben", "Chloé", "Dan"][:players]
        data = {"game": "rami", "players": names, "options": rami.normalise_options(options), "tracking": tracking}
        self.entries = [Entry(1, "create", None, T0, data)]
        self.replay = replay(self.entries)
        self.now = T0
        self.step = step

    @property
    def state(self):
        return self.replay.state

    @property
    def view(self) -> dict:
        return rami.view(self.state)

    @property
    def deal_view(self) -> dict:
        return self.view["deal"]

    def add(self, kind: str, seat: int | None = None, at: datetime | None = None, **data) -> dict | None:
        """Append one entry; raises Refusal/Malformed and then leaves the log as it was."""
        self.now = at if at is not None else self.now + timedelta(seconds=self.step)
        entry = Entry(len(self.entries) + 1, kind, seat, self.now, data)
        self.replay = append(self.entries, self.replay, entry)
        self.entries.append(entry)
        return self.replay.verdicts.get(entry.seq)

    def refused(self, kind: str, seat: int | None = None, **data) -> Refusal:
        """Try an entry that must be refused: the log and the table stay as they were."""
        before, length = self.view, len(self.entries)
        with pytest.raises(Refusal) as info:
            self.add(kind, seat, **data)
        assert len(self.entries) == length and self.view == before
        return info.value

    def deal(self, dealer: int = 0):
        return self.add("deal", None, dealer=dealer)

    def draw(self, seat: int, source: str = "stock"):
        return self.add("draw", seat, **{"from": source})

    def discard(self, seat: int, card: str):
        return self.add("discard", seat, card=card)

    def meld(self, seat: int, *melds: list[str]):
        return self.add("meld", seat, melds=[list(m) for m in melds])

    def lay_off(self, seat: int, meld: int, *cards: str):
        return self.add("lay_off", seat, meld=meld, cards=list(cards))

    def retrieve(self, seat: int, meld: int, card: str):
        return self.add("retrieve_joker", seat, meld=meld, card=card)

    def hand(self, seat: int, cards: list[str]):
        return self.add("hand", seat, cards=list(cards))

    def due(self, now: datetime) -> list[dict]:
        return rami.due(self.state, now)

    def touch(self, now: datetime) -> list[dict]:
        """Write what is due by `now`, as the API does on any request (R-17)."""
        written = []
        for owed in self.due(now):
            self.add(owed["type"], None, at=owed["at"], **owed["data"])
            written.append(owed)
        return written

    def unseen(self) -> list[str]:
        """Cards the table has not seen (K-2), to make up hands that fit the deck."""
        rest = Counter(full_deck(jokers=4)) - self.state.deal.seen
        return sorted(c.text for c in rest.elements())

    def go_out_on_first_turn(self, starter: int) -> None:
        """The starter opens with 14 of its 15 cards and discards the last one (R-13)."""
        self.meld(starter, LONG_RUN, SEVENS)
        self.discard(starter, "2C")


def cards(*texts: str):
    return [parse_card(t) for t in texts]
