"""The shape of the code: what each layer may import (docs/ARCHITECTURE.md, "Layers")."""

from __future__ import annotations

import ast
from pathlib import Path

from referee import games

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("api", "events", "referee")
PUBLIC_UNDERSCORED = {"_fields", "_asdict", "_replace", "_make"}  # a namedtuple's own methods


def modules(*folders: str):
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT), ast.parse(path.read_text(encoding="utf-8"))


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in PUBLIC_UNDERSCORED


def private_uses(tree: ast.AST) -> list[str]:
    """`from x import _y`, and `x._y` where `x` is a module (or a name) imported from this project."""
    found, imported = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] in PACKAGES:
            for alias in node.names:
                if private(alias.name):
                    found.append(f"line {node.lineno}: from {node.module} import {alias.name}")
                imported.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            imported.update(a.asname or a.name.split(".")[0] for a in node.names if a.name.split(".")[0] in PACKAGES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported \
                and private(node.attr):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names():
    found = {str(path): uses for path, tree in modules(*PACKAGES) if (uses := private_uses(tree))}
    assert found == {}, "give the name a public one in the module it belongs to, or move it"


def test_the_check_sees_a_private_import_and_a_private_attribute():
    tree = ast.parse("from api.application.service import _record\nfrom api.application import replays\n"
                     "replays._seal(b'')\nrow._asdict()\n")
    assert private_uses(tree) == ["line 1: from api.application.service import _record", "line 3: replays._seal"]


def imported_modules(name: str, tree: ast.AST, known: set[str]) -> set[str]:
    """The project modules `name` imports, at its top or inside a function (a lazy import still closes a circle)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                      for a in node.names}
    return {module for module in found if module in known and module != name}


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph`, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for other in sorted(graph[module]):
            if state.get(other) == 1:
                return path[path.index(other):] + [other]
            if other not in state and (found := walk(other)):
                return found
        state[module] = 2
        path.pop()
        return None

    for module in sorted(graph):
        if module not in state and (found := walk(module)):
            return found
    return None


def test_no_import_circle_in_the_code():
    """referee, events and api, lazy imports inside functions included: each module imports the others one way."""
    trees = {}
    for path, tree in modules(*PACKAGES):
        parts = path.with_suffix("").parts
        trees[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = tree
    graph = {name: imported_modules(name, tree, set(trees)) for name, tree in trees.items()}
    assert circle(graph) is None


def test_the_circle_check_finds_one():
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    tree = ast.parse("from events.store import statements\ndef f():\n    from events import groups\n")
    assert imported_modules("x", tree, {"events.store.statements", "events.groups"}) == {
        "events.store.statements", "events.groups"}


# The application layer is given the store, the clock, the secret and the caches (api/application/context.py):
# it reads no request and no app, so it imports neither Flask nor what is built on it. It reads no body either:
# the JSON API (its marshmallow schemas) and the pages turn theirs into commands (api/application/commands.py).
HOSTS = ("flask", "werkzeug", "flask_babel", "flask_limiter", "marshmallow", "api.rest", "api.shell", "api.web",
         "events.db")


def hosted(module: str) -> bool:
    return any(module == host or module.startswith(host + ".") for host in HOSTS)


def imports_of(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_the_application_layer_imports_no_flask():
    found = {str(path): sorted(filter(hosted, imports_of(tree))) for path, tree in modules("api/application")}
    assert {path: hosts for path, hosts in found.items() if hosts} == {}


# The pages read their own forms into the application's commands (api/application/*_in.py check what a command
# holds, for both edges): no page borrows the JSON API's readers or schemas.
def test_the_pages_import_nothing_from_the_json_api():
    found = {str(path): sorted(m for m in imports_of(tree) if m == "api.rest" or m.startswith("api.rest."))
             for path, tree in modules("api/web")}
    assert {path: rest for path, rest in found.items() if rest} == {}


def test_the_check_sees_a_schema_import_and_marshmallow():
    tree = ast.parse("from api.rest.schemas.tables import read_entry\nimport api.rest\ndef f():\n"
                     "    from marshmallow import ValidationError\n")
    assert set(filter(hosted, imports_of(tree))) == {"api.rest.schemas.tables", "api.rest", "marshmallow"}
    assert not hosted("api.restful") and not hosted("api.application.commands")


def test_the_flask_check_sees_a_lazy_import():
    tree = ast.parse("import json\ndef f():\n    from flask import current_app\n    import events.db\n")
    assert set(filter(hosted, imports_of(tree))) == {"flask", "events.db"}


# A game is one declared thing (referee/game.py): outside `referee/` the code asks the registry for its `Game` and
# the `Game` for what it does (its rules, judges, quick score, templates), never imports the game's package. The
# tests and the benchmarks of a game's own judge and solver reach inside it, as they measure it.
GAME_PACKAGES = tuple(f"referee.{game.name}" for game in games.ALL)
INSIDE = ("referee", "tests", "bench")  # the folders that may import a game's package


def game_packages_imported(tree: ast.AST) -> list[str]:
    """The game packages (`referee.<game>` of the registry, or a module in one) a module imports, lazily too."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        hits = [n for n in names if any(n == package or n.startswith(package + ".") for package in GAME_PACKAGES)]
        if hits:
            found.append(f"line {node.lineno}: {hits[0]}")
    return found


def code_folders() -> list[str]:
    """The repository's folders that hold Python code (not the virtualenv's, nor node's)."""
    return sorted(path.name for path in ROOT.iterdir() if path.is_dir() and not path.name.startswith(".")
                  and path.name != "node_modules" and any(path.rglob("*.py")))


def test_no_module_outside_the_referee_imports_a_games_package():
    outside = [folder for folder in code_folders() if folder not in INSIDE]
    assert {"api", "events"} <= set(outside)
    found = {str(path): hits for path, tree in modules(*outside) if (hits := game_packages_imported(tree))}
    assert found == {}, "ask referee.games for the Game, and the Game for what the module needs"


def test_the_game_package_check_sees_every_way_to_import_one():
    tree = ast.parse("from referee.continental.exit import judge_exit\nfrom referee import rami\n"
                     "from referee import games, log\ndef f():\n    import referee.rami.table\n")
    assert game_packages_imported(tree) == ["line 1: referee.continental.exit", "line 2: referee.rami",
                                            "line 5: referee.rami.table"]


# The store and the records beside its log reach the application through its context (api/application/context.py,
# `context.current().store`, `.groups`, `.tournaments`, ...), which api/shell/context.py builds: no page and no
# shell module asks events/db.py for them.
GETTERS = {"get_store", "get_records"}
BUILDING = {"events/db.py", "api/shell/context.py"}


def getter_uses(tree: ast.AST) -> list[str]:
    """Each import, call or mention of events/db.py's getters (`get_store`, `get_records`), by line."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [f"line {node.lineno}: from {node.module} import {a.name}" for a in node.names if a.name in GETTERS]
        elif isinstance(node, ast.Name) and node.id in GETTERS:
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in GETTERS:
            found.append(f"line {node.lineno}: .{node.attr}")
    return sorted(found, key=lambda text: int(text.split(":")[0].split()[1]))


def test_only_the_context_asks_for_the_store():
    found = {str(path): uses for path, tree in modules(*PACKAGES) if str(path) not in BUILDING
             and (uses := getter_uses(tree))}
    assert found == {}, "ask `api.application.context.current()` for the store or the records beside the log"


def test_the_store_check_sees_a_use():
    tree = ast.parse("from events.db import get_store\ndef f():\n    return get_store().engine\n"
                     "import events.db as db\ndb.get_records()\n")
    assert getter_uses(tree) == ["line 1: from events.db import get_store", "line 3: get_store", "line 5: .get_records"]


# Templates ask a view model, never the log: what a page says of a table's entries beyond their fields (the card a
# draw took from the pile, an exit that was only an attempt, a meld's number) is worked out by the page's view
# (`api.web.table.facts.told`: the template's `table.told`), not by a template global that reads the log.
LOG_READING_GLOBALS = {"pile_card", "is_attempt", "meld_no", "tournament_at"}


def test_no_template_global_reads_a_tables_log():
    from api import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    assert LOG_READING_GLOBALS & set(app.jinja_env.globals) == set()
