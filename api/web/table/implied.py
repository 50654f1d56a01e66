"""Scorekeeping (results tracking): a result implies its deal (`referee.reading.implied`).

When the table waits for a deal and a result is sent (a quick score, an exit, a null deal), the next dealer's
deal is written first, then the result: both through the same service, both judged by the referee. The play
form and the phone's outbox write through here (`submit`, their one pipeline).
"""

from __future__ import annotations

from api.web import backend
from api.web.table import codes, facts, turn
from referee.reading.implied import after_deal


def post(table_id: str, view: dict, token: str, version: int | None, entry: dict, key: str | None):
    """`backend.post` of `entry`, after the deal it implies when there is one: `(answer, problem)`."""
    if entry.get("type") != "deal" and view.get("tracking") == "results" and turn.may(view) == ["deal"]:
        first = codes.table_info(table_id).get("dealer") if turn.is_first_deal(view) else None
        dealer = turn.next_dealer(view, first)
        if entry.get("type") not in after_deal(facts.reading(table_id), dealer):
            return backend.post(table_id, token, version, entry, key)  # not a deal's result (a confirmation...)
        deal = {"type": "deal", "dealer": dealer}
        dealt, problem = backend.post(table_id, token, version, deal, f"{key}-deal" if key else None)
        if problem is not None:
            return None, problem
        version = dealt["version"]
    return backend.post(table_id, token, version, entry, key)
