"""The heads this process last saw of the tables' logs: what lets `Store.append` write in one round trip.

An append's entry is chained to the head it was decided on (its seq and hash, E-4), so an append that does not
know the head reads it first: a round trip before the write. The store notes every head it reads or writes
here; `Store.append` first decides on the noted head, with no read, and writes only if it is still the head
(the one statement that checks it: `APPEND` of `postgresql.py` and `sqlite.py`). A head
noted here may be behind (another worker wrote since, a name was forgotten): then nothing is written and the
append reads the head as before. So nothing here is ever trusted, only tried: a wrong head costs a round trip,
never a wrong entry.
"""

from __future__ import annotations

KEPT = 4096  # tables; the oldest noted goes first (as the replays a process holds: api/application/replays.py)

Noted = tuple[int, "str | None", int]  # version, last hash, names' revision


class Heads:
    """The last head seen of each table, at most `kept` tables. Safe across threads: each step is one operation
    of a dict, and a lost or stale note only costs the read it would have saved."""

    def __init__(self, kept: int = KEPT):
        self._heads: dict[str, Noted] = {}
        self._kept = kept

    def get(self, table_id: str) -> Noted | None:
        return self._heads.get(table_id)

    def saw(self, table_id: str, version: int, last: str | None, names: int) -> None:
        """Note a head as read (its names' revision with it) or as written under the lock."""
        self._heads.pop(table_id, None)
        self._heads[table_id] = (version, last, names)
        while len(self._heads) > self._kept:
            oldest = next(iter(self._heads), None)
            if oldest is None:
                break
            self._heads.pop(oldest, None)

    def moved(self, table_id: str, before: tuple[int, str | None], version: int, last: str) -> None:
        """Note an entry written on the head `before`: kept only if that head was the one noted (the names'
        revision is then known), as the quick append writes on a head the caller read, not this store."""
        noted = self._heads.get(table_id)
        if noted is not None and noted[:2] == before:
            self.saw(table_id, version, last, noted[2])

    def drop(self, table_id: str | None = None) -> None:
        """Forget one table's head (it moved elsewhere), or all of them (names were forgotten)."""
        if table_id is None:
            self._heads.clear()
        else:
            self._heads.pop(table_id, None)
