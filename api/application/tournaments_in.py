"""An evening's fields (the API's body or the start form) read into `CreateTournament`, and a late arrival's name
or a swap's two players read for their use cases: a name, a game, 2 to 400 players whose names are for reading, 1
to 20 rounds, tables of 2 to 10, a seating. A bad one is a 400 naming the field, as API.md's answers always said
it (`rounds`: Must be greater than or equal to 1 and less than or equal to 20.).
"""

from __future__ import annotations

from api.application.commands import CreateTournament
from api.application.printable import BIDI_IN, bidi_control, control_character, readable_name
from api.application.tables_in import NAME_MOST, TRACKINGS
from referee import games
from referee.violations import N_, Malformed

MAX_ROUNDS = 20
MAX_PLAYERS = 400  # a club's evening, and then some
TABLE_SIZES = (2, 10)
SEATINGS = ("random", "swiss")
EVENING_NAME_MOST = 80
NAME_LENGTH = (1, EVENING_NAME_MOST)  # the evening's name
# A refused name, as a key the pages say in the reader's language (API.md: a 400 naming the field).
NAMES_SAID = {"name": N_("`name`: the evening's name is a text of 1 to %(most)s characters"),
              "players": N_("`players`: 2 to %(count)s names, each a text of 1 to %(most)s characters")}
REQUIRED = ("name", "game", "players", "rounds", "table_size")
NULL, NOT_A_STRING, NOT_AN_INTEGER = "Field may not be null.", "Not a valid string.", "Not a valid integer."


def _length(value: str | list, least: int, most: int) -> str | None:
    return None if least <= len(value) <= most else f"Length must be between {least} and {most}."


def _one_of(value: object, choices) -> str | None:
    if not isinstance(value, str):
        return NOT_A_STRING
    return None if value in choices else f"Must be one of: {', '.join(choices)}."


def _whole(value: object, least: int, most: int) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool):
        return NOT_AN_INTEGER
    return None if least <= value <= most else \
        f"Must be greater than or equal to {least} and less than or equal to {most}."


def _name(value: object) -> str | None:
    return NOT_A_STRING if not isinstance(value, str) else _length(value, *NAME_LENGTH)


def _players(value: object) -> str | None:
    if not isinstance(value, list):
        return "Not a valid list."
    inner = {}
    for index, name in enumerate(value):
        problem = NULL if name is None else NOT_A_STRING if not isinstance(name, str) else _length(name, 1, NAME_MOST)
        if problem:
            inner[index] = [problem]
    return str(inner) if inner else _length(value, 2, MAX_PLAYERS)


def _options(value: object) -> str | None:
    return None if isinstance(value, dict) else "Not a valid mapping type."


CHECKS = {"name": _name, "game": lambda v: _one_of(v, list(games.NAMES)), "options": _options,
          "tracking": lambda v: _one_of(v, TRACKINGS), "players": _players,
          "rounds": lambda v: _whole(v, 1, MAX_ROUNDS), "table_size": lambda v: _whole(v, *TABLE_SIZES),
          "seating": lambda v: _one_of(v, SEATINGS)}


def _problems(fields: dict) -> dict[str, str]:
    """Each field's problem, a field this command does not have an unknown one."""
    found = {}
    for field, check in CHECKS.items():
        if field not in fields:
            if field in REQUIRED:
                found[field] = "Missing data for required field."
            continue
        value = fields[field]
        problem = (None if field == "options" else NULL) if value is None else check(value)
        if problem:
            found[field] = problem
    return {**found, **{str(field): "Unknown field." for field in fields if field not in CHECKS}}


def create_tournament(group_id: str, token: str | None, fields: dict) -> CreateTournament:
    """The evening's command; `Malformed` (400) naming its first field that is wrong (in the fields' order)."""
    problems = _problems(fields)
    if problems:
        field, problem = min(problems.items())
        if field in NAMES_SAID:  # the names a person types: said in her language
            said = {"most": NAME_MOST, "count": MAX_PLAYERS} if field == "players" else {"most": EVENING_NAME_MOST}
            raise Malformed(NAMES_SAID[field], **said)
        raise Malformed(N_("`%(field)s`: %(problem)s"), field=field, problem=problem)
    names = [readable_name(name) for name in fields["players"]]  # zero-width characters dropped: "Ana\u200b" is Ana
    if any(not name for name in names):
        raise Malformed(NAMES_SAID["players"], most=NAME_MOST, count=MAX_PLAYERS)
    for text in (fields["name"], *names):
        if control_character(text):
            raise Malformed(N_("%(value)s holds %(char)s, a control character: a name is for reading"),
                            value=repr(text), char=control_character(text))
    for field, text in (("name", fields["name"]), *(("players", name) for name in names)):
        if bidi_control(text):
            raise Malformed(BIDI_IN, field=field, char=bidi_control(text))
    return CreateTournament(group_id, token, readable_name(fields["name"]), fields["game"], tuple(names),
                            fields["rounds"], fields["table_size"], fields.get("seating", "random"),
                            fields.get("options"), fields.get("tracking", "full"))


def player(given: str) -> str:
    """A late arrival's name, read as a tournament's players are."""
    name = readable_name(given)
    if not name:
        raise Malformed(N_("`name`: a player's name cannot be blank"))
    if len(name) > NAME_MOST:
        raise Malformed(N_("`name`: a name has at most %(most)s characters"), most=NAME_MOST)
    if control_character(name):
        raise Malformed(N_("%(value)s holds %(char)s, a control character: a name is for reading"), value=repr(name),
                        char=control_character(name))
    if bidi_control(name):
        raise Malformed(BIDI_IN, field="name", char=bidi_control(name))
    return name


SWAP = N_('a swap names two different players of the round: {"players": ["Ana", "Ben"]}')


def swap(players: object) -> tuple[str, str]:
    """A swap's two different players of the round."""
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) and p.strip() for p in players) \
            or players[0] == players[1]:
        raise Malformed(SWAP)
    return players[0], players[1]
