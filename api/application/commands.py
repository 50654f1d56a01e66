"""What the application is asked to do, typed: the JSON API (api/rest, from a body its schemas read) and the pages
(api/web, from a form) each turn their input into one of these commands, and call the use case with it. The
application reads no JSON and no form; what a command holds is checked there by the rules of the use case (the
token, the seats, the game's cards), never its shape again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from referee.violations import Malformed


@dataclass(frozen=True)
class PostEntry:
    """Write one entry at a table, on the log's version it was entered on (E-3): `appends.post_entry`."""

    table_id: str
    token: str | None  # a seat's or the host's (Authorization: Bearer)
    expected_version: int
    type: str
    seat: int | None
    fields: Mapping[str, object]  # the entry's fields besides `type` and `seat`, as sent: cards not yet canonical
    key: str | None = None  # the Idempotency-Key: a retry is answered as the first time


@dataclass(frozen=True)
class CreateTable:
    """Open a table, its creation entry 1 (C-1, R-1, R-2): `service.create_table`, or in a group
    `group_service.create_table`."""

    game: str
    players: tuple[str, ...]
    options: Mapping[str, object] | None = None  # the game's, normalised by it
    tracking: str = "full"  # or "results"
    confirmation: bool = False  # E-6: results wait for another seat's confirmation


@dataclass(frozen=True)
class ImportLog:
    """Open a new table from an export whose hash chain holds (E-4): `service.import_log`."""

    text: str  # NDJSON, one entry a line
    # How the edge reads a new table's fields into its command (api.rest.schemas.tables.read_new_table, which
    # api.application.tables_in checks): entry 1 of an export is checked as a new table's body is, with the same
    # messages.
    new_table: Callable[[dict], CreateTable]


@dataclass(frozen=True)
class CreateTournament:
    """Open an evening in a group (its token opens it): `tournaments.create`."""

    group_id: str
    token: str | None  # the group's
    name: str
    game: str
    players: tuple[str, ...]  # the group's members by name, blanks gathered (a new name is a new member)
    rounds: int
    table_size: int
    seating: str = "random"  # or "swiss"
    options: Mapping[str, object] | None = None
    tracking: str = "full"

    def settings(self) -> dict:
        """The tournament's settings as its record keeps them (`events.TournamentRecord.settings`)."""
        return {"name": self.name, "game": self.game, "options": dict(self.options) if self.options is not None
                else None, "tracking": self.tracking, "players": list(self.players), "rounds": self.rounds,
                "table_size": self.table_size, "seating": self.seating}


ROUND_BODY = 'a round\'s body is {}, {"close": true}, and `round`: the number of the round it starts, {"round": 2}'


@dataclass(frozen=True)
class StartRound:
    """Seat a tournament's next round (its director's token): `tournament_rounds.start`."""

    tournament_id: str
    token: str | None
    close: bool = False  # close the tables still playing, as they stand
    round: int | None = None  # the round it means to start: one already started is answered as it stands

    def __post_init__(self):
        """A round is a number from 1 (400): the application trusts no edge to have said so."""
        number = self.round
        if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1):
            raise Malformed(ROUND_BODY)



@dataclass(frozen=True)
class CreateGroup:
    """Open a group (a named set of players owning tables): `group_service.create_group`."""

    name: str  # its spaces gathered, 1 to 80 characters


@dataclass(frozen=True)
class RenameGroup:
    """Call a group by a new name (the group's admin token): `group_service.rename_group`."""

    group_id: str
    token: str | None
    name: str  # its spaces gathered, 1 to 80 characters


@dataclass(frozen=True)
class RenameMember:
    """Call a member of a group by a new name (the group's token): `group_service.rename`."""

    group_id: str
    token: str | None
    member: str
    name: str  # its spaces gathered, 1 to 40 characters
