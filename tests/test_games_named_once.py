"""A game is named in its own package, its own templates and the registry: everything else asks what it does."""

from __future__ import annotations

import re
from pathlib import Path

from referee import games

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("standings", "quick_start")  # every game's own templates (options.html is optional)


def _named(text: str) -> list[str]:
    names = "|".join(map(re.escape, games.NAMES))
    found = re.compile(rf"\"({names})\"|'({names})'|== *\"({names})")
    return [line for line in text.splitlines() if found.search(line)]


def test_no_module_or_template_outside_a_game_names_one():
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
