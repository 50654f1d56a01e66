"""The table as the API shows it (API.md, GET /tables/{id}, without id and version).

`deal.phase` says what the table waits for next:
  deal    the next `deal` (the last deal is shown as it ended);
  take    the player on turn takes a card (`draw`);
  play    the player on turn lays down, lays off, retrieves a joker or discards;
  discard the turn time ran out (R-17): only that seat's heaviest discard;
  hands   the round is over: the players who owe their hand enter it (R-14);
  result  results tracking: the `round` entry of this deal;
  over    the game is over (R-16).
"""

from __future__ import annotations

from referee import closing, confirmations
from referee.rami.clock import deadline
from referee.rami.state import Deal, Table

PLAY = ["meld", "lay_off", "retrieve_joker", "discard"]


def may(table: Table, d: Deal) -> list[str]:
    """Entry types the table accepts now (corrections aside)."""
    if table.status == "finished":
        return []
    phase = d.phase
    if phase == "take":
        return ["draw"]
    if phase == "play":
        owed = d.pickup is not None or d.pending_jokers  # to be laid before the discard
        if d.turn not in d.opened:
            may = ["meld", "discard"]
        elif any(p.card.is_joker for m in d.melds for p in m.cards):
            may = list(PLAY)
        else:
            may = ["meld", "lay_off", "discard"]
        return [t for t in may if t != "discard"] if owed else may
    return {"deal": ["deal"], "discard": ["discard"], "hands": ["hand"], "result": ["round"]}.get(phase, [])


def deal_view(table: Table, d: Deal) -> dict:
    when = deadline(table)
    out = {
        "number": d.number,
        "dealer": d.dealer,
        "turn": d.turn,
        "phase": "over" if table.status == "finished" else d.phase,
        "stock": d.stock if d.full else None,
        "discard_top": d.pile[-1].text if d.pile else None,
        "discard_count": len(d.pile) if d.full else None,
        "reshuffles": d.reshuffles if d.full else None,
        "melds": [{"id": m.id, "owner": m.owner, "kind": m.kind, "cards": [p.text for p in m.cards]}
                  for m in d.melds],
        "known": {str(s): [c.text for c in cards] for s, cards in enumerate(d.known)},
        "deadline": when.isoformat() if when is not None else None,
        "starter": d.starter if d.full else None,
        "hand_sizes": {str(s): n for s, n in enumerate(d.hand_sizes)},
        "opened": sorted(d.opened),
        "winner": d.winner,
        "blocked": d.blocked,
        "awaiting": d.awaiting() if d.phase == "hands" else [],
        "hands": {str(s): [c.text for c in cards] for s, cards in sorted(d.hands.items())},
        "may": may(table, d),
    }
    return out


def view(table: Table) -> dict:
    """The table: options, players with their totals, the current deal, results, status, winners."""
    return {
        "game": "rami",
        "options": dict(table.options),
        "tracking": table.tracking,
        "status": closing.shown_status(table.status == "finished", table.closed),  # E-7
        "winners": list(table.winners) if table.winners is not None else None,
        "players": [{"seat": s, "name": name, "score": table.totals[s]} for s, name in enumerate(table.players)],
        "deal": deal_view(table, table.deal) if table.deal is not None else None,
        "results": [dict(r, scores=dict(r["scores"]), rules=list(r["rules"])) for r in table.results],
        "adjustments": [a.to_dict() for a in table.adjustments],
        "confirmations": confirmations.view(table.confirmations),
    }
