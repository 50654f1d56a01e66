"""The table as the API shows it (API.md, GET /tables/{id} without id and version).

`deal.phase` says what the table waits for next (referee.gin.state): `deal`, `upcard`, `draw`, `discard`,
`result`, `show`, `lay_off`, or `over` once a seat has reached 100 (G-11). Extra fields: `deal.next_dealer` (G-2),
`deal.knock` (the knock the other answers, G-8), `deal.lay_off` (her lay-offs by taps: the knocker's melds as they
grew, what she laid, her melds and deadwood now, and the cards the referee proposes, G-8), `deal.may` (the entry
types the table accepts now).
"""

from __future__ import annotations

from referee import closing, confirmations
from referee.gin.hands import next_dealer
from referee.gin.state import DISCARD, DRAW, ENDED, LAY_OFF, RESULT, SHOW, UPCARD, Table
from referee.gin.tally import TARGET

MAY = {"deal": ["deal"], UPCARD: ["upcard"], DRAW: ["draw"], DISCARD: ["discard", "knock"],
       RESULT: ["knock", "null_deal"], SHOW: ["show"], LAY_OFF: ["lay_off", "done"]}


def phase_of(table: Table) -> str:
    if table.finished:
        return "over"
    deal = table.deal
    return "deal" if deal is None or deal.phase == ENDED else deal.phase


def view(table: Table) -> dict:
    """The table: players and their points (bonuses added when the game ends), the hand, the results."""
    totals = table.totals()
    return {
        "game": "gin",
        "options": {},
        "tracking": table.tracking,
        "status": closing.shown_status(table.finished, table.closed),  # E-7
        "winners": None if table.winners is None else list(table.winners),
        "players": [{"seat": seat, "name": name, "score": totals[seat]} for seat, name in enumerate(table.players)],
        "target": TARGET,
        "deal": deal_view(table) if table.deal is not None else None,
        "results": [dict(r, scores=dict(r["scores"]), rules=list(r["rules"])) for r in table.results],
        "adjustments": [a.to_dict() for a in table.adjustments],
        "confirmations": confirmations.view(table.confirmations),
    }


def deal_view(table: Table) -> dict:
    deal = table.deal
    assert deal is not None
    phase = phase_of(table)
    knocked = deal.knock if phase in (SHOW, LAY_OFF) else None
    laying = deal.laying if phase == LAY_OFF else None
    full = table.tracking == "full"
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "turn": deal.turn if phase not in ("deal", "over") else None,
        "phase": phase,
        "stock": deal.stock if full else None,
        "discard_top": deal.pile[-1].text if deal.pile else None,
        "discard_count": len(deal.pile) if full else None,
        "reshuffles": 0,
        "melds": [],
        "known": {str(seat): [c.text for c in cards] for seat, cards in enumerate(deal.known)},
        "deadline": None,
        "next_dealer": next_dealer(table) if phase == "deal" else None,
        "upcard_choices": list(deal.choices),
        "knock": None if knocked is None else {"seat": knocked.seat, "seq": knocked.seq,
                                               "deadwood": knocked.deadwood, "gin": knocked.gin,
                                               "melds": [m.texts for m in knocked.arrangements[0].melds]
                                               if knocked.arrangements else []},
        "lay_off": None if laying is None or deal.turn is None else laying.to_dict(deal.turn),
        "may": [] if phase == "over" else MAY.get(phase, []),
    }
