"""A seat's token beside its join code, and a tournament's players' key: sealed under the server's secret
(events/sealing.py says how and why).

Every writer seals them here, every reader unseals them here: the database never holds either in clear. A
players' key is sealed under the label `players:<tournament id>` (a code has no colon: no label is both).
"""

from __future__ import annotations

from api.application import context
from events import sealing
from events.repositories import JoinCode, TournamentRecord


def seal(code: str, token: str) -> str:
    """What to keep beside `code` for `token`."""
    return sealing.seal(context.current().secret, code, token)


def token_of(found: JoinCode) -> str:
    """The seat's token a kept join code stands for."""
    return sealing.unseal(context.current().secret, found.code, found.token)


def players_label(tournament_id: str) -> str:
    return f"players:{tournament_id}"


def seal_players_key(tournament_id: str, key: str) -> str:
    """What to keep for a tournament's players' key (the capability of its players' link)."""
    return sealing.seal(context.current().secret, players_label(tournament_id), key)


def players_key(found: TournamentRecord) -> str:
    """The players' key of a tournament, as its director's console shows it."""
    return sealing.unseal(context.current().secret, players_label(found.id), found.player_key)
