"""The event store: append and read a table's log (E-1, E-3), and the records kept beside it.

`store.py` is the store's logic (the append's steps, what each read gives back); the SQL stands apart from it:
`statements.py` what both databases run, `sqlite.py` and `postgresql.py` what each runs in its own words;
`rows.py` turns the rows read into entries.
"""

from events.store.store import Decision, Head, Store, notice

__all__ = ["Decision", "Head", "Store", "notice"]
