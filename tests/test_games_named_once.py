"""A game is named in its own package, its own templates and the registry: everything else asks what it does."""

from __future__ import annotations

import re
from pathlib import Path

from referee import games

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("standings", "quick_start")  # every game's own templates (options.html is optional)


def _named(text: str, names: tuple[str, ...] = games.NAMES) -> list[str]:
    """The lines that write a game's name as a value: quoted, compared, or a part of a path (`"gin/knock"`, a
    route or an address ending `/rami"`), as a table of shapes keyed by `<game>/<judge>` would."""
    names = "|".join(map(re.escape, names))
    found = re.compile(rf"\"({names})\"|'({names})'|== *\"({names})|[\"'/]({names})/|/({names})[\"'?#]")
    return [line for line in text.splitlines() if found.search(line)]


def test_the_check_sees_a_name_quoted_compared_or_in_a_path():
    lines = ['game = "gin"', "if name == \"rami\":", 'SHAPES = {"gin/knock": KnockSchema}',
             'url = f"{PREFIX}/continental/exit"', 'link = "/api/v1/referee/gin"', 'of = "rami-like"',
             "a Gin knock, played at Rami"]
    assert _named("\n".join(lines)) == lines[:5]


def test_no_module_or_template_outside_a_game_names_one():
    assert {"continental", "rami", "gin"} <= set(games.NAMES)  # every game's name is looked for, Gin's too
    allowed = [ROOT / "referee" / "games.py", *(ROOT / "referee" / g.name for g in games.ALL),
               *(ROOT / "templates" / "games" / g.name for g in games.ALL)]
    named = {}
    for folder in ("api", "events", "referee", "templates"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".html", ".js") or any(path.is_relative_to(a) for a in allowed):
                continue
            lines = _named(path.read_text(encoding="utf-8"))
            if lines:
                named[str(path.relative_to(ROOT))] = lines
    assert named == {}


def test_every_game_has_its_own_templates():
    for game in games.ALL:
        for part in PARTS:
            assert (ROOT / "templates" / game.template(part)).is_file(), (game.name, part)


# Tests that name every game, or every judge, by what they test: the registry's list and the judges' API.
ALL_GAMES_TESTS = ("tests/test_games_named_once.py", "tests/referee/test_games.py", "tests/api/test_tables_create.py",
                   "tests/referee/test_referee_http.py")


def test_gin_s_tests_are_in_its_own_folder():
    """Issue 31: everything Gin is in referee/gin/, templates/games/gin/, tests/gin/ and the registry. Its golden
    cases stay with the others' (tests/golden/, tests/test_golden_gin.py); no other test names it."""
    allowed = [ROOT / "tests" / "gin", ROOT / "tests" / "golden", ROOT / "tests" / "test_golden_gin.py",
               *(ROOT / p for p in ALL_GAMES_TESTS)]
    named = {}
    for path in (ROOT / "tests").rglob("*"):
        if path.suffix not in (".py", ".html", ".js") or any(path.is_relative_to(a) for a in allowed):
            continue
        lines = _named(path.read_text(encoding="utf-8"), ("gin",))
        if lines:
            named[str(path.relative_to(ROOT))] = lines
    assert named == {}


def test_a_shared_template_includes_no_game_s_own_by_its_path():
    """A game's own templates are reached through the Game (`game.template(part)`), never by a path that names a
    game's folder: `games/` followed by a name or a string's end."""
    written = re.compile(r"[\"']games/")
    found = {str(path.relative_to(ROOT)): [line for line in path.read_text(encoding="utf-8").splitlines()
                                           if written.search(line)]
             for path in (ROOT / "templates").rglob("*.html")}
    assert {path: lines for path, lines in found.items() if lines} == {}
