"""The browser tests' live server has a database of its own, on the run's backend, which other tests leave alone."""

import os
from datetime import UTC, datetime

from events import Store
from events.db import open_store


def test_the_live_database_is_not_the_one_each_test_empties(live_database, make_database):
    kind = "postgresql" if os.environ.get("TEST_DATABASE_URL") else "sqlite"
    assert live_database.startswith(kind)
    live = open_store(live_database)
    try:
        table_id = "live-table-of-test_live_database"
        if live.table(table_id) is None:
            live.create_table(table_id, "toy", "h", [],
                              Store.chain([("create", None, datetime.now(UTC), {"game": "toy"}, None)]))
        run = make_database(kind)  # empties the run's database, as happens before every test
        assert run != live_database
        assert live.head(table_id)[0] == 1  # still there
    finally:
        live.engine.dispose()
