"""What the application layer is given by whoever hosts it: the event store, the records beside its log (each a
repository: `groups`, `tournaments`, `names`, `codes`, `audit`, ...), the clock, the server's secret, the caches kept per
app, and how a committed entry reaches this process's live streams.

The shell builds one from the Flask app and request at hand (api/shell/context.py) and installs how with
`provide`; the application asks `current()` and never reads Flask's globals itself, so it imports no Flask.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from events import Store, StoredEntry
from events.repositories import (
    AuditRepository,
    GroupRepository,
    JoinCodeRepository,
    NameRepository,
    NoteRepository,
    PhoneRepository,
    Records,
    RetentionRepository,
    SummaryRepository,
    TournamentRepository,
)


@dataclass(frozen=True)
class Context:
    """The host's part of the work at hand: one per app, its settings read when asked (tests change them)."""

    open_store: Callable[[], Store]  # the app's store, made on first use
    open_records: Callable[[], Records]  # the records beside its log, over the same engine
    settings: Mapping[str, Any]  # SECRET_KEY (seals snapshots and exports); CLOCK, tests' time (an aware datetime)
    caches: dict  # kept per app, by name: table records, replays, snapshots seen, group summaries
    tell: Callable[[str, StoredEntry], None] = lambda table_id, stored: None  # a committed entry, to the streams
    touch: Callable[[str, str], None] = lambda kind, id_: None  # a record written (kind, id), to the streams

    @property
    def store(self) -> Store:
        return self.open_store()

    @property
    def groups(self) -> GroupRepository:
        return self.open_records().groups

    @property
    def tournaments(self) -> TournamentRepository:
        return self.open_records().tournaments

    @property
    def names(self) -> NameRepository:
        return self.open_records().names

    @property
    def retention(self) -> RetentionRepository:
        return self.open_records().retention

    @property
    def summaries(self) -> SummaryRepository:
        return self.open_records().summaries

    @property
    def codes(self) -> JoinCodeRepository:
        return self.open_records().codes

    @property
    def notes(self) -> NoteRepository:
        return self.open_records().notes

    @property
    def audit(self) -> AuditRepository:
        return self.open_records().audit

    @property
    def phones(self) -> PhoneRepository:
        return self.open_records().phones

    @property
    def secret(self) -> str:
        return self.settings["SECRET_KEY"]

    @property
    def clock(self) -> Callable[[], datetime] | None:
        return self.settings.get("CLOCK")


def _none() -> Context | None:
    return None


_provider: Callable[[], Context | None] = _none


def provide(provider: Callable[[], Context | None]) -> None:
    """Install how the host gives the context of the work at hand (None: there is none, e.g. no app)."""
    global _provider
    _provider = provider


def current() -> Context:
    """The context of the work at hand; outside any, an error (a call that needs the store or the caches)."""
    found = _provider()
    if found is None:
        raise RuntimeError("no application context: call inside the app (api/shell/context.py provides it)")
    return found


def touched(kind: str, id_: str) -> None:
    """Tell the live streams that a record was written (committed): `("tournament", id)` for a tournament's round,
    message or freeze; its streams read it again."""
    current().touch(kind, id_)


def now() -> datetime:
    """The server's time: the context's clock when it has one (tests drive it), else the system's, in UTC."""
    found = _provider()
    clock = found.clock if found is not None else None
    return clock() if clock is not None else datetime.now(UTC)
