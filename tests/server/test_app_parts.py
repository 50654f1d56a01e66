"""The app factory's list of parts: each one is there and registers itself; a missing one stops start-up."""

import importlib

import pytest

import api


def test_every_part_exists_and_has_init_app():
    for name in api.PARTS:
        assert callable(importlib.import_module(name).init_app), name


def test_a_missing_part_fails_at_start_up(monkeypatch):
    monkeypatch.setattr(api, "PARTS", api.PARTS + ("api.web.no_such_part",))
    with pytest.raises(ModuleNotFoundError, match="api.web.no_such_part"):
        api.create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})


def test_a_part_whose_own_import_fails_is_not_hidden(monkeypatch, tmp_path):
    (tmp_path / "broken_part.py").write_text("import no_such_module_either\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(api, "PARTS", api.PARTS + ("broken_part",))
    with pytest.raises(ModuleNotFoundError, match="no_such_module_either"):
        api.create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
