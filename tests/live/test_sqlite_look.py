"""SQLite's hub hears every worker's entries by reading those written since its last look, whatever the number of
tables its streams watch: a table watched after the hub started is heard too, and one nobody watches is not."""

from __future__ import annotations

from datetime import UTC, datetime

from events.db import open_store, upgrade
from events.live import Hub
from events.store import Store


def new_table(store: Store, table_id: str) -> None:
    created = Store.chain([("create", None, datetime.now(UTC), {"game": "continental"}, None)])
    store.create_table(table_id, "continental", "host", ["seat"], created)


def write(store: Store, table_id: str) -> int:
    version, last = store.head(table_id)
    appended = store.append_if_head(table_id, version, last, None,
                                    ("draw", 1, datetime.now(UTC), {"from": "stock"}, None))
    assert appended is not None
    return appended.entry.seq


def heard(hub: Hub, table_id: str, seq: int, seconds: float = 30.0) -> bool:
    """Whether the hub hears of the table's entry `seq` (it wakes the table's waiters) within `seconds`."""
    return hub.wait(table_id, seq - 1, seconds) and hub.version(table_id) >= seq


def test_the_hub_hears_the_entries_another_connection_writes_to_the_tables_it_watches(tmp_path):
    url = f"sqlite:///{tmp_path}/look.sqlite3"
    upgrade(url)
    writer = open_store(url)  # another worker's connection to the same file
    for table_id in ("early", "late", "unwatched"):
        new_table(writer, table_id)
    hub = Hub(open_store(url).engine)
    hub.watch("early")
    assert hub.ready.wait(30)
    assert heard(hub, "early", write(writer, "early"))
    hub.watch("late")  # a stream that opens once the hub is looking
    seq = write(writer, "late")
    write(writer, "unwatched")
    assert heard(hub, "late", seq)
    assert "unwatched" not in hub.heads
    for _ in range(3):  # several entries between two looks: the head is the last of them
        seq = write(writer, "early")
    assert heard(hub, "early", seq)
    hub.unwatch("early")
    hub.unwatch("late")
