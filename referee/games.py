"""The games this referee knows, listed once: everything that asks for a game by name asks here."""

from __future__ import annotations

from referee.continental.game import GAME as _CONTINENTAL
from referee.game import Game
from referee.gin.game import GAME as _GIN
from referee.rami.game import GAME as _RAMI
from referee.violations import Malformed

ALL: tuple[Game, ...] = (_CONTINENTAL, _RAMI, _GIN)  # in the order the pages list them; the first is the default
GAMES: dict[str, Game] = {game.name: game for game in ALL}
NAMES: tuple[str, ...] = tuple(GAMES)
DEFAULT: Game = ALL[0]


def get(name: object) -> Game:
    """The game called `name` in a log or a request; refuse an unknown one."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise Malformed("unknown game %(value)s: %(games)s", value=repr(name), games=list(NAMES))
    return game
