"""The evidence an entry's page shows (C-11), as the referee finds it (`referee.reading.evidence`)."""

from __future__ import annotations

from api.web.table import facts
from referee.reading.evidence import evidence

META = ("seq", "type", "at", "seat", "hash", "prev", "prev_hash")  # an entry's record in the API, not its fields


def seen(table_id: str, seq: int) -> dict[str, list[dict]]:
    """Where each card entry `seq` puts in question was seen before it: `{card: [{"seq", "how", "seat"}]}`."""
    return evidence(facts.reading(table_id), seq)
