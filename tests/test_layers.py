"""The shape of the code: what each layer may import (docs/ARCHITECTURE.md, "Layers")."""

from __future__ import annotations

import ast
from pathlib import Path

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
# it reads no request and no app, so it imports neither Flask nor what is built on it. It reads requests'
# bodies with the JSON API's schemas (marshmallow, no Flask).
HOSTS = ("flask", "werkzeug", "flask_babel", "flask_limiter", "api.shell", "api.web", "events.db")


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


def test_the_flask_check_sees_a_lazy_import():
    tree = ast.parse("import json\ndef f():\n    from flask import current_app\n    import events.db\n")
    assert set(filter(hosted, imports_of(tree))) == {"flask", "events.db"}
