"""A new table's fields (`game`, `players`, `options`, `tracking`, `confirmation`: the API's body, a page's start
form, entry 1 of an imported log) read into its command, `CreateTable`: a game this server plays, 1 to 10 players
whose names are for reading, 1 to 40 characters each. A bad one is a 400 whose message is a key, naming the field
(the pages say it in French); when several are wrong, the first of game, players, tracking, confirmation, options,
then the fields a table does not have.
"""

from __future__ import annotations

from api.application.commands import CreateTable
from api.application.entries_in import MAX_PLAYERS
from api.application.json_values import is_boolean
from api.application.printable import BIDI_IN, bidi_control, control_character
from referee import games
from referee.canonical import shown
from referee.violations import N_, Malformed

NAME_MOST = 40  # characters of a player's name
TRACKINGS = ("full", "results")
FIELDS = ("game", "players", "options", "tracking", "confirmation")


def create_table(fields: dict) -> CreateTable:
    """The new table's command; `Malformed` (400) naming the first field that is wrong."""
    wrong = [name for name, fits in (("game", _game_fits), ("players", _players_fit), ("tracking", _tracking_fits),
                                     ("confirmation", is_boolean), ("options", _options_fit))
             if name in fields and not fits(fields[name]) or name in ("game", "players") and name not in fields]
    unknown = [name for name in fields if name not in FIELDS]
    if wrong or unknown:
        raise _unreadable(fields, wrong, unknown)
    players = fields["players"]
    if any(not name.strip() or control_character(name) or bidi_control(name) for name in players):
        raise _unreadable_players(players)
    return CreateTable(fields["game"], tuple(players), fields.get("options"), fields.get("tracking", "full"),
                       fields.get("confirmation", False) in {True})


def _game_fits(value: object) -> bool:
    return isinstance(value, str) and value in games.NAMES


def _players_fit(value: object) -> bool:
    return isinstance(value, list) and 1 <= len(value) <= MAX_PLAYERS and all(
        isinstance(name, str) and 1 <= len(name) <= NAME_MOST for name in value)


def _tracking_fits(value: object) -> bool:
    return isinstance(value, str) and value in TRACKINGS


def _options_fit(value: object) -> bool:
    return value is None or isinstance(value, dict)


def _unreadable(fields: dict, wrong: list[str], unknown: list[str]) -> Malformed:
    if "game" in wrong:
        if "game" not in fields:
            return Malformed(N_("the body needs `game`: %(games)s"), games=list(games.NAMES))
        return Malformed(N_("`game` is %(games)s, not %(value)s"), value=shown(fields["game"]), games=list(games.NAMES))
    if "players" in wrong:
        return _unreadable_players(fields.get("players"))
    if "tracking" in wrong:
        return Malformed(N_("`tracking` is full or results, not %(value)s"), value=shown(fields.get("tracking")))
    if "confirmation" in wrong:
        return Malformed(N_("`confirmation` is true or false, not %(value)s"), value=shown(fields.get("confirmation")))
    if "options" in wrong:
        return Malformed(N_("`options` is a JSON object of the game's options, not %(value)s"),
                         value=shown(fields.get("options")))
    return Malformed(N_("%(fields)s: not a field of a new table, which has `game`, `players`, `options` and "
                        "`tracking`"), fields=", ".join(f"`{name}`" for name in sorted(unknown, key=str)))


def _unreadable_players(players: object) -> Malformed:
    """What is wrong with a new table's `players`: not a list, too many, a name too long, or not for reading."""
    if not isinstance(players, list):
        return Malformed(N_("the body needs `players`: the players' names, in playing order"))
    if not 1 <= len(players) <= MAX_PLAYERS:
        return Malformed(N_("a table has 1 to %(most)s players here, not %(n)s"), most=MAX_PLAYERS, n=len(players))
    for name in players:
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_MOST:
            return Malformed(N_("a player's name is a text of 1 to %(most)s characters, not %(value)s"),
                             most=NAME_MOST, value=shown(name))
    for name in players:
        if control_character(name):
            return Malformed(N_("a player's name cannot hold %(char)s, a control character: %(value)s"),
                             char=control_character(name), value=shown(name))
        if bidi_control(name):
            return Malformed(BIDI_IN, field="players", char=bidi_control(name))
    return Malformed(N_("a player's name cannot be blank"))
