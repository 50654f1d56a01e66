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
