"""Every game is one declared thing: listed once, with what the rest of the app asks of it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from referee import games, log
from referee.game import SCORINGS, Game
from referee.violations import Malformed

ROOT = Path(__file__).resolve().parents[2]
RULES = ("start", "apply", "clone", "view", "due", "actor", "normalise_options")
FEATURES = {"clock", "knock", "pickup", "table_melds", "upcard"}


@pytest.mark.parametrize("game", games.ALL, ids=lambda g: g.name)
def test_a_game_declares_its_fold_and_what_the_pages_ask(game: Game):
    assert importlib.import_module(f"referee.{game.name}.game").GAME is game  # its own package declares it
    assert all(callable(getattr(game.rules, name)) for name in RULES)
    assert game.scoring in SCORINGS and game.seats.start >= 2 and game.features <= FEATURES
    assert game.entry_types and not set(game.entry_types) & {"create", "void", "replace"}
    assert game.stats.FIGURES and set(game.stats.BY_RULE) <= set(game.stats.FIGURES)
    assert games.get(game.name) is game and game.name in games.NAMES


def test_an_unknown_game_is_refused_as_the_log_names_it():
    for name in ("chess", None, ["rami"]):
        with pytest.raises(Malformed):
            games.get(name)


def test_an_unknown_games_message_lists_every_game_the_registry_holds(monkeypatch):
    """The message reads the registry: a game added there is named in it, with no message to edit."""
    assert str(pytest.raises(Malformed, games.get, "chess").value) == "unknown game 'chess': continental, rami or gin"
    monkeypatch.setattr(games, "NAMES", (*games.NAMES, "belote"))
    assert str(pytest.raises(Malformed, games.get, "chess").value) == \
        "unknown game 'chess': continental, rami, gin or belote"


def test_a_descriptor_refuses_a_scoring_it_does_not_know():
    with pytest.raises(ValueError):
        Game("x", "X", "X", range(2, 3), "goals", 0, ("move",), games.DEFAULT.rules, games.DEFAULT.stats)


def test_the_log_reads_the_game_entry_one_names():
    create = log.Entry(1, "create", None, None, {"game": games.ALL[-1].name, "players": ["A", "B", "C", "D"]})
    assert log.game_of([create]) is games.ALL[-1]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module} | \
        {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}


def test_an_entry_and_its_corrections_know_no_game():
    assert not {name for name in _imports(ROOT / "referee" / "entry.py") if name.startswith("referee.")} - {
        "referee.violations"}


def test_a_game_package_imports_no_other_game_nor_the_log():
    for game in games.ALL:
        for path in (ROOT / "referee" / game.name).glob("*.py"):
            imported = _imports(path)
            others = {f"referee.{g.name}" for g in games.ALL if g is not game}
            assert not {m for m in imported if m in ("referee.log", "referee.games") or
                        any(m == o or m.startswith(o + ".") for o in others)}, path
