"""The log's storage: append-only entries per table, hash-chained (E-1, E-3, E-4); knows nothing about rummy."""

from events import seal
from events.chain import ChainError, entry_hash, export_lines, read_export
from events.records import Conflict, StoredEntry, TableRecord
from events.repositories import (
    Claim,
    GroupRecord,
    GroupTable,
    JoinCode,
    MemberForgotten,
    NameTaken,
    NewTable,
    Records,
    RosterMoved,
    RoundTaken,
    Taken,
    TournamentRecord,
    TournamentTable,
)
from events.store import Head, Store
from events.store.snapshots import Snapshot

__all__ = ["ChainError", "Conflict", "Head", "JoinCode", "Records", "Snapshot", "Store", "StoredEntry", "TableRecord",
           "entry_hash", "export_lines", "read_export", "seal"]
__all__ += ["GroupRecord", "GroupTable", "MemberForgotten", "NameTaken"]
__all__ += ["NewTable", "RosterMoved", "RoundTaken", "TournamentRecord", "TournamentTable"]
__all__ += ["Claim", "Taken"]
