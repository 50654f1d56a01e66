"""The records beside the log, each a repository of its own over the log's database (the store's engine).

None of them is an entry, and none changes what a log replays to: the log (`events.store`) stays the only truth
of what was played. The application reaches them through its context (`api/application/context.py`), which the
shell builds (`api/shell/context.py`) from `Records.over(store)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from events.repositories.audit import AuditAction, AuditRepository
from events.repositories.codes import JoinCode, JoinCodeRepository
from events.repositories.groups import GroupRecord, GroupRepository, GroupTable, MemberForgotten, NameTaken
from events.repositories.names import NameRepository
from events.repositories.notes import NoteRepository
from events.repositories.phones import Claim, PhoneRepository, Taken
from events.repositories.repository import Database
from events.repositories.retention import RetentionRepository
from events.repositories.summaries import SummaryRepository
from events.repositories.tournaments import (
    NewTable,
    RosterMoved,
    RoundTaken,
    TournamentRecord,
    TournamentRepository,
    TournamentTable,
)
from events.store import Store


@dataclass(frozen=True)
class Records:
    """Every repository beside the log, over one store's database."""

    groups: GroupRepository
    tournaments: TournamentRepository
    names: NameRepository
    summaries: SummaryRepository
    codes: JoinCodeRepository
    notes: NoteRepository
    retention: RetentionRepository
    audit: AuditRepository
    phones: PhoneRepository

    @classmethod
    def over(cls, store: Store) -> Records:
        """The repositories over the database of `store` (the tournaments' also write a round's closes in its logs)."""
        return cls(GroupRepository(store), TournamentRepository(store), NameRepository(store), SummaryRepository(store),
                   JoinCodeRepository(store), NoteRepository(store), RetentionRepository(store),
                   AuditRepository(store), PhoneRepository(store))


__all__ = ["AuditAction", "AuditRepository", "Claim", "Database", "GroupRecord", "GroupRepository", "GroupTable",
           "JoinCode", "JoinCodeRepository", "MemberForgotten", "NameRepository", "NameTaken", "NewTable",
           "NoteRepository", "PhoneRepository", "Records", "RetentionRepository", "RosterMoved", "RoundTaken",
           "SummaryRepository", "Taken", "TournamentRecord", "TournamentRepository", "TournamentTable"]
