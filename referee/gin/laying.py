"""G-8 one tap at a time: the other's lay-offs as she makes them, each one a card the referee proposes.

After a knock that is not gin, her hand shown, the referee proposes the cards she may lay off now
(`referee.gin.layoff.proposals`: of the lay-offs that leave her the lowest deadwood, the first card
of each). Each card she lays goes on the knocker's meld and is out of her hand; the proposals are
then found again from what she still holds and the melds as they have grown (a laid-off 9H lets a
10H follow). When she stops, or nothing is left to propose, her deadwood is that of her cards left,
arranged for the lowest (G-6), and the hand is scored (G-9).
"""

from __future__ import annotations

from typing import NamedTuple

from referee.cards import Card
from referee.gin.arrange import Arrangement
from referee.gin.layoff import Proposal, Showing, laid_on, proposals, show
from referee.gin.melds import Meld


class Laying(NamedTuple):
    """A lay-off in progress: the knocker's arrangement (G-8's choice), her ten cards, the cards laid so far."""

    arranged: Arrangement
    hand: tuple[Card, ...]
    laid: tuple[Proposal, ...] = ()

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The knocker's melds with what she laid off on them."""
        melds = list(self.arranged.melds)
        for card, at in self.laid:
            melds[at] = laid_on(melds[at], card)
        return tuple(melds)

    @property
    def left(self) -> tuple[Card, ...]:
        """Her cards not laid off."""
        gone = {p.card for p in self.laid}
        return tuple(card for card in self.hand if card not in gone)

    def proposals(self) -> list[Proposal]:
        """The cards she may lay off now (G-8's *Reading*)."""
        return proposals(self.left, self.melds)

    def lay(self, proposal: Proposal) -> Laying:
        """She lays off one proposed card."""
        return self._replace(laid=(*self.laid, proposal))

    def showing(self) -> Showing:
        """Her hand as it is scored once she stops: her melds and deadwood from the cards left, what she laid."""
        left = show(self.left)
        return left._replace(laid_off=tuple(p.card for p in self.laid))

    def to_dict(self, seat: int) -> dict:
        """The lay-off as the table's JSON shows it (`deal.lay_off`)."""
        now = self.showing()
        return {"seat": seat,
                "melds": [{"kind": m.kind, "cards": m.texts} for m in self.melds],
                "laid_off": [{"card": p.card.text, "meld": p.meld} for p in self.laid],
                "other_melds": [m.texts for m in now.melds], "other_deadwood": now.points,
                "proposals": [proposal_dict(p, self.melds) for p in self.proposals()]}


def proposal_dict(proposal: Proposal, melds: tuple[Meld, ...]) -> dict:
    """A proposal as JSON: the card, the index of the knocker's meld it goes on, and that meld's cards now."""
    meld = melds[proposal.meld]
    return {"card": proposal.card.text, "meld": proposal.meld, "kind": meld.kind, "cards": meld.texts}
