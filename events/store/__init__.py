"""The event store: append and read a table's log (E-1, E-3); the records beside it are events/repositories/.

`store.py` is the store's logic (the append's steps, what each read gives back); the SQL stands apart from it:
`statements.py` what both databases run, `sqlite.py` and `postgresql.py` what each runs in its own words;
`rows.py` turns the rows read into entries; `snapshots.py` keeps a replay's cache; `heads.py` the heads this
process last saw; `held.py` the connections the one-statement append runs on, aside from the pool.
"""

from events.store.store import Decision, Head, Store, notice

__all__ = ["Decision", "Head", "Store", "notice"]
