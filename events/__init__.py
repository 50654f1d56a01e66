"""The log's storage: append-only entries per table, hash-chained (E-1, E-3, E-4); knows nothing about rummy."""

from events import seal
from events.chain import ChainError, entry_hash, export_lines, read_export
from events.groups import GroupRecord, GroupTable, NameTaken
from events.records import Conflict, StoredEntry, TableRecord
from events.side import JoinCode, Snapshot
from events.store import Head, Store
from events.tournaments import NewTable, RoundTaken, TournamentRecord, TournamentTable

__all__ = ["ChainError", "Conflict", "Head", "JoinCode", "Snapshot", "Store", "StoredEntry", "TableRecord",
           "entry_hash", "export_lines", "read_export", "seal"]
__all__ += ["GroupRecord", "GroupTable", "NameTaken"]
__all__ += ["NewTable", "RoundTaken", "TournamentRecord", "TournamentTable"]
