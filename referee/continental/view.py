"""The table as the API shows it (API.md, GET /tables/{id} without id and version).

`deal.phase` says what the table waits for next:
  deal     a `deal` entry (before the first deal, and between deals)
  take     full tracking: `draw` by `deal.turn` (or an exit, see `exit_window`)
  discard  full tracking: `discard` by `deal.turn`
  result   results tracking: the deal's `exit` (any seat) or `null_deal`
  over     nothing: the session is finished (C-15)
Extra fields: `deal.next_dealer`, `deal.exit_window` (the seats that may go out
now, with the rule and the timing the referee will judge with), `deal.may`
(the entry types the table accepts now, corrections aside).
"""

from __future__ import annotations

from referee import closing, confirmations
from referee.continental.state import DISCARD, ENDED, RESULT, TAKE, Deal, Table


def view(table: Table) -> dict:
    """The table: players and balances, the deal in play (or the last one), the results."""
    return {
        "game": "continental",
        "options": {},
        "tracking": table.tracking,
        "status": closing.shown_status(table.finished, table.closed),  # E-7
        "winners": None if table.winners is None else list(table.winners),
        "players": [{"seat": seat, "name": name, "score": table.balances[seat]}
                    for seat, name in enumerate(table.players)],
        "deal": deal_view(table) if table.deal is not None else None,  # API.md: null before the first deal
        "results": [dict(r, scores=dict(r["scores"]), rules=list(r["rules"])) for r in table.results],
        "adjustments": [a.to_dict() for a in table.adjustments],
        "confirmations": confirmations.view(table.confirmations),
    }


def deal_view(table: Table) -> dict:
    deal = table.deal
    phase = phase_of(table)
    out = {
        "number": deal.number if deal else 0,
        "dealer": deal.dealer if deal else None,
        "turn": deal.turn if deal else None,
        "phase": phase,
        "stock": deal.stock if deal else None,
        "discard_top": deal.pile[-1].text if deal and deal.pile else None,
        "discard_count": len(deal.pile) if deal and table.tracking == "full" else None,
        "reshuffles": deal.reshuffles if deal else 0,
        "melds": [],
        "known": {str(seat): [c.text for c in cards] for seat, cards in enumerate(deal.known)} if deal else {},
        "deadline": None,
        "next_dealer": table.next_dealer if phase == "deal" else None,
        "exit_window": exit_window(deal) if phase == TAKE and deal else [],
        "may": may(table, phase),
    }
    return out


def phase_of(table: Table) -> str:
    if table.finished:
        return "over"
    deal = table.deal
    if deal is None or deal.phase == ENDED:
        return "deal"
    return deal.phase


def exit_window(deal: Deal) -> list[dict]:
    """Who may go out now: the player who just discarded (C-4), the player about to take a first card (C-5)."""
    out = []
    if deal.after_discard is not None:
        timing = "first_turn" if deal.after_first_turn else "later"
        out.append({"seat": deal.after_discard, "rule": "C-4", "timing": timing})
    seat = deal.turn
    if seat is not None and deal.taken[seat] == 0 and deal.c5_used[seat] is None:
        out.append({"seat": seat, "rule": "C-5", "timing": "without_drawing"})
    return out


def may(table: Table, phase: str) -> list[str]:
    if phase == "deal":
        return ["deal"]
    if phase == TAKE:
        return ["draw", "exit"] if table.deal and exit_window(table.deal) else ["draw"]
    if phase == DISCARD:
        return ["discard"]
    if phase == RESULT:
        return ["exit", "null_deal"]
    return []
