"""A tournament table's last refused entry, for the director's console ("needs attention: a refused entry").

A refusal writes nothing in the log. It is kept in the table's tournament row (`Store.note_refusal`), not in a
worker's memory: with several workers the console is often served by another one than the one that refused, and
a per-process cache would show it there only by chance. One UPDATE per refusal, none for a table outside any
tournament (no row matches). The reason keeps the referee's key, params and seats, never a name: it is rendered in
the reader's language with the table's names of the moment (a forgotten player stays forgotten).
"""

from __future__ import annotations

import json
from datetime import datetime

from api.application import context
from referee.violations import Malformed, Refusal


def note(table_id: str, refusal: Refusal) -> None:
    """Keep this refusal as the table's last (a malformed request is not a refused entry: it is not kept)."""
    if isinstance(refusal, Malformed) or not refusal.violations:
        return
    first = refusal.violations[0]
    reason = {"rule": first.rule, "key": first.key, "params": json.loads(json.dumps(first.params or {}, default=str))}
    context.current().tournaments.note_refusal(table_id, context.now(), reason)


def last(table_ids: list[str]) -> dict[str, tuple[datetime, dict]]:
    """`{table_id: (at, {"rule", "key", "params"})}` of the tables that had an entry refused."""
    return context.current().tournaments.refusals(table_ids)
