"""Confirmation at the table (E-6, `referee.confirmations`), as the host's page and a tournament's director read it.

`pending(table_id)` lists a table's results still waiting for another seat's confirmation, or disputed: the
disputed first (the director's console shows them first), each with the players named.
"""

from __future__ import annotations

from api.application import service
from referee import confirmations


def pending(table_id: str) -> list[dict]:
    """The table's results not yet final, disputed first then in log order: `[{"table", "seq", "type", "seat",
    "player", "deal", "status", "disputed_by": [names]}]` (`seat`/`player`: whose result; None for a blocked
    round). An unknown table is a 404 (ApplicationError); a table that does not ask for confirmations has none."""
    current = service.replayed(table_id)
    state = current.replay.state
    names = service.player_names(current)

    def name(seat):
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None

    return [{"table": table_id, "seq": s.seq, "type": s.type, "seat": s.seat, "player": name(s.seat),
             "deal": s.deal, "status": s.status, "disputed_by": [name(d) for d in s.disputed_by]}
            for s in confirmations.open_items(state.confirmations)]
